import { proxyActivities } from '@temporalio/workflow';
import type { RetentionActivities } from '../activities/retention.js';
import type { RetentionInput } from '../contracts/retention.js';
import type { RetentionReport } from '../contracts/retention.js';

// Each step is idempotent (events with derived ids, deletes of what is gone): retried freely.
const { eraseExpiredResults, deleteExpiredDocuments, deleteExpiredAuditEntries } = proxyActivities<RetentionActivities>(
  {
    startToCloseTimeout: '30 minutes',
    retry: { initialInterval: '10 seconds', maximumInterval: '10 minutes', maximumAttempts: 10 },
  },
);

/**
 * Retention (docs/architecture.md#personal-data), started daily by the `retention` Schedule: erases results past JOB_RETENTION_DAYS,
 * then deletes the documents no job within retention refers to, then audit entries past 90 days.
 */
export async function retentionWorkflow(input: RetentionInput = {}): Promise<RetentionReport> {
  // Date in workflow code is the workflow's deterministic time: the scheduled start.
  const now = input.now ?? new Date().toISOString();
  const erased = await eraseExpiredResults({ now });
  const documents = await deleteExpiredDocuments({ now });
  const audit = await deleteExpiredAuditEntries({ now });
  return {
    now,
    jobs_erased: erased.jobs,
    batches_erased: erased.batches,
    documents_deleted: documents.deleted,
    documents_kept: documents.kept,
    audit_entries_deleted: audit.deleted,
  };
}
