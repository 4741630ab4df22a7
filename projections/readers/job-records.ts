import { jobRecord, foldJobRow, type JobRecord } from '../../domain/jobs/job-record.js';
import { batchStream, type BatchEvent, type BatchSubmitted } from '../../domain/jobs/batch.js';
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
export async function foldedBatch(events: EventStore, batchId: string, owner: { accountId: string; mode: string }) {
  const folded = (await readEvents(events, batchStream, batchId)).reduce<FoldedBatch | null>(
    (batch, e) => evolveBatchView(batch, e),
    null,
  );
  if (!folded || folded.submitted.account_id !== owner.accountId || folded.submitted.mode !== owner.mode) return null;
  const items = [...folded.items.entries()].sort(([a], [b]) => a - b).map(([, result]) => result);
  const view = {
    batch_id: batchId,
    status: folded.completed ? 'complete' : items.length > 0 ? 'processing' : 'pending',
    total_count: folded.submitted.total_count,
    completed_count: items.length,
    created_at: folded.createdAt.toISOString(),
    completed_at: folded.completed?.at.toISOString() ?? null,
  };
  if (!folded.completed) return view;
  if (folded.erasedAt)
    return {
      ...view,
      summary: folded.completed.summary,
      results: null,
      results_erased_at: folded.erasedAt.toISOString(),
    };
  return { ...view, summary: folded.completed.summary, results: items };
}

interface FoldedBatch {
  submitted: BatchSubmitted;
  createdAt: Date;
  items: Map<number, unknown>;
  completed: { summary: unknown; at: Date } | null;
  erasedAt: Date | null;
}

// Event for event what projections/batches.ts does to the batch's rows.
function evolveBatchView(batch: FoldedBatch | null, e: BatchEvent & { created: Date }): FoldedBatch | null {
  if (e.type === 'BatchSubmitted')
    return batch ?? { submitted: e.data, createdAt: e.created, items: new Map(), completed: null, erasedAt: null };
  if (!batch) return null;
  switch (e.type) {
    case 'BatchItemCompleted':
      if (!batch.items.has(e.data.index)) batch.items.set(e.data.index, e.data.result);
      return batch;
    case 'BatchCompleted':
      return { ...batch, completed: { summary: e.data.summary, at: e.created } };
    case 'BatchResultsErased':
      return batch.completed ? { ...batch, items: new Map(), erasedAt: e.created } : batch;
  }
}
