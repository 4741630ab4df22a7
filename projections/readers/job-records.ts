import { jobRecord, foldJobRow, type JobRecord } from '../../domain/jobs/job-record.js';
import { batchRecord, foldBatchRow, type BatchRecord } from '../../domain/jobs/batch-record.js';
import { batchStream } from '../../domain/jobs/batch.js';
import { jobStream } from '../../domain/jobs/job.js';
import { readEvents, type EventStore } from '../../infra/eventstore/types.js';

/** A job's record folded from its events, as its owner sees it (another account's or mode's is none). */
export async function foldedJob(
  events: EventStore,
  jobId: string,
  owner: { accountId: string; mode: string },
): Promise<JobRecord | null> {
  const row = foldJobRow(jobId, await readEvents(events, jobStream, jobId));
  return row && row.account_id === owner.accountId && row.mode === owner.mode ? jobRecord(row) : null;
}

/**
 * A batch as GET /api/v1/batches/{id} shows it, folded from its events (another owner's is none): the same view
 * as projections/batches.ts findBatch, for when the read model has not reached the batch yet.
 */
export async function foldedBatch(
  events: EventStore,
  batchId: string,
  owner: { accountId: string; mode: string },
): Promise<BatchRecord | null> {
  const folded = foldBatchRow(batchId, await readEvents(events, batchStream, batchId));
  if (!folded || folded.row.account_id !== owner.accountId || folded.row.mode !== owner.mode) return null;
  return batchRecord(
    folded.row,
    folded.items.map((item) => item.result),
  );
}
