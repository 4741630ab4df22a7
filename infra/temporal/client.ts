import { Client, Connection } from '@temporalio/client';
import protos from '@temporalio/proto';
import { searchAttributeKeys } from '../../workflows/search-attributes.js';

export interface TemporalClient {
  connection: Connection;
  client: Client;
  namespace: string;
  close(): Promise<void>;
}

export async function connectTemporal(address: string, namespace: string): Promise<TemporalClient> {
  const connection = await Connection.connect({ address });
  // The SDK keeps call options (deadline, metadata) in an AsyncLocalStorage, and connect() runs it once. On
  // Node 20 a storage that has run installs async hooks for the whole process from then on: every promise and
  // tick of every request pays for them (a fifth of the API's CPU). Nothing of ours sets call options, so the
  // storage is switched off again; a later withDeadline() would simply switch it back on.
  connection.callContextStorage.disable();
  const client = new Client({ connection, namespace });
  return { connection, client, namespace, close: () => connection.close() };
}

/**
 * Registers our custom search attributes on a server that lacks them (a production cluster; the dev server
 * gets them as start-up flags). Idempotent.
 */
export async function ensureSearchAttributes({ connection, namespace }: TemporalClient): Promise<void> {
  const { customAttributes } = await connection.operatorService.listSearchAttributes({ namespace });
  const missing = searchAttributeKeys.filter((key) => !customAttributes?.[key.name]);
  if (missing.length === 0) return;
  await connection.operatorService.addSearchAttributes({
    namespace,
    searchAttributes: Object.fromEntries(
      missing.map((key) => [key.name, protos.temporal.api.enums.v1.IndexedValueType[`INDEXED_VALUE_TYPE_${key.type}`]]),
    ),
  });
}

/** True when the frontend answers; readyz uses it. */
export async function temporalReachable({ connection }: TemporalClient): Promise<boolean> {
  try {
    await connection.workflowService.getSystemInfo({});
    return true;
  } catch {
    return false;
  }
}
