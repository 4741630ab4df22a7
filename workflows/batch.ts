import { defineQuery, proxyActivities, proxyLocalActivities, setHandler, upsertSearchAttributes } from '@temporalio/workflow';
import type { AdmitBatchInput, JobActivities } from '../activities/jobs.js';
import type { BatchItemResult } from '../domain/jobs/events.js';
import { handleAdmission } from './admission.js';
import { Outcome } from './search-attributes.js';

export interface BatchInput {
  admit: AdmitBatchInput;
  /** Items verified at once. */
  concurrency: number;
}

export interface BatchProgress {
  completed: number;
  total: number;
}

export const progress = defineQuery<BatchProgress>('progress');

const local = proxyLocalActivities<JobActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '200 milliseconds', maximumAttempts: 20 },
});

const { verifyBatchItem } = proxyActivities<JobActivities>({
  startToCloseTimeout: '10 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumAttempts: 10 },
});

/** `batch-{batch_id}`: admit (holding one credit per policy), verify with bounded concurrency, settle. */
export async function batchWorkflow(input: BatchInput): Promise<string> {
  const { admit } = input;
  const total = admit.policies.length;
  let completed = 0;
  setHandler(progress, () => ({ completed, total }));

  const admitted = await handleAdmission(admit.requestHash, () => local.admitBatch(admit));
  if (!admitted.ok) return 'rejected';
  if (admitted.admission.known) return 'known';

  const results: BatchItemResult[] = new Array(total);
  let next = 0;
  const lane = async () => {
    while (next < total) {
      const index = next++;
      results[index] = await verifyBatchItem({ batchId: admit.batchId, index, request: admit.policies[index]!, mode: admit.mode });
      completed += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(input.concurrency, total) }, lane));

  await local.completeBatch({
    batchId: admit.batchId,
    accountId: admit.accountId,
    mode: admit.mode,
    items: results.map((r) => ({ status: r.status, credits_charged: r.credits_charged })),
  });
  upsertSearchAttributes([{ key: Outcome, value: 'complete' }]);
  return 'complete';
}
