import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { NativeConnection, Runtime, Worker, makeTelemetryFilterString, type WorkerOptions } from '@temporalio/worker';
import type { Logger } from '../logger.js';

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
  // The SDK is chatty at info (bundle sizes, state changes); operators need its warnings.
  const log = logger.child({ component: 'temporal' }, { level: logger.levelVal > 40 ? logger.level : 'warn' });
  Runtime.install({
    logger: {
      log: (level, message, meta) => log[level === 'TRACE' ? 'trace' : (level.toLowerCase() as 'info')]({ ...meta }, message),
      trace: (message, meta) => log.trace({ ...meta }, message),
      debug: (message, meta) => log.debug({ ...meta }, message),
      info: (message, meta) => log.info({ ...meta }, message),
      warn: (message, meta) => log.warn({ ...meta }, message),
      error: (message, meta) => log.error({ ...meta }, message),
    },
    telemetryOptions: { logging: { filter: makeTelemetryFilterString({ core: 'WARN' }), forward: {} } },
  });
}

export interface WorkerSetup {
  address: string;
  namespace: string;
  taskQueue: string;
  activities: object;
  workflowsPath?: string;
  workflowBundle?: WorkerOptions['workflowBundle'];
  /** The same as the client's: payloads sealed by one are opened by the other. */
  dataConverter?: WorkerOptions['dataConverter'];
  options?: Partial<WorkerOptions>;
}

export async function createWorker(setup: WorkerSetup): Promise<{ worker: Worker; connection: NativeConnection }> {
  const connection = await NativeConnection.connect({ address: setup.address });
  const worker = await Worker.create({
    connection,
    namespace: setup.namespace,
    taskQueue: setup.taskQueue,
    activities: setup.activities,
    ...(setup.workflowBundle ? { workflowBundle: setup.workflowBundle } : { workflowsPath: setup.workflowsPath ?? WORKFLOWS_PATH }),
    shutdownGraceTime: '10s',
    ...(setup.dataConverter ? { dataConverter: setup.dataConverter } : {}),
    ...setup.options,
  });
  return { worker, connection };
}
