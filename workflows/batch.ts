import { proxyActivities, upsertSearchAttributes } from '@temporalio/workflow';
import type { JobActivities } from '../activities/jobs.js';
import { local } from './job-activities.js';
import type { BatchItemResult } from '../domain/jobs/outcomes.js';
import { handleAdmission } from './admission.js';
import { Outcome } from '../contracts/search-attributes.js';
import type { BatchInput } from '../contracts/batch.js';
import type { NotAdmitted } from '../contracts/admission.js';

// A slice verifies its policies side by side, so it takes about as long as one verification (registry
// timeout 2 s): a worker that dies mid-slice is noticed, and the slice retried elsewhere, within 10 s.
const { verifyBatchItems } = proxyActivities<JobActivities>({
  startToCloseTimeout: '10 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumAttempts: 10 },
});

/** `batch-{batch_id}`: admit (holding one credit per policy; unless the API did), verify in slices side by side, settle. */
export async function batchWorkflow(input: BatchInput): Promise<NotAdmitted | 'complete'> {
  const { admit } = input;
  const total = admit.policies.length;

  if (!input.admitted) {
    const admitted = await handleAdmission(
      admit.requestHash,
      { reservationId: admit.batchId, accountId: admit.accountId, mode: admit.mode },
      () => local.admitBatch(admit),
    );
    if (!admitted.ok) return 'rejected';
    if (admitted.admission.known) return 'known';
  }

  const results: BatchItemResult[] = new Array(total);
  const size = Math.max(1, input.sliceSize);
  const slices = Array.from({ length: Math.ceil(total / size) }, (_, n) =>
    admit.policies.slice(n * size, (n + 1) * size).map((request, i) => ({ index: n * size + i, request })),
  );
  await Promise.all(
    slices.map(async (items) => {
      for (const item of await verifyBatchItems({ batchId: admit.batchId, mode: admit.mode, items }))
        results[item.index] = item;
    }),
  );

  await local.completeBatch({
    batchId: admit.batchId,
    accountId: admit.accountId,
    mode: admit.mode,
    items: results.map((r) => ({ status: r.status, credits_charged: r.credits_charged })),
  });
  upsertSearchAttributes([{ key: Outcome, value: 'complete' }]);
  return 'complete';
}
