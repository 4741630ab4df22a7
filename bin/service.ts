// The composition root: starts the projector, the worker and the API on a service context (bin/context.ts).
// Every entry point (dev, api, worker, projector) and the integration tests start the service through here.
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Worker } from '@temporalio/worker';
import type { Config } from '../infra/config.js';
import { startAdminListener } from '../api/admin/listener.js';
import { ensureDatasetSchedules, loadAllDatasets, type DatasetTemporalOptions } from '../infra/datasets/index.js';
import { startLedgerWarmup } from '../application/ledger/warmup.js';
import { ensureRetentionSchedule } from '../application/retention/schedule.js';
import { ensureLedgerStatementsSchedule } from '../application/ledger/statements-schedule.js';
import { migrateChain } from '../application/ledger/chain-migration.js';
import { recordSigningKey, signingKeys } from '../application/ledger/signing-keys.js';
import { listAccountIds } from '../projections/readers/accounts.js';
import { admissionReads } from '../projections/readers/admission.js';
import { extractionTaskQueue } from '../contracts/extraction.js';
import { sealedDataConverter } from '../infra/temporal/payload-codec.js';
import { stalePendingMail } from '../application/mail/outbox.js';
import { admissionSweep, type AdmissionSweep } from '../application/jobs/admission-sweep.js';
import { workflowHandle } from '../infra/temporal/contract-client.js';
import { VERIFICATION_WORKFLOW } from '../contracts/verification.js';
import { WorkflowNotFoundError } from '@temporalio/client';
import { startPortalMail } from '../infra/temporal/portal-workflows.js';
import { expiredSignups } from '../projections/account-rows.js';
import { ProjectionRunner } from '../projections/runner.js';
import { apiApp, type ApiOptions } from './api-app.js';
import { readMetricsOf } from './metrics-sources.js';
import { countedWait, requireTemporal, type ServiceContext } from './context.js';

export interface Running {
  stop(): Promise<void>;
}

export async function startProjector(context: ServiceContext): Promise<Running & { runner: ProjectionRunner }> {
  const runner = new ProjectionRunner(
    {
      sql: context.engines.sql,
      events: context.engines.events,
      logger: context.logger.child({ component: 'projector' }),
    },
    context.projections,
  );
  await runner.start();
  // In one process, the API waits on the runner itself rather than polling the checkpoint table.
  context.readModelsAt = countedWait(context.logger, (position, timeoutMs, names) =>
    runner.waitFor(position, timeoutMs, names),
  );
  return { runner, stop: () => runner.stop() };
}

/** The task queues WORKER_QUEUES has this process's workers poll. */
export function workerTaskQueues(config: Pick<Config, 'WORKER_QUEUES' | 'TEMPORAL_TASK_QUEUE'>): {
  main?: string;
  extraction?: string;
} {
  return {
    ...(config.WORKER_QUEUES === 'extraction' ? {} : { main: config.TEMPORAL_TASK_QUEUE }),
    ...(config.WORKER_QUEUES === 'main' ? {} : { extraction: extractionTaskQueue(config.TEMPORAL_TASK_QUEUE) }),
  };
}

/**
 * The Temporal workers of WORKER_QUEUES: the main task queue's (the workflows and every activity but the
 * documents') and the extraction queue's (the documents' activities, EXTRACTION_CONCURRENCY at a time), each with
 * its own slots, so a burst of scanned documents never holds a verification's or a webhook's. `overrides` replace
 * the main worker's workflows and activities (tests).
 */
export async function startWorker(
  context: ServiceContext,
  overrides: { workflowsPath?: string; activities?: object } = {},
): Promise<Running & { workers: Worker[] }> {
  // Loaded here, not with this module: the activities bring pdf.js, tesseract.js and the Temporal worker, which
  // an API process never runs and whose tens of megabytes of heap would slow every garbage collection it does.
  const [{ createActivities, createExtractionActivities }, { createWorker, installTemporalRuntime }] =
    await Promise.all([import('../activities/index.js'), import('../infra/temporal/worker.js')]);
  installTemporalRuntime(context.logger);
  const { config } = context;
  const common = {
    address: requireTemporal(context).connection.options.address,
    namespace: config.TEMPORAL_NAMESPACE,
    dataConverter: sealedDataConverter(context.secrets.payloadKeys, context.engines.keys),
  };
  const queues = workerTaskQueues(config);
  const created: Awaited<ReturnType<typeof createWorker>>[] = [];
  try {
    if (queues.main) {
      created.push(
        await createWorker({
          ...common,
          taskQueue: queues.main,
          activities: overrides.activities ?? createActivities(context),
          ...(overrides.workflowsPath ? { workflowsPath: overrides.workflowsPath } : {}),
          options: { maxCachedWorkflows: config.WORKER_CACHED_WORKFLOWS },
        }),
      );
    }
    if (queues.extraction) {
      created.push(
        await createWorker({
          ...common,
          taskQueue: queues.extraction,
          activities: createExtractionActivities(context),
          workflowsPath: null,
          options: { maxConcurrentActivityTaskExecutions: config.EXTRACTION_CONCURRENCY },
        }),
      );
    }
  } catch (error) {
    await Promise.all(created.map(({ connection }) => connection.close()));
    throw error;
  }
  const running = created.map(({ worker }) => worker.run());
  const sweep = queues.main ? sweepEveryMinute(context) : null;
  return {
    workers: created.map(({ worker }) => worker),
    async stop() {
      sweep?.stop();
      // First: a send held by a stalled mail server fails at once (its intent stays pending in the outbox, for the
      // workflow's next attempt), so that its activity does not hold the worker's shutdown for its timeouts.
      context.mailer.close();
      for (const { worker } of created) if (worker.getState() === 'RUNNING') worker.shutdown();
      await Promise.all(running);
      await Promise.all(created.map(({ connection }) => connection.close()));
    },
  };
}

/**
 * The portal's sweep, every minute in each worker (both steps are no-ops the second time): starts the workflow of
 * any outbox mail still pending two minutes after it was asked for (the API could not reach Temporal then), and
 * closes the accounts a portal request opened whose key links all expired unopened (the close path forgets their
 * address and shreds their data key).
 */
export async function sweepPortal(context: ServiceContext, now = new Date()): Promise<void> {
  const { client } = requireTemporal(context);
  for (const id of await stalePendingMail(context.engines.sql, 120)) {
    await startPortalMail(client, context.config.TEMPORAL_TASK_QUEUE, {
      id,
      retrySeconds: context.config.MAIL_RETRY_SECONDS,
    });
  }
  for (const accountId of await expiredSignups(context.engines.sql, now)) {
    await context.accounts.close(accountId, { actor: 'system', $correlationId: `signup-expiry-${accountId}` });
  }
}

/** The sweep of admissions a crash or a 503 left half done (application/jobs/admission-sweep.ts), on this process's engines. */
export function admissionSweepOf(context: ServiceContext): AdmissionSweep {
  const { client } = requireTemporal(context);
  return admissionSweep({
    readModels: admissionReads(context.engines.sql),
    events: context.engines.events,
    ledger: context.ledger,
    async workflowExists(kind, id) {
      // Any contract gives the handle: only the id is looked up.
      const described = await workflowHandle(client, VERIFICATION_WORKFLOW, `${kind}-${id}`)
        .describe()
        .then(
          () => true,
          (error: unknown) => (error instanceof WorkflowNotFoundError ? false : Promise.reject(error)),
        );
      return described;
    },
  });
}

function sweepEveryMinute(context: ServiceContext): { stop(): void } {
  const admissions = admissionSweepOf(context);
  const timer = setInterval(() => {
    sweepPortal(context).catch((error: unknown) =>
      context.logger.warn({ error: (error as Error)?.name }, 'portal sweep failed'),
    );
    admissions
      .run()
      .then((released) => {
        if (released.length > 0)
          context.logger.warn({ holds: released.length }, 'released the credits of admissions no workflow took over');
      })
      .catch((error: unknown) => context.logger.warn({ error: (error as Error)?.name }, 'admission sweep failed'));
  }, 60_000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/**
 * The service's Temporal Schedules (one per dataset, retention), idempotent, then the first load of any dataset
 * never loaded.
 */
export async function startDatasetRefreshes(
  context: ServiceContext,
  options: Pick<DatasetTemporalOptions, 'onSettled'> = {},
): Promise<void> {
  const { client } = requireTemporal(context);
  await ensureDatasetSchedules(client, context.config.TEMPORAL_TASK_QUEUE);
  await ensureRetentionSchedule(client, context.config.TEMPORAL_TASK_QUEUE);
  await ensureLedgerStatementsSchedule(client, context.config.TEMPORAL_TASK_QUEUE);
  await loadAllDatasets(client, context.config.TEMPORAL_TASK_QUEUE, options);
}

export async function startApi(
  context: ServiceContext,
  port = context.config.PORT,
  options: ApiOptions = {},
): Promise<
  Running & {
    server: Server;
    url: string;
    /** The admin API and /metrics: ADMIN_LISTEN's listener, else `url`. */ adminUrl: string;
  }
> {
  const { config, engines } = context;
  const { app, admin, metrics, pdfInspector } = apiApp(context, options);
  readMetricsOf(context);
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
  }).catch(async (error: unknown) => {
    // ADMIN_LISTEN's address refused (in use, not local): the API's listener is not left open behind it.
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await pdfInspector.close();
    throw error;
  });
  // The API's calls are those a missing snapshot makes wait: its processes warm the ledgers, one at a time.
  const warmup = startLedgerWarmup({ sql: engines.sql, events: engines.events, logger: context.logger });
  // The hash chain's one-time migration (issues 43, 54): streams written before it get their LedgerChainStarted,
  // once; a stream whose links were removed since is reported, never anchored again.
  void recordSigningKey(engines.sql, signingKeys(context.secrets.ledgerSigningKeys), new Date()).catch(
    (error: unknown) => context.logger.warn({ err: error }, 'ledger signing key: its validity could not be recorded'),
  );
  if (engines.events.kind === 'postgres') {
    void migrateChain({
      sql: engines.sql,
      events: engines.events,
      ledger: context.ledger,
      accountIds: () => listAccountIds(engines.sql),
    })
      .then(({ chained, unlinked }) => {
        if (chained > 0) context.logger.info({ chained }, 'ledger chain: streams written before the chain are chained');
        if (unlinked.length > 0)
          context.logger.error(
            { streams: unlinked.length },
            'ledger chain: credits streams lost their chain links after the chain started; they are not re-anchored (npm run -s admin -- ledger chain lists them)',
          );
      })
      .catch((error: unknown) =>
        context.logger.warn({ err: error }, 'ledger chain migration failed; the next start tries again'),
      );
  }
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
