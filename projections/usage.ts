import type { Queryable } from '../infra/sql/sql.js';
import type { Projection } from './runner.js';

export interface RequestsCounted {
  key_id: string;
  period: string;
  count: number;
}

// Requests per key per month, from the counts each API process flushes (infra/usage.ts).
export const usageProjection: Projection = {
  name: 'usage',
  migrations: [
    {
      id: 'usage-001',
      sql: `create table usage (
              key_id text not null,
              account_id text not null,
              period text not null,
              requests bigint not null,
              primary key (key_id, period)
            )`,
    },
  ],
  tables: ['usage'],
  eventTypes: ['RequestsCounted'],
  async apply(tx, event) {
    const data = event.data as RequestsCounted;
    await tx.query(
      `insert into usage (key_id, account_id, period, requests) values ($1, $2, $3, $4)
       on conflict (key_id, period) do update set requests = usage.requests + excluded.requests`,
      [data.key_id, event.stream.slice('usage-'.length), data.period, data.count],
    );
  },
};

export const usageFor = (db: Queryable, accountId: string, period: string) =>
  db.query<{ key_id: string; requests: string }>(
    'select key_id, requests from usage where account_id = $1 and period = $2 order by key_id',
    [accountId, period],
  );
