// The composition root: wires engines, projections, the worker and the API from a configuration.
// Every entry point (dev, api, worker, projector) and the integration tests start the service through here.
import { once } from 'node:events';
import path from 'node:path';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Worker } from '@temporalio/worker';
import { Router, type RequestHandler } from 'express';
import { startAdminListener } from '../api/admin/listener.js';
import { codecRoutes } from '../api/admin/codec.js';
import { adminRoutes, requireAdmin } from '../api/admin/routes.js';
import { createApp } from '../api/app.js';
import { KeyDirectory, optionalKey, type Principal } from '../api/middleware/auth.js';
import { rateLimit } from '../api/middleware/rate-limit.js';
import { openApiRoutes } from '../api/openapi.js';
import { portalSession, webRoutes } from '../api/portal/index.js';
import { datasetRoutes } from '../api/routes/datasets.js';
import { accountRoutes } from '../api/routes/account.js';
import { insurerRoutes } from '../api/routes/insurers.js';
import { batchRoutes } from '../api/routes/batches.js';
import { documentsExtractRoutes } from '../api/routes/documents-extract.js';
import { jobRoutes } from '../api/routes/jobs.js';
import { verifyAsyncRoutes, type VerifyAsyncDeps } from '../api/routes/verify-async.js';
import { verifyBatchRoutes } from '../api/routes/verify-batch.js';
import { verifyRoutes } from '../api/routes/verify.js';
import { sandboxVerify } from '../domain/verification/sandbox.js';
import { datasetMigrations, datasetsReady, ensureDatasetSchedules, loadAllDatasets, type DatasetTemporalOptions } from '../infra/datasets/index.js';
import { loadVerificationEngine, type LoadedVerification } from '../infra/verification/load.js';
import { countedEngine, countedSandbox } from '../infra/verification/counted.js';
import { readMetricsFrom } from '../infra/metrics.js';
import { Accounts } from '../infra/accounts.js';
import { createMailer, type Mail, type Mailer } from '../infra/mail.js';
import { cancelKeyExpiry, resendWebhook, startKeyExpiry } from '../infra/temporal/portal-workflows.js';
import { listDeliveries } from '../projections/jobs.js';
import { fileBlobStore, type BlobStore } from '../infra/blobs.js';
import { threadedPdfInspector } from '../infra/pdf/inspector.js';
import { lazyOcrPool } from '../infra/ocr/lazy-pool.js';
import type { OcrPool } from '../infra/ocr/pool.js';
import { Ledger } from '../infra/ledger.js';
import { RateLimits } from '../infra/rate-limits.js';
import { UsageRecorder } from '../infra/usage.js';
import { AuditRecorder } from '../infra/audit.js';
import { ensureRetentionSchedule } from '../infra/retention/schedule.js';
import type { Config } from '../infra/config.js';
import { openStorage, type Storage } from '../infra/storage.js';
import type { Position } from '../infra/eventstore/types.js';
import type { Logger } from '../infra/logger.js';
import type { Sql } from '../infra/sql/sql.js';
import { resolveSecrets, type Secrets } from '../infra/secrets.js';
import { AesGcmPayloadCodec, sealedDataConverter } from '../infra/temporal/payload-codec.js';
import { connectTemporal, ensureSearchAttributes, temporalReachable, type TemporalClient } from '../infra/temporal/client.js';
import { allProjections } from '../projections/index.js';
import { ProjectionRunner, projectionMigrations, waitForCheckpoints, type Projection } from '../projections/runner.js';

export interface ServiceContext {
  config: Config;
  secrets: Secrets;
  logger: Logger;
  engines: Storage;
  accounts: Accounts;
  ledger: Ledger;
  keys: KeyDirectory;
  limits: RateLimits;
  usage: UsageRecorder;
  /** The synchronous route's per-call audit entries (the projector writes the async ones). */
  audit: AuditRecorder;
  verification: LoadedVerification;
  /** Uploaded PDFs: the API puts them, extraction activities read them. */
  blobs: BlobStore;
  /** Started on the first scanned page this process reads. */
  ocr: OcrPool;
  /** Null for processes that need no Temporal (the projector). */
  temporal: TemporalClient | null;
  /** The portal's e-mail: SMTP_URL, or .eml files under DATA_DIR/mail. */
  mailer: Mailer;
  projections: readonly Projection[];
  /** Resolves once the read models have caught up with `position` (bounded): read-your-writes for the API. */
  readModelsAt(position: Position, timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

export interface ContextOptions {
  temporalAddress: string | null;
  /** Extra projections (tests). */
  projections?: readonly Projection[];
  /** A database opened by the caller (tests), instead of the one the configuration names. */
  sql?: Sql;
  /** Hears of each mail written to a file when SMTP_URL is unset (the dev console prints its link). */
  onMailFile?: (file: string, mail: Mail) => void;
}

export async function openContext(config: Config, logger: Logger, options: ContextOptions): Promise<ServiceContext> {
  const projections = [...allProjections, ...(options.projections ?? [])];
  const secrets = resolveSecrets(config);
  const engines = await openStorage(config, [...projectionMigrations(projections), ...datasetMigrations], options.sql);
  let temporal: TemporalClient | null = null;
  try {
    if (options.temporalAddress) {
      temporal = await connectTemporal(options.temporalAddress, config.TEMPORAL_NAMESPACE, sealedDataConverter(secrets.payloadKeys));
      await ensureSearchAttributes(temporal);
    }
  } catch (error) {
    await engines.close();
    throw error;
  }
  const names = projections.map((p) => p.name);
  const limits = new RateLimits({ redisUrl: config.REDIS_URL, prefix: config.REDIS_KEY_PREFIX, logger });
  // A key's first use ends its unused-key timer; counted keys are reported once per process, off the request path.
  const usage = new UsageRecorder(engines.events, logger, undefined, undefined, (_accountId, keyId) => {
    if (temporal) void cancelKeyExpiry(temporal.client, keyId).catch((error: unknown) => logger.warn({ err: error, key_id: keyId }, 'key expiry not cancelled'));
  });
  const loaded = await loadVerificationEngine();
  const verification = { ...loaded, engine: countedEngine(loaded.engine) };
  const context: ServiceContext = {
    config,
    secrets,
    logger,
    engines,
    accounts: new Accounts(engines.events, secrets.keyPepper),
    ledger: new Ledger(engines.events),
    keys: new KeyDirectory(engines.sql, secrets.keyPepper),
    limits,
    usage,
    audit: new AuditRecorder(engines.sql, logger),
    verification,
    blobs: fileBlobStore(config.BLOB_DIR),
    ocr: lazyOcrPool({ size: config.OCR_WORKERS, pageBudgetMs: config.OCR_PAGE_BUDGET_SECONDS * 1000, logger }),
    temporal,
    mailer: createMailer({
      smtpUrl: config.SMTP_URL,
      mailDir: path.join(config.DATA_DIR, 'mail'),
      from: `Policy Verification <no-reply@${new URL(config.PUBLIC_BASE_URL).hostname}>`,
      ...(options.onMailFile ? { onFile: options.onMailFile } : {}),
    }),
    projections,
    readModelsAt: (position, timeoutMs) => waitForCheckpoints(engines.sql, names, position, timeoutMs),
    async close() {
      context.mailer.close();
      await context.ocr.close();
      await usage.stop();
      await context.audit.stop();
      await limits.close();
      await temporal?.close();
      await engines.close();
    },
  };
  return context;
}

/** A loopback UI's origin as a browser may send it: by localhost or by 127.0.0.1. */
function loopbackOrigins(url: string | undefined): string[] {
  if (!url) return [];
  const origin = new URL(url);
  return ['localhost', '127.0.0.1'].map((host) => `${origin.protocol}//${host}:${origin.port}`);
}

export function requireTemporal(context: ServiceContext): TemporalClient {
  if (!context.temporal) throw new Error('this process was started without a Temporal connection');
  return context.temporal;
}

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
  context.readModelsAt = (position, timeoutMs) => runner.waitFor(position, timeoutMs);
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
  return {
    worker,
    async stop() {
      if (worker.getState() === 'RUNNING') worker.shutdown();
      await running;
      await connection.close();
    },
  };
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

export interface ApiOptions {
  /**
   * `npm run dev`: the UI of the Temporal dev server it runs on loopback, whose browser requests the codec server
   * answers without the admin token (api/admin/codec.ts).
   */
  devTemporalUi?: string;
}

export async function startApi(
  context: ServiceContext,
  port = context.config.PORT,
  options: ApiOptions = {},
): Promise<Running & { server: Server; url: string; /** The admin API and /metrics: ADMIN_LISTEN's listener, else `url`. */ adminUrl: string }> {
  const { config, engines } = context;
  const temporal = requireTemporal(context);
  const readModelsAt = (position: Position, timeoutMs?: number) => context.readModelsAt(position, timeoutMs);
  const onAuthenticated = (principal: Principal) => context.usage.record(principal.accountId, principal.keyId);
  const pdfInspector = threadedPdfInspector();
  // Datasets and the insurer look-up take a key but need none; a bad key is still refused.
  const publicData = [optionalKey(context.keys, onAuthenticated), rateLimit(context.limits)];
  const admin = adminRoutes({
    adminToken: context.secrets.adminToken,
    db: engines.sql,
    events: engines.events,
    accounts: context.accounts,
    ledger: context.ledger,
    keys: context.keys,
    usage: context.usage,
    flushAudit: () => context.audit.flush(),
    readModelsAt,
  });
  // What the job routes share: submitting (api/routes/submission.ts) and reading jobs and batches.
  const jobDeps: VerifyAsyncDeps = {
    keys: context.keys,
    limits: context.limits,
    db: engines.sql,
    temporal,
    taskQueue: config.TEMPORAL_TASK_QUEUE,
    webhookAllowlist: config.WEBHOOK_ALLOWLIST,
    webhookRetrySeconds: config.WEBHOOK_RETRY_SECONDS,
    readModelsAt,
    documents: { blobs: context.blobs, inspect: (bytes) => pdfInspector.inspect(bytes) },
    onAuthenticated,
  };
  let metrics: RequestHandler | null = null;
  const app = createApp({
    logger: context.logger,
    readiness: {
      temporal: () => temporalReachable(temporal),
      event_store: async () => {
        await engines.events.readStream('$readiness');
        return true;
      },
      read_models: async () => {
        await engines.sql.query('select 1 from projection_checkpoints limit 1');
        return true;
      },
      datasets: () => datasetsReady(engines.sql),
    },
    // The paying paths first: fewer router layers to walk for the requests that matter most.
    routers: [
      verifyRoutes({
        keys: context.keys,
        limits: context.limits,
        ledger: context.ledger,
        engine: context.verification.engine,
        sandbox: countedSandbox(sandboxVerify),
        audit: context.audit,
        onAuthenticated,
      }),
      verifyAsyncRoutes(jobDeps),
      documentsExtractRoutes(jobDeps),
      verifyBatchRoutes(jobDeps),
      jobRoutes(jobDeps),
      batchRoutes(jobDeps),
      accountRoutes({ keys: context.keys, limits: context.limits, ledger: context.ledger }),
      Router().use(['/api/v1/datasets', '/api/v1/series', '/data', '/api/v1/insurers'], ...publicData),
      datasetRoutes({ sql: engines.sql }),
      insurerRoutes(context.verification.insurers),
      openApiRoutes(),
      codecRoutes({
        codec: new AesGcmPayloadCodec(context.secrets.payloadKeys),
        requireAdmin: requireAdmin(context.secrets.adminToken),
        corsOrigins: [config.TEMPORAL_UI_ORIGIN, ...loopbackOrigins(options.devTemporalUi)].filter((o): o is string => Boolean(o)),
        trustedOrigins: loopbackOrigins(options.devTemporalUi),
      }),
      webRoutes({
        db: engines.sql,
        accounts: context.accounts,
        ledger: context.ledger,
        keys: context.keys,
        limits: context.limits,
        usage: context.usage,
        mailer: context.mailer,
        logger: context.logger,
        baseUrl: config.PUBLIC_BASE_URL,
        secure: config.PUBLIC_BASE_URL.startsWith('https:'),
        secret: context.secrets.keyPepper,
        session: portalSession({
          db: engines.sql,
          tokenHash: (token) => context.accounts.tokenHash(token),
          secret: context.secrets.keyPepper,
          secure: config.PUBLIC_BASE_URL.startsWith('https:'),
        }),
        readModelsAt,
        startKeyExpiry: async (accountId, keyId, mode) => {
          await startKeyExpiry(temporal.client, config.TEMPORAL_TASK_QUEUE, { accountId, keyId, mode, afterSeconds: config.KEY_UNUSED_EXPIRY_SECONDS });
        },
        deliveries: (accountId) => listDeliveries(engines.sql, accountId, 50),
        resendWebhook: async (accountId, jobId) => {
          await resendWebhook(temporal.client, config.TEMPORAL_TASK_QUEUE, { jobId, accountId, retrySeconds: config.WEBHOOK_RETRY_SECONDS, readModelsAt });
        },
      }),
      // With ADMIN_LISTEN, the admin API and /metrics are served by a listener of their own (startAdminListener).
      ...(config.ADMIN_LISTEN ? [] : [admin]),
    ],
    ...(config.ADMIN_LISTEN ? { metricsElsewhere: (handler: RequestHandler) => (metrics = handler) } : {}),
  });
  readMetricsFrom(engines.sql);
  context.usage.start();
  context.audit.start();
  const server = app.listen(port, '0.0.0.0');
  // Keep idle connections longer than clients and proxies do (Node's 5 s is shorter than most), so a client
  // never sends a request on a connection the server is closing at that moment (ECONNRESET on a POST).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await once(server, 'listening');
  const address = server.address() as AddressInfo;
  const adminListener = await startAdminListener({ listen: config.ADMIN_LISTEN, admin, metrics, api: server, dataDir: config.DATA_DIR, logger: context.logger }).catch(
    async (error: unknown) => {
      // ADMIN_LISTEN's address refused (in use, not local): the API's listener is not left open behind it.
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await pdfInspector.close();
      throw error;
    },
  );
  return {
    server,
    url: `http://127.0.0.1:${address.port}`,
    adminUrl: adminListener.url,
    /** Stops taking requests and lets those in flight finish (a charge half done is finished), for at most 5 s. */
    async stop() {
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
