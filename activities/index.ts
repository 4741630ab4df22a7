import type { Accounts } from '../application/accounts.js';
import type { BlobStore } from '../infra/blobs.js';
import type { Config } from '../infra/config.js';
import type { Storage } from '../infra/storage.js';
import type { Ledger } from '../application/ledger/ledger.js';
import type { Logger } from '../infra/logger.js';
import type { Mailer } from '../infra/mail.js';
import type { OcrPool } from '../infra/ocr/pool-interface.js';
import type { LoadedVerification } from '../infra/verification/load.js';
import type { Readers } from '../projections/readers/index.js';
import { retentionReads } from '../projections/readers/retention.js';
import { listAccountIds } from '../projections/readers/accounts.js';
import { datasetActivities } from './datasets.js';
import { extractionActivities } from './extraction.js';
import { pageImageActivities } from './page-images.js';
import type { PageImages } from '../infra/page-images.js';
import { jobActivities } from './jobs.js';
import { mailActivities } from './mail.js';
import { monitorActivities } from './monitors.js';
import { portalActivities } from './portal.js';
import { retentionActivities } from './retention.js';
import { ledgerStatementActivities } from './ledger-statements.js';
import { signingKeys } from '../application/ledger/statements.js';
import { statementNotice } from '../application/ledger/statement-notice.js';
import type { Secrets } from '../infra/secrets.js';

/**
 * What the activities are bound to: the part of the service's context (bin/context.ts) they use, named here so
 * that this module does not import the composition root that imports it.
 */
export interface ActivityDependencies {
  config: Pick<
    Config,
    'DATASET_SOURCES' | 'EIA_API_KEY' | 'WEBHOOK_ALLOWLIST' | 'JOB_RETENTION_DAYS' | 'PUBLIC_BASE_URL'
  >;
  logger: Logger;
  engines: Pick<Storage, 'sql' | 'events' | 'keys'>;
  accounts: Accounts;
  ledger: Ledger;
  verification: Pick<LoadedVerification, 'engine' | 'matchInsurer' | 'fitsPolicyFormat' | 'registry'>;
  blobs: BlobStore;
  ocr: OcrPool;
  mailer: Mailer;
  readers: Readers;
  secrets: Pick<Secrets, 'ledgerSigningKeys'>;
}

/**
 * The activities of the main task queue's worker, bound to the service's engines: all but the documents' (see
 * createExtractionActivities). Workflows import only the types of the activities, never these modules, so their
 * bundle stays free of I/O.
 */
export function createActivities(context: ActivityDependencies) {
  return {
    ...datasetActivities({
      sql: context.engines.sql,
      logger: context.logger,
      sources: context.config.DATASET_SOURCES,
      eiaApiKey: context.config.EIA_API_KEY,
    }),
    ...jobActivities({
      events: context.engines.events,
      ledger: context.ledger,
      accounts: context.accounts,
      engine: context.verification.engine,
      jobs: context.readers.jobs,
      webhooks: { allowlist: context.config.WEBHOOK_ALLOWLIST },
    }),
    ...monitorActivities({
      events: context.engines.events,
      accounts: context.accounts,
      ledger: context.ledger,
      keys: context.engines.keys,
      engine: context.verification.engine,
      registry: context.verification.registry,
      webhooks: { allowlist: context.config.WEBHOOK_ALLOWLIST },
    }),
    ...portalActivities({ accounts: context.accounts, db: context.engines.sql }),
    ...mailActivities({
      db: context.engines.sql,
      accounts: context.accounts,
      mailer: context.mailer,
      baseUrl: context.config.PUBLIC_BASE_URL,
      reader: context.readers.accounts,
    }),
    ...ledgerStatementActivities({
      sql: context.engines.sql,
      events: context.engines.events,
      keys: signingKeys(context.secrets.ledgerSigningKeys),
      accountIds: () => listAccountIds(context.engines.sql),
      // The notice's mail waits in the outbox for the workers' sweep to start it.
      signed: statementNotice({ addressHash: (a) => context.accounts.addressHash(a) }),
    }),
    ...retentionActivities({
      sql: context.engines.sql,
      readModels: retentionReads(context.engines.sql),
      events: context.engines.events,
      keys: context.engines.keys,
      blobs: context.blobs,
      jobRetentionDays: context.config.JOB_RETENTION_DAYS,
    }),
  };
}

/** The activities of the extraction task queue's worker (contracts/extraction.ts): PDF reading and OCR. */
export function createExtractionActivities(
  context: Pick<ActivityDependencies, 'blobs' | 'ocr' | 'verification' | 'logger'> & { pageImages: PageImages },
) {
  return {
    ...extractionActivities({
      blobs: context.blobs,
      ocr: context.ocr,
      matchInsurer: context.verification.matchInsurer,
      fitsPolicyFormat: context.verification.fitsPolicyFormat,
      logger: context.logger,
    }),
    ...pageImageActivities({ blobs: context.blobs, pageImages: context.pageImages, logger: context.logger }),
  };
}
