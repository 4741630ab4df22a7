import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import type { Queryable, Row, Sql } from './sql.js';

// Same representation as node-postgres, so SQL code does not care which engine it runs on.
const parsers = {
  [types.INT8]: (value: string) => value,
  [types.NUMERIC]: (value: string) => value,
};

const wrap = (db: PGlite | Transaction): Queryable => ({
  async query<R extends Row>(text: string, params?: readonly unknown[]) {
    const result = await db.query<R>(text, params as unknown[] | undefined);
    return result.rows;
  },
  async exec(text: string) {
    await db.exec(text);
  },
});

// PostgreSQL's default 128 MB of shared buffers live inside PGlite's WebAssembly memory, which never shrinks once
// grown: the dev process held them all after the datasets' first load. The files are NODEFS files, so the
// operating system's page cache keeps them warm anyway; a small pool costs the embedded stack little.
const SMALL_BUFFERS = ['-c', 'shared_buffers=16MB'];

/** `dataDir` undefined: in memory. The caller must hold the directory lock (infra/lock.ts). */
export async function openPglite(dataDir?: string): Promise<Sql> {
  const db = await PGlite.create({ dataDir, parsers, startParams: [...PGlite.defaultStartParams, ...SMALL_BUFFERS] });
  return {
    kind: 'pglite',
    ...wrap(db),
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    async listen(channel, onNotify) {
      const unlisten = await db.listen(channel, () => onNotify());
      return async () => {
        if (!db.closed) await unlisten();
      };
    },
    close: () => db.close(),
  };
}
