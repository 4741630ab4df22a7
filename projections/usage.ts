import { usageStream, type UsageEvent } from '../domain/usage/requests.js';
import type { StoredEvent } from '../infra/eventstore/types.js';
import type { Queryable } from '../infra/sql/sql.js';
import type { Projection } from './projection.js';

// Requests per key per month and per day, from the counts each API process flushes (application/usage.ts).
export const usageProjection: Projection<UsageEvent> = {
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
    {
      id: 'usage-002',
      sql: `create table usage_days (
              key_id text not null,
              account_id text not null,
              day date not null,
              requests bigint not null,
              last_counted_at timestamptz not null,
              primary key (key_id, day)
            );
            create index usage_days_account on usage_days (account_id, day)`,
    },
  ],
  readsByKeyOnly: true,
  tables: ['usage', 'usage_days'],
  streams: [usageStream],
  async forget(tx, accountId) {
    await tx.query('delete from usage where account_id = $1', [accountId]);
    await tx.query('delete from usage_days where account_id = $1', [accountId]);
  },
  async apply(tx, event, accountId) {
    await applyUsage(tx, [{ event, id: accountId }]);
  },
  // A page's counts are summed per key and month and per key and day first: two upserts whatever its size.
  applyMany: (tx, events) => applyUsage(tx, events),
};

interface Count {
  key_id: string;
  /** The account of the key's first count: the one a row is inserted with (an upsert keeps it). */
  account_id: string;
  requests: number;
}

async function applyUsage(
  tx: Queryable,
  events: readonly { event: StoredEvent<UsageEvent>; id: string }[],
): Promise<void> {
  const months = new Map<string, Count & { period: string }>();
  const days = new Map<string, Count & { day: string; last_counted_at: Date }>();
  for (const { event, id: accountId } of events) {
    const { data } = event;
    const day = data.day ?? event.created.toISOString().slice(0, 10);
    const month = months.get(`${data.key_id}\u0000${data.period}`);
    if (month) month.requests += data.count;
    else
      months.set(`${data.key_id}\u0000${data.period}`, {
        key_id: data.key_id,
        account_id: accountId,
        period: data.period,
        requests: data.count,
      });
    const counted = days.get(`${data.key_id}\u0000${day}`);
    if (!counted)
      days.set(`${data.key_id}\u0000${day}`, {
        key_id: data.key_id,
        account_id: accountId,
        day,
        requests: data.count,
        last_counted_at: event.created,
      });
    else {
      counted.requests += data.count;
      if (event.created > counted.last_counted_at) counted.last_counted_at = event.created;
    }
  }
  if (months.size === 0) return;
  const m = [...months.values()];
  await tx.query(
    `insert into usage (key_id, account_id, period, requests)
     select * from unnest($1::text[], $2::text[], $3::text[], $4::bigint[])
     on conflict (key_id, period) do update set requests = usage.requests + excluded.requests`,
    [m.map((r) => r.key_id), m.map((r) => r.account_id), m.map((r) => r.period), m.map((r) => r.requests)],
  );
  const d = [...days.values()];
  await tx.query(
    `insert into usage_days (key_id, account_id, day, requests, last_counted_at)
     select * from unnest($1::text[], $2::text[], $3::date[], $4::bigint[], $5::timestamptz[])
     on conflict (key_id, day) do update
       set requests = usage_days.requests + excluded.requests,
           last_counted_at = greatest(usage_days.last_counted_at, excluded.last_counted_at)`,
    [
      d.map((r) => r.key_id),
      d.map((r) => r.account_id),
      d.map((r) => r.day),
      d.map((r) => r.requests),
      d.map((r) => r.last_counted_at.toISOString()),
    ],
  );
}

/** Requests per UTC day of an account's keys, from `from` (YYYY-MM-DD) on; days without calls are absent. */
export const callsPerDay = (db: Queryable, accountId: string, from: string) =>
  db.query<{ day: string; requests: string }>(
    `select to_char(day, 'YYYY-MM-DD') as day, sum(requests)::text as requests from usage_days
      where account_id = $1 and day >= $2::date group by day order by day`,
    [accountId, from],
  );

/** When each of an account's keys was last counted (within the flush interval of its last call). */
export const lastUsed = (db: Queryable, accountId: string) =>
  db.query<{ key_id: string; last_used_at: Date }>(
    'select key_id, max(last_counted_at) as last_used_at from usage_days where account_id = $1 group by key_id',
    [accountId],
  );

/** Whether a key was ever counted. */
export const everUsed = async (db: Queryable, keyId: string): Promise<boolean> =>
  (await db.query('select 1 from usage where key_id = $1 limit 1', [keyId])).length > 0;

export const usageFor = (db: Queryable, accountId: string, period: string) =>
  db.query<{ key_id: string; requests: string }>(
    'select key_id, requests from usage where account_id = $1 and period = $2 order by key_id',
    [accountId, period],
  );

/** A key's requests counted in a period (`YYYY-MM`): where its monthly quota starts in a new process. */
export async function monthRequests(db: Queryable, keyId: string, period: string): Promise<number> {
  const [row] = await db.query<{ requests: string }>(
    'select requests::text as requests from usage where key_id = $1 and period = $2',
    [keyId, period],
  );
  return Number(row?.requests ?? 0);
}
