// The service's context: the engines, stores and clients a process opens once from its configuration and every
// part of it (API, worker, projector) is handed. Closing it closes them in the reverse of their opening.
import { tracedProjection } from '../projections/traced.js';
import { traceAppends } from '../infra/tracing/event-store.js';
import { startTracing } from '../infra/tracing/start.js';
import path from 'node:path';
import { KeyDirectory } from '../api/middleware/auth.js';
import { datasetMigrations } from '../infra/datasets/index.js';
import { loadVerificationEngine, type LoadedVerification } from '../infra/verification/load.js';
import { countedEngine } from '../infra/verification/counted.js';
import { Accounts } from '../application/accounts.js';
import { createMailer, type Mail, type Mailer } from '../infra/mail.js';
import { forgetPendingMail, mailOutboxMigrations } from '../application/mail/outbox.js';
import { sealEventsInPlace } from '../infra/eventstore/seal-in-place.js';
import { shredErased } from '../application/retention/retention.js';
import { cancelKeyExpiry } from '../infra/temporal/portal-workflows.js';
import { blobMigrations, moveFileBlobs, sqlBlobStore, type BlobStore } from '../infra/blobs.js';
import { sqlPageImages, type PageImages } from '../infra/page-images.js';
import { jobStream } from '../domain/jobs/job.js';
import { languageFirstOcr } from '../infra/ocr/language-first.js';
import type { OcrPool } from '../infra/ocr/pool-interface.js';
import { LEDGER_SNAPSHOT_VERSION, Ledger } from '../application/ledger/ledger.js';
import { sqlSnapshots } from '../infra/eventstore/snapshots.js';
import { ledgerStatementMigrations } from '../application/ledger/statements.js';
import { signingKeyMigrations } from '../application/ledger/signing-keys.js';
import { chainMigrationMigrations } from '../application/ledger/chain-migration.js';
import { RateLimits } from '../application/rate-limits/rate-limits.js';
import { UsageRecorder } from '../application/usage.js';
import { AuditRecorder } from '../application/audit.js';
import { RequestLog, requestLogMigrations } from '../application/request-log.js';
import type { Config } from '../infra/config.js';
import { openStorage, type Storage } from '../infra/storage.js';
import { positionToString, type Position } from '../infra/eventstore/types.js';
import { countReadModelTimeout } from '../infra/metrics.js';
import type { Logger } from '../infra/logger.js';
import type { Sql } from '../infra/sql/sql.js';
import { resolveSecrets, type Secrets } from '../infra/secrets.js';
import { sealedDataConverter } from '../infra/temporal/payload-codec.js';
import { connectTemporal, ensureSearchAttributes, type TemporalClient } from '../infra/temporal/client.js';
import { backfillAddressHashes } from '../projections/account-rows.js';
import { monthRequests } from '../projections/usage.js';
import { allProjections } from '../projections/index.js';
import { readers, type Readers } from '../projections/readers/index.js';
import { addressHashOf } from '../projections/readers/accounts.js';
import { retentionReads } from '../projections/readers/retention.js';
import { waitForCheckpoints } from '../projections/checkpoints.js';
import type { Projection } from '../projections/projection.js';
import { projectionMigrations } from '../projections/runner.js';
import { resumePausedMonitors, stopAccountMonitors } from '../application/monitors/lifecycle.js';

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
  /** Every API call of a key, for its account's dashboard (the last 1,000). */
  requestLog: RequestLog;
  verification: LoadedVerification;
  /** Uploaded PDFs, sealed in the database: the API puts them, extraction activities read them. */
  blobs: BlobStore;
  /** The pages of extracted documents drawn for the dashboard (issue 56), sealed as the documents are. */
  pageImages: PageImages;
  /** Started on the first scanned page this process reads. */
  ocr: OcrPool;
  /** Null for processes that need no Temporal (the projector). */
  temporal: TemporalClient | null;
  /** The portal's e-mail: SMTP_URL, or .eml files under DATA_DIR/mail. */
  mailer: Mailer;
  projections: readonly Projection[];
  /**
   * Resolves true once the projections named (default: all but those stopped) have passed `position`, false on
   * timeout. Only the readers and the tests wait: everything else reads through `readers`.
   */
  readModelsAt: Wait;
  /** The one reader of each read model (projections/readers/), waiting with `readModelsAt`. */
  readers: Readers;
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
  // Before anything opens: the Temporal client and worker, the event store and the projections join traces only
  // when tracing is on (OTEL_EXPORTER_OTLP_ENDPOINT set, or a test's exporter already started).
  const tracing = await startTracing('policy-verification-service');
  const projections = [...allProjections, ...(options.projections ?? [])].map(tracedProjection);
  const secrets = resolveSecrets(config);
  const engines = await openStorage(
    config,
    [
      ...projectionMigrations(projections),
      ...datasetMigrations,
      ...mailOutboxMigrations,
      ...requestLogMigrations,
      ...ledgerStatementMigrations,
      ...blobMigrations,
      ...signingKeyMigrations,
      ...chainMigrationMigrations,
    ],
    {
      masterKeys: secrets.dataMasterKeys,
      ...(options.sql ? { sql: options.sql } : {}),
    },
  );
  const blobs = sqlBlobStore(engines.sql, engines.keys);
  const accounts = new Accounts(
    engines.events,
    secrets.keyPepper,
    engines.keys,
    async (accountId) => forgetPendingMail(engines.sql, accountId, await addressHashOf(engines.sql, accountId)),
    async (accountId) => void (await blobs.deleteAccount(accountId)),
    async (accountId) => void (temporal ? await stopAccountMonitors(temporal.client, accountId) : undefined),
  );
  if (tracing) traceAppends(engines.events);
  try {
    await sealStoredData(engines, (email) => accounts.addressHash(email));
    await moveFileBlobs(path.join(config.DATA_DIR, 'blobs'), blobs, async (id) => {
      const job = await retentionReads(engines.sql).pendingJobOfBlob(id);
      return job && { stream: jobStream(job.job_id), accountId: job.account_id };
    });
  } catch (error) {
    await engines.close();
    throw error;
  }
  let temporal: TemporalClient | null = null;
  try {
    if (options.temporalAddress) {
      temporal = await connectTemporal(
        options.temporalAddress,
        config.TEMPORAL_NAMESPACE,
        sealedDataConverter(secrets.payloadKeys, engines.keys),
      );
      await ensureSearchAttributes(temporal);
    }
  } catch (error) {
    await engines.close();
    throw error;
  }
  const names = projections.map((p) => p.name);
  const limits = new RateLimits({
    redisUrl: config.REDIS_URL,
    prefix: config.REDIS_KEY_PREFIX,
    logger,
    // The month's count goes on from the durable usage (the dashboard's and the admin CLI's), not from zero.
    monthUsed: (keyId, period) => monthRequests(engines.sql, keyId, period),
  });
  // A key's first use ends its unused-key timer; counted keys are reported once per process, off the request path.
  const usage = new UsageRecorder(engines.events, logger, undefined, undefined, (_accountId, keyId) => {
    if (temporal)
      void cancelKeyExpiry(temporal.client, keyId).catch((error: unknown) =>
        logger.warn({ err: error, key_id: keyId }, 'key expiry not cancelled'),
      );
  });
  const loaded = await loadVerificationEngine();
  const verification = { ...loaded, engine: countedEngine(loaded.engine) };
  const context: ServiceContext = {
    config,
    secrets,
    logger,
    engines,
    accounts,
    ledger: new Ledger(engines.events, undefined, sqlSnapshots(engines.sql, LEDGER_SNAPSHOT_VERSION), (accountId) => {
      if (temporal)
        void resumePausedMonitors(temporal.client, accountId).catch((error: unknown) =>
          logger.warn({ err: error, account_id: accountId }, 'paused monitors not told of a grant'),
        );
    }),
    keys: new KeyDirectory(engines.sql, secrets.keyPepper),
    limits,
    usage,
    audit: new AuditRecorder(engines.sql, logger),
    requestLog: new RequestLog(engines.sql, logger),
    verification,
    blobs,
    pageImages: sqlPageImages(engines.sql, engines.keys),
    ocr: languageFirstOcr({ size: config.OCR_WORKERS, pageBudgetMs: config.OCR_PAGE_BUDGET_SECONDS * 1000, logger }),
    temporal,
    mailer: createMailer({
      smtpUrl: config.SMTP_URL,
      mailDir: path.join(config.DATA_DIR, 'mail'),
      from: `Policy Verification <no-reply@${new URL(config.PUBLIC_BASE_URL).hostname}>`,
      ...(options.onMailFile ? { onFile: options.onMailFile } : {}),
    }),
    projections,
    readModelsAt: countedWait(logger, (position, timeoutMs, named) =>
      waitForCheckpoints(engines.sql, named ?? names, position, timeoutMs, named !== undefined),
    ),
    // Late-bound: bin/service.ts swaps in the in-process runner's wait when it starts one.
    readers: readers({
      sql: engines.sql,
      events: engines.events,
      waitFor: (position, timeoutMs, named) => context.readModelsAt(position, timeoutMs, named),
    }),
    async close() {
      context.mailer.close();
      await context.ocr.close();
      await usage.stop();
      await context.audit.stop();
      await context.requestLog.stop();
      await limits.close();
      await temporal?.close();
      await engines.close();
      await tracing?.processor.forceFlush();
    },
  };
  return context;
}

/**
 * What the store holds from before crypto-shredding is brought up to it, each step a no-op once done: data keys
 * wrapped by a retired master are re-wrapped, events written with personal fields in clear are sealed (once,
 * PostgreSQL only; then the keys of what is due to go are deleted), and read-model rows get their address hash.
 */
async function sealStoredData(engines: Storage, addressHash: (email: string) => string) {
  await engines.keys.rewrap();
  if (engines.events.kind === 'postgres' && (await sealEventsInPlace(engines.sql, engines.keys, { addressHash })) > 0) {
    await shredErased({ sql: engines.sql, keys: engines.keys, readModels: retentionReads(engines.sql) });
  }
  await backfillAddressHashes(engines.sql, addressHash);
}

type Wait = (position: Position, timeoutMs?: number, names?: readonly string[]) => Promise<boolean>;

/** A wait for the read models that gives up is never silent: counted and logged, whatever its caller does next. */
export function countedWait(logger: Logger, wait: Wait): Wait {
  return async (position, timeoutMs, names) => {
    const reached = await wait(position, timeoutMs, names);
    if (!reached) {
      countReadModelTimeout();
      logger.warn(
        { position: positionToString(position), timeout_ms: timeoutMs ?? 5000, projections: names },
        'read models behind a write after the wait',
      );
    }
    return reached;
  };
}

export function requireTemporal(context: ServiceContext): TemporalClient {
  if (!context.temporal) throw new Error('this process was started without a Temporal connection');
  return context.temporal;
}
