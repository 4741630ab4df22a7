// The composition root: starts the projector, the worker and the API on a service context (bin/context.ts).
// Every entry point (dev, api, worker, projector) and the integration tests start the service through here.
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Worker } from '@temporalio/worker';
import { startAdminListener } from '../api/admin/listener.js';
import { ensureDatasetSchedules, loadAllDatasets, type DatasetTemporalOptions } from '../infra/datasets/index.js';
import { readMetricsFrom } from '../infra/metrics.js';
import { startLedgerWarmup } from '../infra/ledger-warmup.js';
import { ensureRetentionSchedule } from '../infra/retention/schedule.js';
import { sealedDataConverter } from '../infra/temporal/payload-codec.js';
import { stalePendingMail } from '../infra/mail-outbox.js';
import { startPortalMail } from '../infra/temporal/portal-workflows.js';
import { ProjectionRunner } from '../projections/runner.js';
import { apiApp, type ApiOptions } from './api-app.js';
import { countedWait, requireTemporal, type ServiceContext } from './context.js';

export interface Running {
  stop(): Promise<void>;
}

export async function startProjector(context: ServiceContext): Promise<Running & { runner: ProjectionRunner }> {
  const runner = new ProjectionRunner(
    { sql: context.engines.sql, events: context.engines.events, logger: context.logger.child({ component: 'projector' }) },
    context.projections,
  );
  await runner.start();
  // In one process, the API waits on the runner itself rather than polling the checkpoint table.
  context.readModelsAt = countedWait(context.logger, (position, timeoutMs) => runner.waitFor(position, timeoutMs));
  return { runner, stop: () => runner.stop() };
}

export async function startWorker(
  context: ServiceContext,
  overrides: { workflowsPath?: string; activities?: object } = {},
): Promise<Running & { worker: Worker }> {
  // Loaded here, not with this module: the activities bring pdf.js, tesseract.js and the Temporal worker, which
  // an API process never runs and whose tens of megabytes of heap would slow every garbage collection it does.
  const [{ createActivities }, { createWorker, installTemporalRuntime }] = await Promise.all([
    import('../activities/index.js'),
    import('../infra/temporal/worker.js'),
  ]);
  installTemporalRuntime(context.logger);
  const { worker, connection } = await createWorker({
    address: requireTemporal(context).connection.options.address,
    namespace: context.config.TEMPORAL_NAMESPACE,
    taskQueue: context.config.TEMPORAL_TASK_QUEUE,
    activities: overrides.activities ?? createActivities(context),
    dataConverter: sealedDataConverter(context.secrets.payloadKeys),
    ...(overrides.workflowsPath ? { workflowsPath: overrides.workflowsPath } : {}),
  });
  const running = worker.run();
  const sweep = sweepMailOutbox(context);
  return {
    worker,
    async stop() {
      sweep.stop();
      if (worker.getState() === 'RUNNING') worker.shutdown();
      await running;
      await connection.close();
    },
  };
}

/**
 * Starts the workflow of any outbox mail still pending two minutes after it was asked for: the API could not
 * reach Temporal then. Every minute, in each worker; starting twice is a no-op.
 */
function sweepMailOutbox(context: ServiceContext): { stop(): void } {
  const { client } = requireTemporal(context);
  const timer = setInterval(() => {
    void (async () => {
      for (const id of await stalePendingMail(context.engines.sql, 120)) {
        await startPortalMail(client, context.config.TEMPORAL_TASK_QUEUE, { id, retrySeconds: context.config.MAIL_RETRY_SECONDS });
      }
    })().catch((error: unknown) => context.logger.warn({ error: (error as Error)?.name }, 'mail outbox sweep failed'));
  }, 60_000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/**
 * The service's Temporal Schedules (one per dataset, retention), idempotent, then the first load of any dataset
 * never loaded.
 */
export async function startDatasetRefreshes(context: ServiceContext, options: Pick<DatasetTemporalOptions, 'onSettled'> = {}): Promise<void> {
  const { client } = requireTemporal(context);
  await ensureDatasetSchedules(client, context.config.TEMPORAL_TASK_QUEUE);
  await ensureRetentionSchedule(client, context.config.TEMPORAL_TASK_QUEUE);
  await loadAllDatasets(client, context.config.TEMPORAL_TASK_QUEUE, options);
}

export async function startApi(
  context: ServiceContext,
  port = context.config.PORT,
  options: ApiOptions = {},
): Promise<Running & { server: Server; url: string; /** The admin API and /metrics: ADMIN_LISTEN's listener, else `url`. */ adminUrl: string }> {
  const { config, engines } = context;
  const { app, admin, metrics, pdfInspector } = apiApp(context, options);
  readMetricsFrom(engines.sql);
  context.usage.start();
  context.audit.start();
  context.requestLog.start();
  const server = app.listen(port, options.host ?? config.HOST ?? '0.0.0.0');
  // Keep idle connections longer than clients and proxies do (Node's 5 s is shorter than most), so a client
  // never sends a request on a connection the server is closing at that moment (ECONNRESET on a POST).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await once(server, 'listening');
  const address = server.address() as AddressInfo;
  const adminListener = await startAdminListener({
    listen: config.ADMIN_LISTEN,
    admin,
    metrics,
    api: server,
    dataDir: config.DATA_DIR,
    logger: context.logger,
    ...(config.TRUST_PROXY !== undefined ? { trustProxy: config.TRUST_PROXY } : {}),
  }).catch(
    async (error: unknown) => {
      // ADMIN_LISTEN's address refused (in use, not local): the API's listener is not left open behind it.
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await pdfInspector.close();
      throw error;
    },
  );
  // The API's calls are those a missing snapshot makes wait: its processes warm the ledgers, one at a time.
  const warmup = startLedgerWarmup({ sql: engines.sql, events: engines.events, logger: context.logger });
  return {
    server,
    url: `http://127.0.0.1:${address.port}`,
    adminUrl: adminListener.url,
    /** Stops taking requests and lets those in flight finish (a charge half done is finished), for at most 5 s. */
    async stop() {
      await warmup.stop();
      await adminListener.stop();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const deadline = setTimeout(() => server.closeAllConnections(), 5000);
      await closed;
      clearTimeout(deadline);
      await pdfInspector.close();
    },
  };
}
