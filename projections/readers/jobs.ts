import { foldedBatch, foldedJob } from './job-records.js';
import { batchRequestHash, findBatch } from '../batches.js';
import { findJob, jobRequestHash } from '../jobs.js';
import { readAt, type AtLeast, type ReaderDeps } from './read-at.js';

type Owner = { accountId: string; mode: string };

// The jobs and batches read models (GET /api/v1/jobs/{id}, /batches/{id}, a job's callback body): a row never
// missing for its owner, the read model lagging or not, since a job or batch folds from its own stream.

export function jobReader(deps: ReaderDeps) {
  return {
    /** The job record as its owner sees it; another account's, or the other mode's, is null. */
    get: (jobId: string, owner: Owner, at: AtLeast = {}) =>
      readAt(deps, at, {
        projection: 'jobs',
        what: `job ${jobId}`,
        read: () => findJob(deps.sql, jobId, owner),
        fold: () => foldedJob(deps.events, jobId, owner),
      }),
    /** What a replay under the same Idempotency-Key must match: a job whose workflow closed long ago. */
    requestHash: (jobId: string) => jobRequestHash(deps.sql, jobId),
  };
}

export function batchReader(deps: ReaderDeps) {
  return {
    get: (batchId: string, owner: Owner, at: AtLeast = {}) =>
      readAt<object>(deps, at, {
        projection: 'batches',
        what: `batch ${batchId}`,
        read: () => findBatch(deps.sql, batchId, owner),
        fold: () => foldedBatch(deps.events, batchId, owner),
      }),
    requestHash: (batchId: string) => batchRequestHash(deps.sql, batchId),
  };
}

export type JobReader = ReturnType<typeof jobReader>;
export type BatchReader = ReturnType<typeof batchReader>;
