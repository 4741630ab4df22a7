// Admission by update-with-start (workflows/admission.ts), as the API submits a job: the answer of the `admit`
// update, a refusal that releases what it held, and a retried submission with another request.
import { ApplicationFailure, WithStartWorkflowOperation, WorkflowUpdateFailedError } from '@temporalio/client';
import { expect, it } from 'vitest';
import { verificationWorkflow } from '../../workflows/verification.js';
import { workflowTestFile } from './env.js';
import { verificationJob, verified } from './jobs.js';
import { type Admission, admit } from '../../contracts/admission.js';
import type { VerificationJobInput } from '../../contracts/verification.js';

const server = workflowTestFile();

/** What the API does (api/routes/submission.ts): start `verification-{job_id}` and wait on its admission. */
const submit = (
  taskQueue: string,
  input: VerificationJobInput,
  requestHash = input.admit.requestHash,
): Promise<Admission> =>
  server.client.workflow.executeUpdateWithStart(admit, {
    args: [requestHash],
    startWorkflowOperation: new WithStartWorkflowOperation(verificationWorkflow, {
      workflowId: `verification-${input.admit.jobId}`,
      taskQueue,
      args: [input],
      workflowIdConflictPolicy: 'USE_EXISTING',
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
    }),
  });

const failureOf = (error: unknown) => {
  expect(error).toBeInstanceOf(WorkflowUpdateFailedError);
  const cause = (error as WorkflowUpdateFailedError).cause;
  expect(cause).toBeInstanceOf(ApplicationFailure);
  return cause as ApplicationFailure;
};

it('refuses a job without credits: the caller sees insufficient_credits, the hold is released, nothing is verified', async () => {
  const released: unknown[] = [];
  const verifications: unknown[] = [];
  const { worker, taskQueue } = await server.stubWorker({
    async admitJob() {
      throw ApplicationFailure.nonRetryable('Not enough credits for this request.', 'insufficient_credits');
    },
    async releaseAdmission(holder: unknown) {
      released.push(holder);
    },
    async verifyJobPolicy(input: unknown) {
      verifications.push(input);
      return verified();
    },
  });
  const input = verificationJob();

  const outcome = await worker.runUntil(async () => {
    const refusal = failureOf(await submit(taskQueue, input).catch((e: unknown) => e));
    expect(refusal).toMatchObject({ type: 'insufficient_credits', message: 'Not enough credits for this request.' });
    return server.client.workflow.getHandle(`verification-${input.admit.jobId}`).result();
  });

  expect(outcome).toBe('rejected');
  expect(released).toEqual([{ reservationId: input.admit.jobId, accountId: 'acct_test', mode: 'live' }]);
  expect(verifications).toEqual([]);
});

it('answers a retried submission with the same admission, and an idempotency conflict to one with another request', async () => {
  const admissions: unknown[] = [];
  let finishVerification!: () => void;
  const verifying = new Promise<void>((resolve) => (finishVerification = resolve));
  const { worker, taskQueue } = await server.stubWorker({
    async admitJob(input: unknown): Promise<Admission> {
      admissions.push(input);
      return { position: '42', known: false };
    },
    async releaseAdmission() {
      throw new Error('an admitted job releases nothing');
    },
    // Held until the retries below are answered: the workflow is still running when they reach it.
    async verifyJobPolicy() {
      await verifying;
      return verified();
    },
    async completeJob() {
      return { position: '43' };
    },
  });
  const input = verificationJob();

  const outcome = await worker.runUntil(async () => {
    expect(await submit(taskQueue, input)).toEqual({ position: '42', known: false });
    // The same Idempotency-Key and request: the same workflow, the same answer, admitted once.
    expect(await submit(taskQueue, input)).toEqual({ position: '42', known: false });
    // The same Idempotency-Key with another request.
    const conflict = failureOf(await submit(taskQueue, input, 'hash-b').catch((e: unknown) => e));
    expect(conflict).toMatchObject({ type: 'idempotency_conflict', nonRetryable: true });
    finishVerification();
    return server.client.workflow.getHandle(`verification-${input.admit.jobId}`).result();
  });

  expect(outcome).toBe('complete');
  expect(admissions).toEqual([input.admit]);
});
