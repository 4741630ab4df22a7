// Data keys in an in-memory PGlite (the embedded engine the service runs on by default), for tests of what seals
// with them that need no service around.
import { DataKeys, dataKeyMigrations } from '../../infra/eventstore/data-keys.js';
import { migrate } from '../../infra/sql/migrate.js';
import { openPglite } from '../../infra/sql/pglite.js';
import { newPayloadKey, parsePayloadKeys } from '../../infra/temporal/payload-codec.js';

export async function memoryDataKeys(): Promise<{ keys: DataKeys; close(): Promise<void> }> {
  const sql = await openPglite();
  await migrate(sql, dataKeyMigrations);
  return { keys: new DataKeys(sql, parsePayloadKeys(newPayloadKey('master'))), close: () => sql.close() };
}
