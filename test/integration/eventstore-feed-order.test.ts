// The global feed is ordered by transaction id as a number (xid8), then position: never by their text. A feed
// sorted as text put transaction 10 before transaction 9, so a page ending on 9 was followed by 10's events again
// (a projection applying them twice), and the planner could not walk the feed's index (a sort of the whole table
// on every page: 6,600 events a second at a million events instead of 200,000).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventStoreMigrations } from '../../infra/eventstore/postgres-migrations.js';
import { postgresEventStore } from '../../infra/eventstore/postgres.js';
import { migrate } from '../../infra/sql/migrate.js';
import type { Sql } from '../../infra/sql/sql.js';
import { testDatabases } from '../support/sql.js';

describe.each(testDatabases())('the feed order ($name)', (database) => {
  let sql: Sql;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const opened = await database.open();
    ({ sql, close } = opened);
    await migrate(sql, eventStoreMigrations);
  });
  afterAll(async () => close());

  it('follows transaction ids as numbers across a digit boundary, page after page', async () => {
    // Rows as two old transactions left them (ids long committed, far below the fence): 9 wrote two events, 10 one.
    const stream = `feed-order-${randomUUID()}`;
    const insert = (tx: string, revision: number) =>
      sql.query(
        `insert into es_events (tx_id, stream_id, revision, event_id, type, data, metadata) values ($1::xid8, $2, $3, $4, 'E', '{}', '{}')`,
        [tx, stream, revision, randomUUID()],
      );
    await insert('9', 0);
    await insert('9', 1);
    await insert('10', 2);
    const store = postgresEventStore(sql);
    const ours = async (after: Parameters<typeof store.readAll>[0]) =>
      (await store.readAll(after)).filter((e) => e.stream === stream);
    expect((await ours({ after: null, maxCount: 100_000 })).map((e) => e.revision)).toEqual([0, 1, 2]);
    // Page by page from the start: each event once, in order.
    const seen: number[] = [];
    for (let after = null as Awaited<ReturnType<typeof store.readAll>>[number]['position'] | null; ;) {
      const page = await store.readAll({ after, maxCount: 1 });
      if (page.length === 0) break;
      seen.push(...page.filter((e) => e.stream === stream).map((e) => e.revision));
      after = page[page.length - 1]!.position;
      if (seen.length === 3 && page[0]!.position.hi > 10n) break;
    }
    expect(seen).toEqual([0, 1, 2]);
  });
});
