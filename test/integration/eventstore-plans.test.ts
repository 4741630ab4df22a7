// An append on a long-lived connection must not read a whole table. PL/pgSQL caches a generic plan per session;
// one made while es_events was nearly empty seq-scanned it for an event-id check on every later append, and
// without autovacuum nothing ever made it plan again (25 ms an append at 200,000 events). es_append now looks
// rows up by key only, with sequential scans ruled out, so the plan it caches uses the keys' indexes.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventStoreMigrations } from '../../infra/eventstore/postgres-migrations.js';
import { postgresEventStore } from '../../infra/eventstore/postgres.js';
import { WrongExpectedRevisionError } from '../../infra/eventstore/types.js';
import { migrate } from '../../infra/sql/migrate.js';
import { dropSchema, openPostgres } from '../../infra/sql/postgres.js';
import type { Sql } from '../../infra/sql/sql.js';
import { runsWhere } from '../support/ci.js';

const url = process.env.DATABASE_URL;

// PostgreSQL's own statistics views count the scans; under CI a missing DATABASE_URL fails the suite.
describe.runIf(runsWhere(url))('es_append by key (postgres)', () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  let sql: Sql;
  beforeAll(async () => {
    // One connection: every append below runs in the session whose plans were cached on the empty table.
    sql = await openPostgres({ connectionString: url!, schema, max: 1 });
    await migrate(sql, eventStoreMigrations);
  });
  afterAll(async () => {
    await sql.close();
    await dropSchema(url!, schema);
  });

  /** Sequential scans of the event store's tables counted so far, this session's own included. */
  const seqScans = async () => {
    await sql.query('select pg_stat_force_next_flush()');
    await sql.query('select pg_stat_clear_snapshot()');
    const [row] = await sql.query<{ n: string }>(
      `select sum(seq_scan)::text as n from pg_stat_user_tables where schemaname = $1 and relname in ('es_events', 'es_streams')`,
      [schema],
    );
    return Number(row!.n);
  };

  it('scans no table once they have grown, in a session that appended while they were empty', async () => {
    const store = postgresEventStore(sql);
    // More than five calls of each kind of expected revision: PL/pgSQL settles on its generic plans while the
    // tables hold a handful of rows, analyzed so (as autovacuum would have them).
    const early = `early-${randomUUID()}`;
    for (let i = 0; i < 12; i += 1) {
      await store.append(`early-${randomUUID()}`, [{ type: 'E', data: { i } }]);
      await store.append(early, [{ type: 'E', data: { i } }], { expectedRevision: i === 0 ? 'no_stream' : i - 1 });
    }
    await sql.exec('analyze es_events; analyze es_streams');
    for (let i = 12; i < 24; i += 1)
      await store.append(early, [{ type: 'E', data: { i } }], { expectedRevision: i - 1 });
    await sql.query(
      `insert into es_events (stream_id, revision, event_id, type, data, metadata)
       select 'bulk-' || (n / 100), n % 100, gen_random_uuid(), 'E', '{}', '{}' from generate_series(0, 59999) n`,
    );
    await sql.query(
      `insert into es_streams (stream_id, revision) select 'bulk-' || n, 99 from generate_series(0, 599) n`,
    );
    const before = await seqScans();
    for (let i = 0; i < 10; i += 1) {
      await store.append(`late-${randomUUID()}`, [{ type: 'E', data: { i } }]);
      await store.append(early, [{ type: 'E', data: { i } }], { expectedRevision: 24 + i - 1 });
    }
    await store.append('bulk-7', [{ type: 'E', data: {} }], { expectedRevision: 99 });
    await store.append('bulk-8', [{ type: 'E', data: {} }], { expectedRevision: 'stream_exists' });
    // A retried append (the same ids) is still found and answered where it landed, with its expected revision
    // now stale as with none.
    const id = randomUUID();
    const stream = `retried-${randomUUID()}`;
    const first = await store.append(stream, [{ id, type: 'E', data: {} }], { expectedRevision: 'no_stream' });
    expect(await store.append(stream, [{ id, type: 'E', data: {} }], { expectedRevision: 'no_stream' })).toEqual(first);
    expect(await store.append(stream, [{ id, type: 'E', data: {} }])).toEqual(first);
    expect((await seqScans()) - before).toBe(0);
  });

  it('refuses ids used again, in another stream or beside new ones, and stores nothing of that append', async () => {
    const store = postgresEventStore(sql);
    const id = randomUUID();
    const stream = `used-${randomUUID()}`;
    await store.append(stream, [{ id, type: 'E', data: {} }]);
    const other = `other-${randomUUID()}`;
    await expect(store.append(other, [{ id, type: 'E', data: {} }])).rejects.toThrow(/already used/);
    await expect(
      store.append(
        stream,
        [
          { id, type: 'E', data: {} },
          { type: 'E', data: {} },
        ],
        { expectedRevision: 0 },
      ),
    ).rejects.toThrow(/already used/);
    expect(await store.readStream(other)).toEqual([]);
    expect((await store.readStream(stream)).map((event) => event.id)).toEqual([id]);
    // A stale expected revision is what it is told, not the ids.
    await expect(
      store.append(
        stream,
        [
          { id, type: 'E', data: {} },
          { type: 'E', data: {} },
        ],
        { expectedRevision: 'no_stream' },
      ),
    ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
  });
});
