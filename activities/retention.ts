import {
  deleteExpiredAudit,
  deleteExpiredBlobs,
  eraseClosedAccounts,
  eraseExpiredBatches,
  eraseExpiredJobs,
  shredErased,
  type RetentionDeps,
} from '../application/retention/retention.js';

/** What one retention step takes: the run's clock, an ISO time (a fixed one in tests). */
export interface RetentionStepInput {
  now: string;
}

/** Retention's steps (docs/architecture.md#personal-data), each computing its cut-off from `now`; each is safe to run again. */
export function retentionActivities(deps: RetentionDeps) {
  return {
    async eraseExpiredResults({ now }: RetentionStepInput): Promise<{ jobs: number; batches: number }> {
      const at = new Date(now);
      const closed = await eraseClosedAccounts(deps, at);
      const erased = {
        jobs: (await eraseExpiredJobs(deps, at)) + closed.jobs,
        batches: (await eraseExpiredBatches(deps, at)) + closed.batches,
      };
      await shredErased(deps);
      return erased;
    },
    async deleteExpiredDocuments({ now }: RetentionStepInput): Promise<{ deleted: number; kept: number }> {
      return deleteExpiredBlobs(deps, new Date(now));
    },
    async deleteExpiredAuditEntries({ now }: RetentionStepInput): Promise<{ deleted: number }> {
      return { deleted: await deleteExpiredAudit(deps, new Date(now)) };
    },
  };
}

export type RetentionActivities = ReturnType<typeof retentionActivities>;
