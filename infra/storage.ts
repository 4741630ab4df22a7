import path from 'node:path';
import type { Config } from './config.js';
import { DataKeys, dataKeyMigrations } from './eventstore/data-keys.js';
import { snapshotMigrations } from './eventstore/snapshots.js';
import { eventStoreMigrations } from './eventstore/postgres-migrations.js';
import { postgresEventStore } from './eventstore/postgres.js';
import { sealedEventStore } from './eventstore/sealed.js';
import type { EventStore } from './eventstore/types.js';
import { lockDirectory } from './lock.js';
import { migrate, type Migration } from './sql/migrate.js';
import { openPostgres } from './sql/postgres.js';
import type { Sql } from './sql/sql.js';
import type { PayloadKey } from './temporal/payload-codec.js';

export interface Storage {
  /** Read models (and events, unless EventStoreDB holds them). */
  sql: Sql;
  /** Seals personal fields under per-stream data keys (./eventstore/sealed.ts). */
  events: EventStore;
  /** The per-stream data keys: deleting one erases its stream's personal fields (docs/architecture.md#personal-data). */
  keys: DataKeys;
  close(): Promise<void>;
}

/**
 * Opens the read-model database and the event store the configuration names, and brings the schema up to
 * date. Embedded: PGlite under DATA_DIR/pg, locked to this process, holding both. A backend's module is
 * loaded only when the configuration picks it, so no process carries an unused client (PGlite's WASM,
 * EventStoreDB's gRPC) in its heap.
 */
export async function openStorage(
  config: Config,
  migrations: readonly Migration[],
  options: { masterKeys: readonly PayloadKey[]; sql?: Sql },
): Promise<Storage> {
  const given = options.sql;
  let release = () => undefined as void;
  let sql: Sql;
  if (given) {
    sql = given; // tests: a schema of their own, or PGlite in memory
  } else if (config.DATABASE_URL) {
    sql = await openPostgres({ connectionString: config.DATABASE_URL });
  } else {
    release = lockDirectory(config.DATA_DIR);
    try {
      const { openPglite } = await import('./sql/pglite.js');
      sql = await openPglite(path.join(config.DATA_DIR, 'pg'));
    } catch (error) {
      release();
      throw error;
    }
  }
  const inner = config.EVENTSTORE_URL
    ? (await import('./eventstore/esdb.js')).esdbEventStore(config.EVENTSTORE_URL)
    : postgresEventStore(sql);
  const keys = new DataKeys(sql, options.masterKeys);
  let unfollow = async () => undefined as void;
  try {
    // The master keys are checked before any other migration runs: a start refused for a wrong key leaves the
    // database as it found it.
    await migrate(sql, dataKeyMigrations);
    await keys.verifyMasters();
    await migrate(sql, [
      ...(inner.kind === 'postgres' ? eventStoreMigrations : []),
      ...dataKeyMigrations,
      ...snapshotMigrations,
      ...migrations,
    ]);
    unfollow = await keys.follow(sql);
  } catch (error) {
    await inner.close();
    if (!given) await sql.close();
    release();
    throw error;
  }
  const events = sealedEventStore(inner, keys);
  return {
    sql,
    events,
    keys,
    async close() {
      await unfollow();
      await events.close();
      if (!given) await sql.close();
      release();
    },
  };
}
