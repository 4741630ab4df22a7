// A rebuild sends a projection's writes to the tables it builds beside the live ones by the search path alone
// (projections/rebuild.ts): a projection whose SQL named a schema, or a table of another read model, would write the
// live tables during a rebuild, and nothing else would notice. So every read model the service keeps replays a
// history holding every event type it reads, alone in a schema that holds nothing but its own tables, with nothing
// else on its search path: an unqualified table of another read model does not exist there, and a table reached by
// a schema-qualified name shows in the transaction's statistics (pg_stat_xact_user_tables) and fails it.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore } from '../../infra/eventstore/types.js';
import { createLogger } from '../../infra/logger.js';
import { scopedSql } from '../../infra/sql/scoped.js';
import { identifier, type Queryable, type Sql } from '../../infra/sql/sql.js';
import { allProjections } from '../../projections/index.js';
import type { Projection } from '../../projections/projection.js';
import { ProjectionRunner, projectionMigrations } from '../../projections/runner.js';
import { runsWhere } from '../support/ci.js';
import { everyEvent } from '../support/every-event.js';
import { eventStoreOn, primaryTestDatabase } from '../support/sql.js';

const logger = createLogger('silent');

/**
 * What each table outside `schema` has seen this session, scans and row changes together. The view counts what the
 * backend has not yet reported to the server's statistics, which may include transactions before this one: the
 * difference across one transaction is that transaction's.
 */
async function outside(tx: Queryable, schema: string): Promise<Map<string, string>> {
  const rows = await tx.query<{ name: string; seen: string }>(
    `select schemaname || '.' || relname as name,
            (coalesce(seq_scan, 0) + coalesce(idx_scan, 0) + n_tup_ins + n_tup_upd + n_tup_del)::text as seen
       from pg_stat_xact_user_tables where schemaname <> $1 order by 1`,
    [schema],
  );
  return new Map(rows.map((row) => [row.name, row.seen]));
}

/** The database with nothing but `schema` on every statement's path, and every transaction held to it. */
function alone(sql: Sql, schema: string): Sql {
  return scopedSql(sql, `set local search_path to ${identifier(schema)}`, async (tx, work) => {
    const before = await outside(tx, schema);
    const result = await work();
    const touched = [...(await outside(tx, schema))].filter(([name, seen]) => before.get(name) !== seen);
    if (touched.length > 0)
      throw new Error(`touched tables outside its own: ${touched.map(([name]) => name).join(', ')}`);
    return result;
  });
}

describe.runIf(runsWhere(process.env.DATABASE_URL))("every read model's SQL, alone in a schema of its own", () => {
  const db = eventStoreOn(primaryTestDatabase(), []);
  let live: string;
  beforeAll(async () => {
    [{ live }] = (await db.sql.query<{ live: string }>('select current_schema() as live')) as [{ live: string }];
    for (const { stream, events } of everyEvent(`acct_routing_${randomBytes(4).toString('hex')}`))
      await db.events.append(stream, events);
  });
  const made: string[] = [];
  afterAll(async () => {
    for (const schema of made) await db.sql.exec(`drop schema if exists ${identifier(schema)} cascade`);
  });

  /** Replays the whole feed through `projection` alone; answers how many rows each of its tables holds after. */
  async function replayAlone(projection: Projection, events: EventStore = db.events) {
    const schema = `${live.slice(0, 40)}_alone_${made.length}`;
    made.push(schema);
    await db.sql.exec(`create schema ${identifier(schema)}`);
    const sql = alone(db.sql, schema);
    for (const migration of projectionMigrations([projection])) await sql.exec(migration.sql);
    await new ProjectionRunner({ sql, events, logger }, [projection], { park: false, attempts: 1 }).catchUp();
    const tables = await db.sql.query<{ name: string }>(
      `select table_name as name from information_schema.tables
        where table_schema = $1 and table_name not like 'projection\\_%' order by 1`,
      [schema],
    );
    const rows: Record<string, number> = {};
    for (const { name } of tables) {
      const [row] = await db.sql.query<{ n: string }>(
        `select count(*)::text as n from ${identifier(schema)}.${identifier(name)}`,
      );
      rows[name] = Number(row!.n);
    }
    return rows;
  }

  it('is fed a history holding every event type each one reads', () => {
    const written = new Set(everyEvent('acct').flatMap(({ events }) => events.map((event) => event.type)));
    const missing = allProjections.flatMap((projection) =>
      projection.streams.flatMap((stream) =>
        stream.types.filter((type) => !written.has(type)).map((type) => `${projection.name}: ${type}`),
      ),
    );
    expect(missing).toEqual([]);
  });

  it.each(allProjections.map((projection) => [projection.name, projection] as const))(
    '%s writes its own tables, by unqualified names only',
    async (_name, projection) => {
      const rows = await replayAlone(projection);
      // Its tables are filled: the replay ran its SQL, rather than passing the history by.
      expect(Object.keys(rows).length).toBeGreaterThan(0);
      expect(Object.values(rows).some((n) => n > 0)).toBe(true);
    },
  );

  it('fails a projection that names a live table by its schema, or another read model’s table', async () => {
    // Both exist in the live schema, as they would in a rebuild.
    await db.sql.exec(
      'create table routing_leak (id text primary key); create table balances (account_id text primary key, balance int)',
    );
    const own = {
      migrations: [{ id: 'routing-bad-001', sql: 'create table routing_bad (id text primary key)' }],
      tables: ['routing_bad'],
      streams: allProjections.find((p) => p.name === 'balances')!.streams,
      forget: async () => undefined,
    };
    const qualified: Projection = {
      ...own,
      name: 'routing_qualified',
      async apply(tx, event) {
        await tx.query('insert into routing_bad (id) values ($1) on conflict do nothing', [event.id]);
        await tx.query(`insert into ${identifier(live)}.routing_leak (id) values ($1) on conflict do nothing`, [
          event.id,
        ]);
      },
    };
    const foreign: Projection = {
      ...own,
      name: 'routing_foreign',
      async apply(tx, event, id) {
        await tx.query('insert into routing_bad (id) values ($1) on conflict do nothing', [event.id]);
        await tx.query('update balances set balance = balance where account_id = $1', [id]);
      },
    };
    await expect(replayAlone(qualified)).rejects.toThrow(
      new RegExp(`touched tables outside its own: ${live}\\.routing_leak`),
    );
    await expect(replayAlone(foreign)).rejects.toThrow(/relation "balances" does not exist/);
    // What the qualified one wrote outside was rolled back with its transaction.
    expect(await db.sql.query('select id from routing_leak')).toEqual([]);
  });
});
