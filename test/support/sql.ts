import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { eventStoreMigrations } from '../../infra/eventstore/postgres-migrations.js';
import { postgresEventStore } from '../../infra/eventstore/postgres.js';
import type { EventStore } from '../../infra/eventstore/types.js';
import { migrate, type Migration } from '../../infra/sql/migrate.js';
import { dropSchema, openPostgres } from '../../infra/sql/postgres.js';
import { openPglite } from '../../infra/sql/pglite.js';
import type { Sql } from '../../infra/sql/sql.js';

export interface OpenedTestDatabase {
  sql: Sql;
  /** For other processes: the PostgreSQL URL that lands in this database's schema (null on PGlite). */
  url: string | null;
  close(): Promise<void>;
}

export interface TestDatabase {
  name: string;
  open(): Promise<OpenedTestDatabase>;
}

/** PGlite in memory always; the real PostgreSQL server, in a schema of its own, when DATABASE_URL is set. */
export function testDatabases(): TestDatabase[] {
  const databases: TestDatabase[] = [
    {
      name: 'pglite',
      async open() {
        const sql = await openPglite();
        return { sql, url: null, close: () => sql.close() };
      },
    },
  ];
  const url = process.env.DATABASE_URL;
  if (url) {
    databases.push({
      name: 'postgres',
      async open() {
        const schema = `t_${randomBytes(6).toString('hex')}`;
        const sql = await openPostgres({ connectionString: url, schema, max: 60 });
        const schemaUrl = new URL(url);
        schemaUrl.searchParams.set('options', `-c search_path=${schema}`);
        return {
          sql,
          url: schemaUrl.toString(),
          async close() {
            await sql.close();
            await dropSchema(url, schema);
          },
        };
      },
    });
  }
  return databases;
}

/** The database the integration tests run on: PostgreSQL when configured, else PGlite. */
export function primaryTestDatabase(): TestDatabase {
  return testDatabases().at(-1)!;
}

/**
 * For a describe block: the database opened and migrated (the event store's tables, then `migrations`) before
 * its tests, with an event store over it, and closed after them. Read its fields inside the tests.
 */
export function eventStoreOn(
  database: TestDatabase,
  migrations: readonly Migration[],
): { sql: Sql; events: EventStore } {
  const opened = {} as { sql: Sql; events: EventStore };
  let close: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    ({ sql: opened.sql, close } = await database.open());
    await migrate(opened.sql, [...eventStoreMigrations, ...migrations]);
    opened.events = postgresEventStore(opened.sql);
  });
  afterAll(async () => close());
  return opened;
}
