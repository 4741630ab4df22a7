import pg from 'pg';
import { identifier, type Queryable, type Row, type Sql } from './sql.js';

export interface PostgresOptions {
  connectionString: string;
  /** Every connection works in this schema (created when missing); tests use one per run. */
  schema?: string;
  max?: number;
}

const wrap = (client: pg.Pool | pg.PoolClient): Queryable => ({
  async query<R extends Row>(text: string, params?: readonly unknown[]) {
    const result = await client.query(text, params as unknown[] | undefined);
    return result.rows as R[];
  },
  async exec(text: string) {
    await client.query(text);
  },
});

export async function openPostgres(options: PostgresOptions): Promise<Sql> {
  const searchPath = options.schema ? `-c search_path=${identifier(options.schema)}` : undefined;
  if (options.schema) {
    const admin = new pg.Client({ connectionString: options.connectionString });
    await admin.connect();
    try {
      await admin.query(`create schema if not exists ${identifier(options.schema)}`);
    } finally {
      await admin.end();
    }
  }
  const config = { connectionString: options.connectionString, options: searchPath };
  const pool = new pg.Pool({ ...config, max: options.max ?? 20 });
  // An idle client losing its server must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const listeners = new Set<pg.Client>();

  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async listen(channel, onNotify) {
      // LISTEN needs a session of its own: a pooled client would be handed to someone else.
      const client = new pg.Client(config);
      client.on('error', () => undefined);
      client.on('notification', (message) => {
        if (message.channel === channel) onNotify();
      });
      await client.connect();
      await client.query(`listen ${identifier(channel)}`);
      listeners.add(client);
      return async () => {
        listeners.delete(client);
        await client.end().catch(() => undefined);
      };
    },
    async close() {
      await Promise.all([...listeners].map((client) => client.end().catch(() => undefined)));
      await pool.end();
    },
  };
}

/** Drops a test schema and everything in it. */
export async function dropSchema(connectionString: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(`drop schema if exists ${identifier(schema)} cascade`);
  } finally {
    await client.end();
  }
}
