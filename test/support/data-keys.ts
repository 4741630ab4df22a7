// Data keys in an in-memory PGlite (the embedded engine the service runs on by default), for tests of what seals
// with them that need no service around.
import { DataKeys, dataKeyMigrations } from '../../infra/eventstore/data-keys.js';
import { migrate } from '../../infra/sql/migrate.js';
import { openPglite } from '../../infra/sql/pglite.js';
import { newPayloadKey, parsePayloadKeys } from '../../infra/temporal/payload-codec.js';

/** A stream's key as `stream_keys` holds it: wrapped by a master key, never in clear. */
export interface StoredStreamKey {
  stream_id: string;
  master_id: string;
  wrapped: string;
}

/** `masters`: DATA_MASTER_KEYS' spelling (a new one when absent); `stored`: keys to start with (recorded fixtures). */
export async function memoryDataKeys(
  masters?: string,
  stored: readonly StoredStreamKey[] = [],
): Promise<{ keys: DataKeys; close(): Promise<void> }> {
  const sql = await openPglite();
  await migrate(sql, dataKeyMigrations);
  for (const row of stored) {
    await sql.query('insert into stream_keys (stream_id, master_id, wrapped) values ($1, $2, $3)', [
      row.stream_id,
      row.master_id,
      row.wrapped,
    ]);
  }
  return { keys: new DataKeys(sql, parsePayloadKeys(masters ?? newPayloadKey('master'))), close: () => sql.close() };
}
