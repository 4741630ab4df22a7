import { fold } from '../decider.js';
import type { Recorded } from '../streams.js';
import { batchDecider, type Batch, type BatchEvent } from './batch.js';
import type { BatchItemResult } from './outcomes.js';

// The batch view of docs/architecture.md#the-interface (GET /api/v1/batches/{id}), from the batch's row and kept
// items in the read model, or folded from the batch's own events when the read model lags behind a write the caller
// has made (checked reads). The read model stores what the batch's decider folds (projections/batches.ts), so both
// are one fold and give the same view.

/** What the view is made from: the batches read model's row, or the fold of the batch's events. */
export type BatchRow = Omit<Batch, 'recorded'> & { batch_id: string };

/** Whether the view shows the per-policy results: a complete batch's, until retention erases them. */
export const showsResults = (row: Pick<Batch, 'status' | 'results_erased_at'>) =>
  row.status === 'complete' && !row.results_erased_at;

/** The view; `results`: the kept items' results in submission order, read only when showsResults. */
export function batchRecord(row: BatchRow, results: readonly BatchItemResult[]) {
  const view = {
    batch_id: row.batch_id,
    status: row.status,
    total_count: row.total_count,
    completed_count: row.completed_count,
    created_at: row.created_at.toISOString(),
    completed_at: row.completed_at?.toISOString() ?? null,
  };
  if (row.status !== 'complete') return view;
  // Past retention the per-policy results are gone; what was counted and charged is still told.
  if (row.results_erased_at)
    return { ...view, summary: row.summary, results: null, results_erased_at: row.results_erased_at.toISOString() };
  return { ...view, summary: row.summary, results };
}

export type BatchRecord = ReturnType<typeof batchRecord>;

/** A kept item: the policy's index and its result, as the read model's batch_items row holds it. */
export interface BatchItem {
  index: number;
  result: BatchItemResult;
}

/**
 * The batch's row folded from its events (oldest first), and the items it keeps in submission order, each with
 * its policy's first result (as the fold counts it); null before its submission is recorded.
 */
export function foldBatchRow(
  batchId: string,
  events: readonly Recorded<BatchEvent>[],
): { row: BatchRow; items: BatchItem[] } | null {
  const batch = fold(batchDecider, events);
  if (!batch) return null;
  const { recorded, ...row } = batch;
  const firsts = new Map<number, BatchItemResult>();
  for (const e of events)
    if (e.type === 'BatchItemCompleted' && !firsts.has(e.data.index)) firsts.set(e.data.index, e.data.result);
  const items = [...recorded].sort((a, b) => a - b).map((index) => ({ index, result: firsts.get(index)! }));
  return { row: { batch_id: batchId, ...row }, items };
}
