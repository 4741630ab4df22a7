// An append on a long-lived connection must not read the whole event table. PL/pgSQL caches a generic plan per
// session; one made while es_events was nearly empty seq-scanned it for the event-id check on every later append,
// and without autovacuum nothing ever made it plan again (25 ms an append at 200,000 events).
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventStoreMigrations, postgresEventStore } from '../../infra/eventstore/postgres.js';
import { migrate } from '../../infra/sql/migrate.js';
import { dropSchema, openPostgres } from '../../infra/sql/postgres.js';
import type { Sql } from '../../infra/sql/sql.js';
import { runsWhere } from '../support/ci.js';

const url = process.env.DATABASE_URL;

// PostgreSQL's own statistics views count the scans; under CI a missing DATABASE_URL fails the suite.
describe.runIf(runsWhere(url))('es_append plans (postgres)', () => {
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

  /** Sequential scans of es_events counted so far, this session's own included. */
  const seqScans = async () => {
    await sql.query('select pg_stat_force_next_flush()');
    await sql.query('select pg_stat_clear_snapshot()');
    const [row] = await sql.query<{ n: string }>(
      `select seq_scan::text as n from pg_stat_user_tables where schemaname = $1 and relname = 'es_events'`,
      [schema],
    );
    return Number(row!.n);
  };

  it('uses the event-id index once the table has grown, in a session that appended while it was empty', async () => {
    const store = postgresEventStore(sql);
    // More than five calls: PL/pgSQL settles on its generic plan while the table holds a handful of rows.
    for (let i = 0; i < 12; i += 1) await store.append(`early-${randomUUID()}`, [{ type: 'E', data: { i } }]);
    await sql.query(
      `insert into es_events (stream_id, revision, event_id, type, data, metadata)
       select 'bulk-' || (n / 100), n % 100, gen_random_uuid(), 'E', '{}', '{}' from generate_series(0, 59999) n`,
    );
    const before = await seqScans();
    for (let i = 0; i < 10; i += 1) await store.append(`late-${randomUUID()}`, [{ type: 'E', data: { i } }]);
    // A retried append (the same ids) is still found and answered where it landed.
    const id = randomUUID();
    const stream = `retried-${randomUUID()}`;
    const first = await store.append(stream, [{ id, type: 'E', data: {} }]);
    expect(await store.append(stream, [{ id, type: 'E', data: {} }])).toEqual(first);
    expect((await seqScans()) - before).toBe(0);
  });
});
