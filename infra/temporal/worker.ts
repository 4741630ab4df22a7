import { tracing } from '../tracing/tracing.js';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ApplicationFailure } from '@temporalio/common';
import { NativeConnection, Runtime, Worker, makeTelemetryFilterString, type WorkerOptions } from '@temporalio/worker';
import { ERROR_STATUS } from '../../domain/errors.js';
import { WEBHOOK_RETRYABLE } from '../../domain/webhooks/response.js';
import type { Logger } from '../logger.js';
import { bundleWorkflows } from './bundle.js';

/**
 * A refusal the caller is answered with (a batch without the credits, an unstorable request): an activity's
 * non-retryable failure typed with one of the API's error codes. Not a problem of the service: it is the
 * request's answer, in the access log as its status, never a warning with a stack trace.
 */
const isRefusal = (meta: Record<string, unknown> | undefined): boolean => {
  const error = meta?.error;
  return (
    error instanceof ApplicationFailure &&
    error.nonRetryable === true &&
    typeof error.type === 'string' &&
    error.type in ERROR_STATUS
  );
};

/** Our workflows: workflows/index.ts from source (tsx), index.js from dist/. */
export const WORKFLOWS_PATH = ['index.ts', 'index.js']
  .map((file) => fileURLToPath(new URL(`../../workflows/${file}`, import.meta.url)))
  .find((file) => existsSync(file))!;

let runtimeInstalled = false;

/**
 * Routes the SDK's own logs through our logger, once per process. Its lines go through that logger's redaction
 * (infra/logger.ts) like any other: the SDK's "Activity failed" warning carries the thrown error, whose
 * database parameters (a JobSubmitted payload, a policy number) are dropped there, not here.
 */
export function installTemporalRuntime(logger: Logger): void {
  if (runtimeInstalled) return;
  runtimeInstalled = true;
  Runtime.install({
    logger: sdkLogger(logger),
    // Signals are the process's (bin/boot.ts onShutdown): the SDK's own handler would stop the workers but not
    // the rest, and keep a process it caught a signal for alive.
    shutdownSignals: [],
    telemetryOptions: { logging: { filter: makeTelemetryFilterString({ core: 'WARN' }), forward: {} } },
  });
}

type Meta = Record<string, unknown> | undefined;

const NO_WORKFLOWS = 'No workflows registered, not polling for workflow tasks';

/** A callback attempt the receiver refused for now: the attempt logged its one line itself (activities/webhooks.ts). */
const isWebhookRetry = (meta: Meta) => {
  const error = meta?.error;
  return error instanceof ApplicationFailure && error.type === WEBHOOK_RETRYABLE;
};

/**
 * Activity lines carry the SDK's attributes of the attempt; the task token (a long opaque string, a capability
 * to complete the task) and the ids nobody searches by are left out.
 */
const trimmed = (meta: Meta): Record<string, unknown> => {
  if (!meta) return {};
  const {
    taskToken: _token,
    namespace: _namespace,
    isLocal: _local,
    workflowRunId: _run,
    activityId: _id,
    ...rest
  } = meta;
  return rest;
};

/** The SDK's logger on ours: its warnings kept, its chatter (info) and the requests' refusals at debug. */
export function sdkLogger(logger: Logger) {
  // The SDK is chatty at info (bundle sizes, state changes); operators need its warnings. At debug, everything.
  const level = logger.levelVal > 40 || logger.levelVal <= 20 ? logger.level : 'warn';
  const log = logger.child({ component: 'temporal' }, { level });
  const warn = (message: string, meta: Meta) => {
    // The extraction queue's worker has no workflows by design (bin/service.ts): not a warning at each start.
    if (message === NO_WORKFLOWS) return log.debug(trimmed(meta), message);
    if (!isRefusal(meta) && !isWebhookRetry(meta)) return log.warn(trimmed(meta), message);
    const refusal = meta!.error as ApplicationFailure;
    log.debug({ ...trimmed(meta), error: { type: refusal.type, message: refusal.message } }, message);
  };
  return {
    log: (level: string, message: string, meta?: Meta) =>
      level === 'WARN'
        ? warn(message, meta)
        : log[level === 'TRACE' ? 'trace' : (level.toLowerCase() as 'info')](trimmed(meta), message),
    trace: (message: string, meta?: Meta) => log.trace(trimmed(meta), message),
    debug: (message: string, meta?: Meta) => log.debug(trimmed(meta), message),
    info: (message: string, meta?: Meta) => log.info(trimmed(meta), message),
    warn: (message: string, meta?: Meta) => warn(message, meta),
    error: (message: string, meta?: Meta) => log.error(trimmed(meta), message),
  };
}

export interface WorkerSetup {
  address: string;
  namespace: string;
  taskQueue: string;
  activities: object;
  /** null: no workflows, the activities alone (the extraction queue's worker). */
  workflowsPath?: string | null;
  workflowBundle?: WorkerOptions['workflowBundle'];
  /** The same as the client's: payloads sealed by one are opened by the other. */
  dataConverter?: WorkerOptions['dataConverter'];
  options?: Partial<WorkerOptions>;
}

export async function createWorker(setup: WorkerSetup): Promise<{ worker: Worker; connection: NativeConnection }> {
  const connection = await NativeConnection.connect({ address: setup.address });
  // Traced: workflow and activity spans join the trace their start carried (Temporal's OpenTelemetry plugin); the
  // workflow bundle gains its interceptors only then, so a worker without tracing runs exactly what it ran before.
  const traces = tracing();
  const plugins = traces
    ? [
        new (await import('@temporalio/interceptors-opentelemetry')).OpenTelemetryPlugin({
          resource: traces.resource,
          spanProcessor: traces.processor,
        }),
      ]
    : [];
  // Traced, the plugin adds its interceptors to the bundle as Worker.create makes it; untraced, the bundle is made
  // in a child process (bundle.ts).
  const workflowsPath = setup.workflowsPath === null ? null : (setup.workflowsPath ?? WORKFLOWS_PATH);
  const workflowBundle =
    setup.workflowBundle ??
    (workflowsPath && plugins.length === 0
      ? {
          code: await bundleWorkflows({
            workflowsPath,
            failureConverterPath: setup.dataConverter?.failureConverterPath,
            payloadConverterPath: setup.dataConverter?.payloadConverterPath,
          }),
        }
      : undefined);
  const worker = await Worker.create({
    ...(plugins.length > 0 ? { plugins } : {}),
    connection,
    namespace: setup.namespace,
    taskQueue: setup.taskQueue,
    activities: setup.activities,
    ...(workflowBundle ? { workflowBundle } : workflowsPath ? { workflowsPath } : {}),
    shutdownGraceTime: '10s',
    ...(setup.dataConverter ? { dataConverter: setup.dataConverter } : {}),
    ...setup.options,
  });
  return { worker, connection };
}
