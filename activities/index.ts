import type { ServiceContext } from '../bin/service.js';
import { datasetActivities } from './datasets.js';
import { extractionActivities } from './extraction.js';
import { jobActivities } from './jobs.js';
import { portalActivities } from './portal.js';
import { retentionActivities } from './retention.js';

/**
 * Every activity the worker runs, bound to the service's engines. Workflows import only the *type* of this
 * object (`typeof Activities`), never the module, so their bundle stays free of I/O.
 */
export function createActivities(context: ServiceContext) {
  return {
    ...datasetActivities({
      sql: context.engines.sql,
      logger: context.logger,
      sources: context.config.DATASET_SOURCES,
      eiaApiKey: context.config.EIA_API_KEY,
    }),
    ...extractionActivities({
      blobs: context.blobs,
      ocr: context.ocr,
      matchInsurer: context.verification.matchInsurer,
      fitsPolicyFormat: context.verification.fitsPolicyFormat,
      logger: context.logger,
    }),
    ...jobActivities({
      events: context.engines.events,
      ledger: context.ledger,
      accounts: context.accounts,
      engine: context.verification.engine,
      db: context.engines.sql,
      readModelsAt: (position, timeoutMs) => context.readModelsAt(position, timeoutMs),
      webhooks: { allowlist: context.config.WEBHOOK_ALLOWLIST },
    }),
    ...portalActivities({ accounts: context.accounts, db: context.engines.sql }),
    ...retentionActivities({ sql: context.engines.sql, events: context.engines.events, blobs: context.blobs, jobRetentionDays: context.config.JOB_RETENTION_DAYS }),
  };
}

export type Activities = ReturnType<typeof createActivities>;
