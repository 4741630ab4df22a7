import type { KeyMode } from '../accounts/keys.js';
import type { Decider } from '../decider.js';
import { streamType, unreachable, type Decided, type Event, type Recorded } from '../streams.js';
import type { VerificationRequest } from '../verification/types.js';
import { summarise, type BatchItemResult, type BatchSummary } from './outcomes.js';
import { replayedBy, submittedBy, type Submission } from './submitter.js';

// A batch (stream `batch-{id}`, docs/architecture.md#events): its submission, each policy's result as its slice is verified, the
// summary it ends with, and the erasure of its per-policy results, as a decider (batchDecider, below). Fixed
// event keys make retried appends land once. Its evolve is the batch's only state machine: the read model stores
// what it folds (projections/batches.ts), and checked reads fold the same (./batch-record.ts).

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

/** `created`: when the event was recorded, which is when the batch was submitted, ended or erased. */
function evolveBatch(state: BatchState, e: Recorded<BatchEvent>): BatchState {
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

/** Why a batch cannot take a command: the message says what its state makes impossible. */
export class BatchRefused extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'BatchRefused';
  }
}

/** What a command appends to the batch in `state`; throws BatchRefused for what the state makes impossible. */
function decideBatch(command: BatchCommand, state: BatchState): Decided<BatchEvent>[] {
  if (command.type === 'SubmitBatch') {
    if (state) throw new BatchRefused('The batch was submitted already.');
    return submit(command.data);
  }
  if (!state) throw new BatchRefused('No such batch.');
  switch (command.type) {
    case 'RecordItems': {
      if (state.status === 'complete') throw new BatchRefused('The batch has ended: no result can be added.');
      const outside = command.data.items.find((item) => !(item.index >= 0 && item.index < state.total_count));
      if (outside) throw new BatchRefused(`The batch has no policy at index ${outside.index}.`);
      // A policy answered already keeps its first result (evolve counts it once): answering it again adds nothing.
      const seen = new Set(state.recorded);
      const fresh: BatchItemResult[] = [];
      for (const item of command.data.items) {
        if (seen.has(item.index)) continue;
        seen.add(item.index);
        fresh.push(item);
      }
      return recordItems(command.data.batchId, fresh);
    }
    case 'CompleteBatch':
      if (state.status === 'complete') throw new BatchRefused('The batch has ended already.');
      if (state.completed_count < state.total_count)
        throw new BatchRefused(
          `Only ${state.completed_count} of the batch's ${state.total_count} policies are answered.`,
        );
      return complete(command.data.batchId, command.data.items).events;
    case 'EraseResults':
      // Retention erases a batch that has ended, once.
      if (state.status !== 'complete') throw new BatchRefused('The batch has not ended: its results are not due.');
      return state.results_erased_at ? [] : eraseResults(command.data.batchId, command.data.cutoff);
    default:
      return unreachable(command);
  }
}

/**
 * The batch's decider. The workflow and retention append its decisions without reading the stream (a batch's
 * slices are recorded concurrently; fixed keys make a retried one land once), so the activities call the decisions
 * above directly; the decider says what a batch in a given state may still take, and its evolve is what the read
 * model and checked reads fold. Its decisions carry their event keys; its evolve reads when each event was recorded.
 */
export const batchDecider: Decider<BatchState, BatchCommand, Decided<BatchEvent>, Recorded<BatchEvent>> = {
  decide: decideBatch,
  evolve: evolveBatch,
  initialState: () => null,
};
