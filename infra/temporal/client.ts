import { tracing } from '../tracing/tracing.js';
import type { AsyncLocalStorage } from 'node:async_hooks';
import type { CallContext } from '@temporalio/client';
import type { DataConverter } from '@temporalio/common';
import {
  Client,
  Connection,
  defaultGrpcRetryOptions,
  isGrpcServiceError,
  makeGrpcRetryInterceptor,
  ServiceError,
} from '@temporalio/client';
import protos from '@temporalio/proto';
import { searchAttributeKeys } from '../../contracts/search-attributes.js';

export interface TemporalClient {
  connection: Connection;
  client: Client;
  namespace: string;
  close(): Promise<void>;
}

// gRPC status codes (the client does not re-export grpc-js's enum).
const DEADLINE_EXCEEDED = 4;
const UNAVAILABLE = 14;

/**
 * Retries of the SDK's defaults, except that a frontend which does not answer at all (UNAVAILABLE: connection
 * refused or lost) is given up on after about a second instead of about 18: the API then answers 503 at once
 * rather than holding the request (see isTemporalUnavailable).
 */
const UNAVAILABLE_ATTEMPTS = 5;
function retryOptions() {
  const defaults = defaultGrpcRetryOptions();
  return {
    delayFunction: defaults.delayFunction,
    retryableDecider: (attempt: number, status: Parameters<typeof defaults.retryableDecider>[1]) =>
      status.code === UNAVAILABLE ? attempt < UNAVAILABLE_ATTEMPTS : defaults.retryableDecider(attempt, status),
  };
}

/**
 * True when a client call failed because the Temporal frontend could not be reached (the call never got an
 * answer), as opposed to an answer that refused it: the submission is then worth retrying later (503).
 */
export function isTemporalUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; cause = (cause as { cause?: unknown }).cause, depth++) {
    if (isGrpcServiceError(cause)) return cause.code === UNAVAILABLE || cause.code === DEADLINE_EXCEEDED;
    if (!(cause instanceof ServiceError) && !(cause instanceof Error)) return false;
  }
  return false;
}

/**
 * The SDK keeps a call's options (deadline, metadata, the namespace header it adds to every call) in an
 * AsyncLocalStorage. On Node 20 a storage that has run once installs async hooks for the whole process from then
 * on, so that every promise, tick and timer of every request pays for them: the first workflow call of an API
 * process (a key's first use, a job's submission) cost each later request about a tenth of its CPU. The SDK only
 * ever reads the options synchronously, while the call it wraps starts (`withMetadata(…, () => method(…))`), so
 * a scope that lasts the synchronous part of the callback holds them as well, without hooks.
 */
function synchronousCallContext(storage: AsyncLocalStorage<CallContext>): void {
  let current: CallContext | undefined;
  const run = <R, A extends unknown[]>(store: CallContext, callback: (...args: A) => R, ...args: A): R => {
    const outer = current;
    current = store;
    try {
      return callback(...args);
    } finally {
      current = outer;
    }
  };
  Object.assign(storage, { run, getStore: () => current });
  storage.disable();
}

/** `dataConverter`: the service's seal (infra/temporal/payload-codec.ts); tests of bare workflows go without. */
export async function connectTemporal(
  address: string,
  namespace: string,
  dataConverter?: DataConverter,
): Promise<TemporalClient> {
  const connection = await Connection.connect({
    address,
    interceptors: [makeGrpcRetryInterceptor(retryOptions())],
    // Reconnect at least every 5 s while the frontend is down (grpc-js backs off up to 2 minutes otherwise), so
    // that submissions work again within seconds of its return.
    channelArgs: { 'grpc.max_reconnect_backoff_ms': 5_000, 'grpc.initial_reconnect_backoff_ms': 500 },
  });
  synchronousCallContext(connection.callContextStorage);
  // Traced: each start carries the active trace into the workflow's headers (the OpenTelemetry interceptor).
  const traced = tracing()
    ? [
        new (
          await import('@temporalio/interceptors-opentelemetry/lib/client/index.js')
        ).OpenTelemetryWorkflowClientInterceptor(),
      ]
    : [];
  const client = new Client({
    connection,
    namespace,
    ...(dataConverter ? { dataConverter } : {}),
    ...(traced.length > 0 ? { interceptors: { workflow: traced } } : {}),
  });
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
