import type { KeyMode } from '../accounts/keys.js';
import { streamType, type Decided, type Event } from '../streams.js';
import type { VerificationRequest } from '../verification/types.js';
import { summarise, type BatchItemResult, type BatchSummary } from './outcomes.js';
import { replayedBy, submittedBy, type Submission } from './submitter.js';

// A batch (stream `batch-{id}`, DESIGN §4): its submission, each policy's result as its slice is verified, the
// summary it ends with, and the erasure of its per-policy results. Fixed event keys make retried appends land once.

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

export const batchStream = streamType<BatchEvent>('batch-', ['BatchSubmitted', 'BatchItemCompleted', 'BatchCompleted', 'BatchResultsErased']);

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
  items.map((item) => ({ key: [batchId, 'item', item.index], type: 'BatchItemCompleted', data: { index: item.index, result: item } }));

/** The batch's end: what its items came to. */
export function complete(batchId: string, items: readonly Pick<BatchItemResult, 'status' | 'credits_charged'>[]): { summary: BatchSummary; events: Decided<BatchEvent>[] } {
  const summary = summarise(items);
  return { summary, events: [{ key: [batchId, 'completed'], type: 'BatchCompleted', data: { summary } }] };
}

export const eraseResults = (batchId: string, cutoff: string): Decided<BatchEvent>[] => [
  { key: [batchId, 'results-erased'], type: 'BatchResultsErased', data: { cutoff } },
];
