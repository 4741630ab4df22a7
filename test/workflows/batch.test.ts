// `batch-{batch_id}` (workflows/batch.ts): admitted once, verified in slices side by side, settled with every
// policy's result in the order it was sent, whichever slice finishes first.
import { expect, it } from 'vitest';
import type { BatchItemResult } from '../../domain/jobs/outcomes.js';
import type { VerificationRequest } from '../../domain/verification/types.js';
import { batchWorkflow } from '../../workflows/batch.js';
import { Outcome } from '../../contracts/search-attributes.js';
import { workflowTestFile } from './env.js';
import { request } from './jobs.js';
import type { AdmitBatchInput, Admission } from '../../contracts/admission.js';

const server = workflowTestFile();

const policies: VerificationRequest[] = Array.from({ length: 5 }, (_, i) => ({
  ...request,
  policy_number: `AXK1234567${i}`,
}));

function batch(overrides: Partial<AdmitBatchInput> = {}): AdmitBatchInput {
  const batchId = `batch_${crypto.randomUUID()}`;
  return {
    accountId: 'acct_test',
    keyId: 'key_test',
    mode: 'live',
    allowance: 10,
    batchId,
    policies,
    idempotencyKey: null,
    requestHash: 'hash-a',
    ...overrides,
  };
}

/** Every other policy verified, the rest unverified (charged nothing). */
const resultOf = (index: number, policy: VerificationRequest): BatchItemResult => ({
  index,
  policy_number: policy.policy_number,
  country: policy.country,
  insurance_type: policy.insurance_type,
  provider: policy.provider ?? null,
  status: index % 2 === 0 ? 'verified' : 'unverified',
  confidence_score: index % 2 === 0 ? 0.9 : null,
  verification_sources: [],
  insurer: null,
  flags: [],
  credits_charged: index % 2 === 0 ? 1 : 0,
  error: null,
});

it('verifies a batch in slices side by side and settles every result in the order sent', async () => {
  const admitted: unknown[] = [];
  const slices: number[][] = [];
  const settled: unknown[] = [];
  let running = 0;
  let mostAtOnce = 0;
  const { worker, taskQueue } = await server.stubWorker({
    async admitBatch(input: AdmitBatchInput): Promise<Admission> {
      admitted.push(input);
      return { position: '9', known: false };
    },
    async verifyBatchItems(input: { items: { index: number; request: VerificationRequest }[] }) {
      slices.push(input.items.map((item) => item.index));
      mostAtOnce = Math.max(mostAtOnce, ++running);
      // The first slice finishes last.
      await new Promise((resolve) => setTimeout(resolve, input.items[0]!.index === 0 ? 1000 : 300));
      running -= 1;
      return input.items.map((item) => resultOf(item.index, item.request));
    },
    async completeBatch(input: unknown) {
      settled.push(input);
      return { position: '10' };
    },
  });
  const admit = batch();

  const handle = await server.client.workflow.start(batchWorkflow, {
    workflowId: `batch-${admit.batchId}`,
    taskQueue,
    args: [{ admit, sliceSize: 2 }],
  });
  expect(await worker.runUntil(handle.result())).toBe('complete');

  expect(admitted).toEqual([admit]);
  expect(slices.sort((a, b) => a[0]! - b[0]!)).toEqual([[0, 1], [2, 3], [4]]);
  expect(mostAtOnce).toBe(3);
  expect(settled).toEqual([
    {
      batchId: admit.batchId,
      accountId: 'acct_test',
      mode: 'live',
      items: [
        { status: 'verified', credits_charged: 1 },
        { status: 'unverified', credits_charged: 0 },
        { status: 'verified', credits_charged: 1 },
        { status: 'unverified', credits_charged: 0 },
        { status: 'verified', credits_charged: 1 },
      ],
    },
  ]);
  expect((await handle.describe()).typedSearchAttributes.get(Outcome)).toBe('complete');
});

it('verifies nothing again for a batch admitted before (a retried submission after retention)', async () => {
  const verified: unknown[] = [];
  const { worker, taskQueue } = await server.stubWorker({
    async admitBatch(): Promise<Admission> {
      return { position: '9', known: true };
    },
    async verifyBatchItems(input: unknown) {
      verified.push(input);
      return [];
    },
  });
  const admit = batch();
  const result = await worker.runUntil(
    server.client.workflow.execute(batchWorkflow, {
      workflowId: `batch-${admit.batchId}`,
      taskQueue,
      args: [{ admit, sliceSize: 2 }],
    }),
  );
  expect(result).toBe('known');
  expect(verified).toEqual([]);
});
