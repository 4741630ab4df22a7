// The API's Express app: which router answers which paths, in what order, and what each is handed from the
// service's context. Starting it listening (and stopping it) is bin/service.ts's startApi.
import { Router, type Express, type RequestHandler } from 'express';
import { codecRoutes } from '../api/admin/codec.js';
import { requireAdmin } from '../api/admin/admin-token.js';
import { adminRoutes } from '../api/admin/routes.js';
import { projectionRoutes } from '../api/admin/projection-routes.js';
import { createApp } from '../api/app.js';
import { optionalKey, type Principal } from '../api/middleware/auth.js';
import { rateLimit } from '../api/middleware/rate-limit.js';
import { requestRecorder } from '../api/middleware/request-log.js';
import { openApiRoutes } from '../api/openapi.js';
import { portalSession, webRoutes } from '../api/portal/index.js';
import { datasetRoutes } from '../api/routes/datasets.js';
import { accountRoutes } from '../api/routes/account.js';
import { signingKeys } from '../application/ledger/statements.js';
import { statementNotice } from '../application/ledger/statement-notice.js';
import { insurerRoutes } from '../api/routes/insurers.js';
import { batchRoutes } from '../api/routes/batches.js';
import { documentsExtractRoutes } from '../api/routes/documents-extract.js';
import { jobRoutes } from '../api/routes/jobs.js';
import { monitorRoutes } from '../api/routes/monitors.js';
import { monitorDeps } from './monitor-deps.js';
import { verifyAsyncRoutes, type VerifyAsyncDeps } from '../api/routes/verify-async.js';
import { verifyBatchRoutes } from '../api/routes/verify-batch.js';
import { verifyRoutes } from '../api/routes/verify.js';
import { sandboxVerify } from '../domain/verification/sandbox.js';
import { datasetsReady } from '../infra/datasets/index.js';
import { countedSandbox } from '../infra/verification/counted.js';
import {
  resendWebhook,
  resendMonitorNotice,
  startCorrectionWebhook,
  startKeyExpiry,
  startPortalMail,
} from '../infra/temporal/portal-workflows.js';
import { correctionRoutes, type Corrections } from '../api/routes/corrections.js';
import { enqueueMail } from '../application/mail/outbox.js';
import { listDeliveries } from '../projections/webhook-deliveries.js';
import { threadedPdfInspector, type PdfInspector } from '../infra/pdf/inspector.js';
import { AesGcmPayloadCodec } from '../infra/temporal/payload-codec.js';
import { temporalReachable } from '../infra/temporal/client.js';
import { requireTemporal, type ServiceContext } from './context.js';
import { projectionStatuses } from '../projections/parked.js';
import { retentionReads } from '../projections/readers/retention.js';
import { eraseClosedAccounts } from '../application/retention/retention.js';

export interface ApiOptions {
  /**
   * `npm run dev`: the UI of the Temporal dev server it runs on loopback, whose browser requests the codec server
   * answers without the admin token (api/admin/codec.ts).
   */
  devTemporalUi?: string;
  /** The address to listen on (`npm run dev`: loopback unless HOST says otherwise); else HOST, else every interface. */
  host?: string;
  /** Each request's log line at debug rather than info (`npm run dev`: its console is for people). */
  quietRequests?: boolean;
}

/** A loopback UI's origin as a browser may send it: by localhost or by 127.0.0.1. */
function loopbackOrigins(url: string | undefined): string[] {
  if (!url) return [];
  const origin = new URL(url);
  return ['localhost', '127.0.0.1'].map((host) => `${origin.protocol}//${host}:${origin.port}`);
}

export interface ApiApp {
  app: Express;
  /** The admin API: served by `app` itself, or with ADMIN_LISTEN by a listener of its own. */
  admin: Router;
  /** /metrics when ADMIN_LISTEN serves it apart from `app`, else null. */
  metrics: RequestHandler | null;
  /** Inspects uploaded PDFs off the request thread; whoever stops the API closes it. */
  pdfInspector: PdfInspector;
}

export function apiApp(context: ServiceContext, options: ApiOptions = {}): ApiApp {
  const { config, engines } = context;
  const temporal = requireTemporal(context);
  const onAuthenticated = (principal: Principal) => context.usage.record(principal.accountId, principal.keyId);
  const pdfInspector = threadedPdfInspector();
  // Datasets and the insurer look-up take a key but need none; a bad key is still refused.
  const publicData = [optionalKey(context.keys), rateLimit(context.limits, onAuthenticated)];
  const adminGate = requireAdmin(context.secrets.adminToken);
  const statementKeys = signingKeys(context.secrets.ledgerSigningKeys);
  const admin = Router().use(
    projectionRoutes({
      requireAdmin: adminGate,
      sql: engines.sql,
      events: engines.events,
      projections: context.projections,
    }),
  );
  admin.use(
    adminRoutes({
      requireAdmin: adminGate,
      db: engines.sql,
      events: engines.events,
      accounts: context.accounts,
      ledger: context.ledger,
      keys: context.keys,
      usage: context.usage,
      flushAudit: () => context.audit.flush(),
      reader: context.readers.accounts,
      statementKeys,
      trainingTextAccounts: config.TRAINING_TEXT_ACCOUNTS,
      statementSigned: statementNotice({
        addressHash: (address) => context.accounts.addressHash(address),
        start: async (id) => {
          await startPortalMail(temporal.client, config.TEMPORAL_TASK_QUEUE, {
            id,
            retrySeconds: config.MAIL_RETRY_SECONDS,
          }).catch((error: unknown) =>
            context.logger.warn({ error: (error as Error)?.name }, 'statement mail queued; its workflow starts later'),
          );
        },
      }),
    }),
  );
  // What the job routes share: submitting (api/routes/submission.ts) and reading jobs and batches.
  const jobDeps: VerifyAsyncDeps = {
    keys: context.keys,
    limits: context.limits,
    temporal,
    admission: { events: engines.events, ledger: context.ledger },
    taskQueue: config.TEMPORAL_TASK_QUEUE,
    webhookAllowlist: config.WEBHOOK_ALLOWLIST,
    webhookRetrySeconds: config.WEBHOOK_RETRY_SECONDS,
    jobs: context.readers.jobs,
    batches: context.readers.batches,
    documents: { blobs: context.blobs, inspect: (bytes) => pdfInspector.inspect(bytes) },
    onAuthenticated,
  };
  // Corrections of extractions (issue 56), from the API and the dashboard alike.
  const corrections: Corrections = {
    events: engines.events,
    startWebhook: (input) =>
      startCorrectionWebhook(temporal.client, config.TEMPORAL_TASK_QUEUE, {
        ...input,
        retrySeconds: config.WEBHOOK_RETRY_SECONDS,
      }),
    onWebhookStartFailed: (error) =>
      context.logger.warn({ error: (error as Error)?.name }, 'correction recorded; its webhook did not start'),
  };
  let metrics: RequestHandler | null = null;
  const app = createApp({
    logger: context.logger,
    ...(options.quietRequests ? { requestLogLevel: 'debug' as const } : {}),
    answered: requestRecorder(context.requestLog),
    ...(config.TRUST_PROXY !== undefined ? { trustProxy: config.TRUST_PROXY } : {}),
    readiness: {
      temporal: () => temporalReachable(temporal),
      event_store: async () => {
        await engines.events.readStream('$readiness');
        return true;
      },
      read_models: async () => {
        const behind = (await projectionStatuses(engines.sql, context.projections)).filter((p) => p.status !== 'ok');
        return behind.length === 0 || { degraded: Object.fromEntries(behind.map((p) => [p.name, p.status])) };
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
      correctionRoutes({ ...jobDeps, corrections }),
      jobRoutes(jobDeps),
      batchRoutes(jobDeps),
      monitorRoutes({ ...jobDeps, ...monitorDeps(context, temporal.client), monitors: context.readers.monitors }),
      accountRoutes({
        keys: context.keys,
        limits: context.limits,
        ledger: context.ledger,
        db: engines.sql,
        events: engines.events,
        statementKeys,
      }),
      // The dataset pages' downloads are the series endpoint's data in another dress: the same limit.
      Router().use(
        ['/api/v1/datasets', '/api/v1/series', '/data', '/api/v1/insurers', /^\/datasets\/[^/]+\.(?:csv|json)$/],
        ...publicData,
      ),
      datasetRoutes({ sql: engines.sql }),
      insurerRoutes(context.verification.insurers),
      openApiRoutes(),
      codecRoutes({
        codec: new AesGcmPayloadCodec(context.secrets.payloadKeys, engines.keys),
        requireAdmin: adminGate,
        corsOrigins: [config.TEMPORAL_UI_ORIGIN, ...loopbackOrigins(options.devTemporalUi)].filter((o): o is string =>
          Boolean(o),
        ),
        trustedOrigins: loopbackOrigins(options.devTemporalUi),
      }),
      webRoutes({
        db: engines.sql,
        events: engines.events,
        accounts: context.accounts,
        ledger: context.ledger,
        keys: context.keys,
        limits: context.limits,
        usage: context.usage,
        requestLog: context.requestLog,
        forgetMailedLink: (token) => context.mailer.forget(token),
        queueMail: async (intent) => {
          const id = await enqueueMail(engines.sql, {
            ...intent,
            addressHash: context.accounts.addressHash(intent.address),
          });
          // Temporal away: the intent waits, and a worker's sweep starts it (bin/service.ts sweepMailOutbox).
          // At most two seconds, known address or not: the answer must not wait on Temporal either.
          const started = startPortalMail(temporal.client, config.TEMPORAL_TASK_QUEUE, {
            id,
            retrySeconds: config.MAIL_RETRY_SECONDS,
          }).catch((error: unknown) =>
            context.logger.warn({ error: (error as Error)?.name }, 'mail queued; its workflow starts later'),
          );
          await Promise.race([started, new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
        },
        logger: context.logger,
        baseUrl: config.PUBLIC_BASE_URL,
        ...(config.TRACE_UI_URL ? { traceUi: config.TRACE_UI_URL } : {}),
        secure: config.PUBLIC_BASE_URL.startsWith('https:'),
        secret: context.secrets.keyPepper,
        session: portalSession({
          db: engines.sql,
          tokenHash: (token) => context.accounts.tokenHash(token),
          secret: context.secrets.keyPepper,
          secure: config.PUBLIC_BASE_URL.startsWith('https:'),
        }),
        reader: context.readers.accounts,
        monitors: context.readers.monitors,
        startKeyExpiry: async (accountId, keyId, mode) => {
          await startKeyExpiry(temporal.client, config.TEMPORAL_TASK_QUEUE, {
            accountId,
            keyId,
            mode,
            afterSeconds: config.KEY_UNUSED_EXPIRY_SECONDS,
          });
        },
        deliveries: (accountId) => listDeliveries(engines.sql, accountId, 50),
        eraseClosedAccounts: async () => {
          await eraseClosedAccounts(
            {
              sql: engines.sql,
              readModels: retentionReads(engines.sql),
              events: engines.events,
              keys: engines.keys,
              blobs: context.blobs,
              jobRetentionDays: config.JOB_RETENTION_DAYS,
            },
            new Date(),
          );
        },
        pageImages: context.pageImages,
        corrections,
        resendWebhook: async (accountId, jobId) => {
          const { position } = await resendWebhook(temporal.client, config.TEMPORAL_TASK_QUEUE, {
            jobId,
            accountId,
            retrySeconds: config.WEBHOOK_RETRY_SECONDS,
          });
          // The dashboard it redirects to lists the callbacks without a position.
          await context.readers.accounts.deliveriesShow(position);
        },
        resendMonitorNotice: async ({ accountId, monitorId, noticeId, mode }) => {
          const { position } = await resendMonitorNotice(temporal.client, config.TEMPORAL_TASK_QUEUE, {
            monitorId,
            noticeId,
            accountId,
            mode,
            webhookRetrySeconds: config.WEBHOOK_RETRY_SECONDS,
          });
          // The monitor's page it redirects to reads the read model as it stands.
          await context.readers.monitors.get(monitorId, { accountId }, { atLeast: position });
        },
      }),
      // With ADMIN_LISTEN, the admin API and /metrics are served by a listener of their own (startAdminListener).
      ...(config.ADMIN_LISTEN ? [] : [admin]),
    ],
    ...(config.ADMIN_LISTEN
      ? { metricsElsewhere: (handler: RequestHandler) => (metrics = handler) }
      : { metricsGate: adminGate }),
  });
  return { app, admin, metrics, pdfInspector };
}
