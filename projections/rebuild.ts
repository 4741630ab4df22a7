// Rebuilds that cannot lose the service (docs/architecture.md#the-read-side): the chosen read models are replayed into tables of their
// own beside the live ones, in a schema of their own (the projections' SQL is unqualified, so a search path that
// puts that schema first sends every write there; test/integration/rebuild-routing.test.ts replays every read model
// alone in a schema of its own and fails one that names a schema or another's table), while the service goes on
// answering from the live tables. Only when the new tables have caught up with the feed are they swapped in, in one
// transaction. A rebuild that fails (an event it cannot apply) or is killed leaves the live read models exactly as
// they were, their parked events included: the events the rebuild parks are merged into the live ones at the swap.
import type { EventStore } from '../infra/eventstore/types.js';
import type { Logger } from '../infra/logger.js';
import { scopedSql } from '../infra/sql/scoped.js';
import { identifier, type Queryable, type Sql } from '../infra/sql/sql.js';
import { adoptCheckpoints, ensureCheckpoints, readCheckpoints } from './checkpoints.js';
import type { Projection } from './projection.js';
import { ProjectionRunner, projectionMigrations } from './runner.js';

export interface RebuildDeps {
  sql: Sql;
  events: EventStore;
  logger: Logger;
}

async function schemas(sql: Sql): Promise<{ live: string; path: string; building: string; retired: string }> {
  const [row] = await sql.query<{ schema: string; path: string }>(
    `select current_schema() as schema, current_setting('search_path') as path`,
  );
  const live = row!.schema;
  return { live, path: row!.path, building: `${live.slice(0, 50)}_rebuild`, retired: `${live.slice(0, 50)}_retired` };
}

/**
 * Rebuilds `projections` beside the live tables and swaps them in. `afterBuild` runs between the build and the
 * swap (tests use it to write meanwhile, or to die there).
 */
export async function rebuild(
  deps: RebuildDeps,
  projections: readonly Projection[],
  /**
   * `batchSize`: events a page of the replay holds (default 75,000: a page costs each read model a transaction and
   * a write of each entity it touches, whatever its size, so an entity whose events span pages is written again;
   * two pages are in memory at once, 600 to 680 MB at the peak over the bench's mix since they are read in pieces
   * (ProjectionRunner.readPage), 750 MB with pages of 100,000, which measured no cheaper; `--page-size` trades
   * speed for memory on a smaller machine).
   */
  options: { batchSize?: number; afterBuild?: () => Promise<void> } = {},
): Promise<{ rebuilt: string[]; seconds: { replay: number; logged: number; swap: number } }> {
  const { live, path, building, retired } = await schemas(deps.sql);
  let seconds = { replay: 0, logged: 0, swap: 0 };
  // What a killed rebuild left is thrown away: it never reached the live tables.
  await deps.sql.exec(`drop schema if exists ${identifier(building)} cascade; create schema ${identifier(building)}`);
  try {
    // A rebuild that dies is thrown away whole, so its commits need not wait for the disk.
    const shadow = scopedSql(
      deps.sql,
      `set local search_path to ${identifier(building)}, ${path}; set local synchronous_commit to off`,
    );
    const tables = projections.flatMap((p) => p.tables);
    const inBuilding = (table: string) => `${identifier(building)}.${identifier(table)}`;
    for (const migration of projectionMigrations(projections.filter((p) => p.tables.length > 0)))
      await shadow.exec(migration.sql);
    for (const carried of carriedOf(projections)) await shareSerial(deps.sql, carried, { live, building });
    // Filled without the write-ahead log (nothing reads them, and a crash throws them away), then logged in one
    // sequential pass each before they go live: cheaper than logging every row and index entry as it is written.
    for (const table of tables) await deps.sql.exec(`alter table ${inBuilding(table)} set unlogged`);
    const later = await deferIndexes(
      deps.sql,
      building,
      projections.filter((p) => p.readsByKeyOnly).flatMap((p) => p.tables),
    );
    const runner = new ProjectionRunner({ ...deps, sql: shadow }, projections, {
      park: false,
      batchSize: options.batchSize ?? 75_000,
    });
    const started = performance.now();
    await runner.catchUp();
    const replayed = performance.now();
    // Logging a table rewrites it and rebuilds its indexes: the deferred ones are built after, once. Each table on a
    // connection of its own, all at once: one after another, the cores the replay kept busy stood idle but one.
    await Promise.all(
      tables.map(async (table) => {
        await deps.sql.exec(`alter table ${inBuilding(table)} set logged`);
        for (const definition of later.get(table) ?? []) await deps.sql.exec(definition);
        await deps.sql.exec(`analyze ${inBuilding(table)}`);
      }),
    );
    // What no event makes is copied while the service goes on; what it writes meanwhile, in the swap.
    for (const carried of carriedOf(projections)) await carry(deps.sql, carried, { live, building });
    const logged = performance.now();
    await options.afterBuild?.();
    await swap(deps.sql, projections, { live, building, retired });
    seconds = {
      replay: (replayed - started) / 1000,
      logged: (logged - replayed) / 1000,
      swap: (performance.now() - logged) / 1000,
    };
    deps.logger.info({ projections: projections.map((p) => p.name), seconds }, 'rebuilt and swapped in');
  } finally {
    await deps.sql.exec(
      `drop schema if exists ${identifier(building)} cascade; drop schema if exists ${identifier(retired)} cascade`,
    );
  }
  return { rebuilt: projections.map((p) => p.name), seconds };
}

/**
 * Drops the indexes of these tables (in the rebuild's schema) that are neither a primary key nor unique, and
 * answers the statements that make them again, by table: they are built after the replay, once, instead of row by row.
 * Unique ones stay, since they check the replay's writes and serve its upserts.
 */
async function deferIndexes(sql: Sql, schema: string, tables: readonly string[]): Promise<Map<string, string[]>> {
  const later = new Map<string, string[]>();
  if (tables.length === 0) return later;
  const indexes = await sql.query<{ name: string; table: string; definition: string }>(
    `select i.relname as name, t.relname as table, pg_get_indexdef(i.oid) as definition
       from pg_index x
       join pg_class i on i.oid = x.indexrelid
       join pg_class t on t.oid = x.indrelid
       join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = $1 and t.relname = any($2::text[]) and not x.indisprimary and not x.indisunique
      order by i.relname`,
    [schema, tables],
  );
  for (const { name, table, definition } of indexes) {
    await sql.exec(`drop index ${identifier(schema)}.${identifier(name)}`);
    later.set(table, [...(later.get(table) ?? []), definition]);
  }
  return later;
}

/**
 * One transaction: the checkpoint rows are locked first (the order the projector takes its locks in, so neither
 * waits on the other in a circle), the live tables move out, the new ones in, with the new checkpoints. A live
 * projector applies what the feed added since the build to the new tables, from their checkpoint, once this commits.
 */
async function swap(
  sql: Sql,
  projections: readonly Projection[],
  at: { live: string; building: string; retired: string },
): Promise<void> {
  const names = projections.map((p) => p.name);
  const [live, building, retired] = [identifier(at.live), identifier(at.building), identifier(at.retired)];
  await sql.transaction(async (tx) => {
    await ensureCheckpoints(tx, names);
    await readCheckpoints(tx, names, true);
    await tx.exec(`drop schema if exists ${retired} cascade; create schema ${retired}`);
    const serials = new Map<Carried, string>();
    for (const carried of carriedOf(projections)) {
      // Its last rows, with the table held still; the shared serial stays in the live schema, with the new table.
      await tx.exec(`lock table ${live}.${identifier(carried.table)} in exclusive mode`);
      await carry(tx, carried, at);
      serials.set(carried, await serialOf(tx, carried, at.live));
      await tx.query(`alter sequence ${serials.get(carried)} owned by none`);
    }
    for (const table of projections.flatMap((p) => p.tables).map(identifier)) {
      await tx.exec(
        `alter table ${live}.${table} set schema ${retired}; alter table ${building}.${table} set schema ${live}`,
      );
    }
    for (const [carried, serial] of serials)
      await tx.query(
        `alter sequence ${serial} owned by ${live}.${identifier(carried.table)}.${identifier(carried.order)}`,
      );
    // The rebuild applied every event up to its checkpoints again: what was parked there before is in the new
    // tables now, or parked by the rebuild again (an unknown type; one that failed would have failed the rebuild).
    // What was parked after (by the live projector meanwhile) stays: the projector goes back over it.
    await tx.query(
      `delete from ${live}.projection_parked p using ${building}.projection_checkpoints c
        where c.name = any($1::text[]) and p.projection = c.name and (p.hi, p.lo) <= (c.hi, c.lo)`,
      [names],
    );
    await tx.query(
      `insert into ${live}.projection_parked (${PARKED_COLUMNS}) select ${PARKED_COLUMNS}
         from ${building}.projection_parked where projection = any($1::text[])
       on conflict (projection, event_id) do update set error = excluded.error, stopped = excluded.stopped`,
      [names],
    );
    // A projector that applied the feed to the old tables since the build goes back to the new checkpoints.
    await adoptCheckpoints(tx, names, { live, building });
  });
}

const PARKED_COLUMNS = 'projection, event_id, hi, lo, stream, revision, type, error, stopped, parked_at';

type Carried = NonNullable<Projection['carried']>;
const carriedOf = (projections: readonly Projection[]): Carried[] => projections.flatMap((p) => p.carried ?? []);

async function serialOf(db: Queryable, carried: Carried, schema: string): Promise<string> {
  const [row] = await db.query<{ serial: string }>('select pg_get_serial_sequence($1, $2) as serial', [
    `${identifier(schema)}.${identifier(carried.table)}`,
    carried.order,
  ]);
  if (!row?.serial) throw new Error(`${carried.table}.${carried.order} is not a serial column`);
  return row.serial;
}

/**
 * The new table takes its serial from the live one's sequence, so that the rows carried over keep their numbers
 * (and their order) beside those the replay makes, and the sequence goes on from where the live table stood.
 */
async function shareSerial(sql: Sql, carried: Carried, at: { live: string; building: string }): Promise<void> {
  const own = await serialOf(sql, carried, at.building);
  await sql.query(
    `alter table ${identifier(at.building)}.${identifier(carried.table)} alter column ${identifier(carried.order)}
       set default nextval('${await serialOf(sql, carried, at.live)}'::regclass)`,
  );
  await sql.exec(`drop sequence ${own}`);
}

/** Copies into the new table the live rows no event makes that it does not hold yet. */
async function carry(db: Queryable, carried: Carried, at: { live: string; building: string }): Promise<void> {
  const [live, building] = [at.live, at.building].map((s) => `${identifier(s)}.${identifier(carried.table)}`);
  const columns = [carried.order, ...carried.columns].map(identifier).join(', ');
  const order = identifier(carried.order);
  await db.query(
    `insert into ${building} (${columns}) select ${columns} from ${live} l
      where ${carried.where} and not exists (select 1 from ${building} b where b.${order} = l.${order})`,
  );
}
