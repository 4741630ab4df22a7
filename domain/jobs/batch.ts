import type { KeyMode } from '../accounts/keys.js';
import { streamType, unreachable, type Decided, type Event, type Recorded } from '../streams.js';
import type { VerificationRequest } from '../verification/types.js';
import { summarise, type BatchItemResult, type BatchSummary } from './outcomes.js';
import { replayedBy, submittedBy, type Submission } from './submitter.js';

// A batch (stream `batch-{id}`, docs/architecture.md#events): its submission, each policy's result as its slice is verified, the
// summary it ends with, and the erasure of its per-policy results, as a decider (Emmett's decide/evolve). Fixed
// event keys make retried appends land once. evolveBatch is the batch's only state machine: the read model
// stores what it folds (projections/batches.ts).

export interface BatchSubmitted {
  mode: KeyMode;
  account_id: string;
  key_id: string;
  total_count: number;
  policies: VerificationRequest[];
  idempotency_key: string | null;
  request_hash: string;
}

export type BatchEvent =
  | Event<'BatchSubmitted', BatchSubmitted>
  | Event<'BatchItemCompleted', { index: number; result: BatchItemResult }>
  | Event<'BatchCompleted', { summary: BatchSummary }>
  /** Retention: the per-policy results (policy numbers, providers) are erased; status, times and summary stay. */
  | Event<'BatchResultsErased', { cutoff: string }>;

export const batchStream = streamType<BatchEvent>('batch-', [
  'BatchSubmitted',
  'BatchItemCompleted',
  'BatchCompleted',
  'BatchResultsErased',
]);

export interface SubmitBatch extends Submission {
  batchId: string;
  policies: VerificationRequest[];
}

export const submit = (command: SubmitBatch): Decided<BatchEvent>[] => [
  {
    key: [command.batchId, 'submitted'],
    type: 'BatchSubmitted',
    data: {
      ...submittedBy(command),
      total_count: command.policies.length,
      policies: command.policies,
      ...replayedBy(command),
    },
  },
];

export const recordItems = (batchId: string, items: readonly BatchItemResult[]): Decided<BatchEvent>[] =>
  items.map((item) => ({
    key: [batchId, 'item', item.index],
    type: 'BatchItemCompleted',
    data: { index: item.index, result: item },
  }));

/** The batch's end: what its items came to. */
export function complete(
  batchId: string,
  items: readonly Pick<BatchItemResult, 'status' | 'credits_charged'>[],
): { summary: BatchSummary; events: Decided<BatchEvent>[] } {
  const summary = summarise(items);
  return { summary, events: [{ key: [batchId, 'completed'], type: 'BatchCompleted', data: { summary } }] };
}

export const eraseResults = (batchId: string, cutoff: string): Decided<BatchEvent>[] => [
  { key: [batchId, 'results-erased'], type: 'BatchResultsErased', data: { cutoff } },
];

/** A batch as its events leave it: the row of the batches read model (projections/batches.ts). */
export interface Batch {
  account_id: string;
  mode: KeyMode;
  status: 'pending' | 'processing' | 'complete';
  total_count: number;
  /** Policies answered, each counted once however often its slice was recorded. */
  completed_count: number;
  request_hash: string;
  summary: BatchSummary | null;
  created_at: Date;
  completed_at: Date | null;
  results_erased_at: Date | null;
  /**
   * The indexes of the policies whose results are kept (the read model's batch_items hold them, from the events
   * that recorded them). Emptied by the erasure; a result recorded after it is not kept.
   */
  recorded: readonly number[];
}

export type BatchState = Batch | null;

export const initialBatch: BatchState = null;

/** `created`: when the event was recorded, which is when the batch was submitted, ended or erased. */
export function evolveBatch(state: BatchState, e: Recorded<BatchEvent>): BatchState {
  if (e.type === 'BatchSubmitted') {
    if (state) return state;
    const d = e.data;
    return {
      account_id: d.account_id,
      mode: d.mode,
      status: 'pending',
      total_count: d.total_count,
      completed_count: 0,
      request_hash: d.request_hash,
      summary: null,
      created_at: e.created,
      completed_at: null,
      results_erased_at: null,
      recorded: [],
    };
  }
  if (!state) return state;
  switch (e.type) {
    case 'BatchItemCompleted': {
      const { index } = e.data;
      if (state.results_erased_at || state.recorded.includes(index)) return state;
      return {
        ...state,
        status: state.status === 'pending' ? 'processing' : state.status,
        completed_count: state.completed_count + 1,
        recorded: [...state.recorded, index],
      };
    }
    case 'BatchCompleted':
      return { ...state, status: 'complete', summary: e.data.summary, completed_at: e.created };
    case 'BatchResultsErased':
      // Only a complete batch's results are erased (retention picks no other); its counts and summary stay.
      return state.status === 'complete' ? { ...state, results_erased_at: e.created, recorded: [] } : state;
    default:
      return unreachable(e);
  }
}

/** What may be asked of a batch: every decision above, as one union. */
export type BatchCommand =
  | { type: 'SubmitBatch'; data: SubmitBatch }
  | { type: 'RecordItems'; data: { batchId: string; items: readonly BatchItemResult[] } }
  | { type: 'CompleteBatch'; data: { batchId: string; items: Parameters<typeof complete>[1] } }
  | { type: 'EraseResults'; data: { batchId: string; cutoff: string } };

/**
 * The batch's decider. No decision reads the batch: the workflow and retention take them in order and append
 * them without reading the stream (a batch's slices are recorded concurrently; fixed keys make a retried one
 * land once), so the activities call the decisions directly and the state is what evolveBatch folds for the
 * read model.
 */
export function decideBatch(command: BatchCommand, _state: BatchState): Decided<BatchEvent>[] {
  switch (command.type) {
    case 'SubmitBatch':
      return submit(command.data);
    case 'RecordItems':
      return recordItems(command.data.batchId, command.data.items);
    case 'CompleteBatch':
      return complete(command.data.batchId, command.data.items).events;
    case 'EraseResults':
      return eraseResults(command.data.batchId, command.data.cutoff);
    default:
      return unreachable(command);
  }
}
