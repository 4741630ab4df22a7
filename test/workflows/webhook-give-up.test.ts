// A job's callback (workflows/webhook.ts): retried with exponential backoff for about a day, then abandoned and
// recorded as such (WebhookAbandoned), while the job itself stays complete.
//
// The server ends an activity's retries when the next attempt would fall after its schedule-to-close timeout
// (24 hours here). On a dev server that day cannot be skipped (see env.ts), so the test checks the policy the
// workflow scheduled the delivery with, lets it retry twice on its short first interval (`webhookRetrySeconds`),
// and has the third failure ask for its next attempt a day later: the server gives up then, as it does when the
// day is over, with the last failure as the cause.
import { ApplicationFailure, Context } from '@temporalio/activity';
import { temporal } from '@temporalio/proto';
import { expect, it } from 'vitest';
import { verificationWorkflow } from '../../workflows/verification.js';
import { workflowTestFile } from './env.js';
import { verificationJob, verified } from './jobs.js';
import type { Admission } from '../../contracts/admission.js';

const server = workflowTestFile();

it('retries a callback the receiver keeps refusing until its day is over, then records it abandoned', async () => {
  const attempts: { attempt: number; at: number; input: unknown }[] = [];
  const ends: unknown[] = [];
  const { worker, taskQueue } = await server.stubWorker({
    async admitJob(): Promise<Admission> {
      return { position: '1', known: false };
    },
    async verifyJobPolicy() {
      return verified();
    },
    async completeJob() {
      return { position: '7' };
    },
    async webhookBody() {
      return '{"job_id":"…"}';
    },
    // As infra's deliverer fails a retryable attempt (activities/webhooks.ts): the outcome and attempt in details.
    async deliverJobWebhook(input: unknown) {
      const { attempt } = Context.current().info;
      attempts.push({ attempt, at: Date.now(), input });
      throw ApplicationFailure.create({
        type: 'WebhookRetryable',
        message: `webhook attempt ${attempt} failed: HTTP 503`,
        details: [{ kind: 'retryable', status: 503, reason: 'HTTP 503', retryAfterSeconds: null, attempt }],
        // The third attempt's next one would come after the day the delivery is retried for.
        ...(attempt === 3 ? { nextRetryDelay: '25 hours' } : {}),
      });
    },
    async recordWebhookEnd(input: unknown) {
      ends.push(input);
    },
  });
  const input = verificationJob({ webhookUrl: 'https://hooks.example.com/pvs' });
  input.webhookRetrySeconds = 1;

  const handle = await server.client.workflow.start(verificationWorkflow, {
    workflowId: `verification-${input.admit.jobId}`,
    taskQueue,
    args: [input],
  });
  // The job is complete whatever became of its callback.
  expect(await worker.runUntil(handle.result())).toBe('complete');

  expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3]);
  expect(attempts[0]!.input).toEqual({
    jobId: input.admit.jobId,
    accountId: 'acct_test',
    url: 'https://hooks.example.com/pvs',
    body: '{"job_id":"…"}',
  });
  // Exponential backoff from the first interval: 1 s, then 2 s.
  expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(1000);
  expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThanOrEqual(2000);
  expect(ends).toEqual([
    { jobId: input.admit.jobId, delivered: false, attempts: 3, reason: 'gave up after retries: HTTP 503' },
  ]);

  const events = (await handle.fetchHistory()).events ?? [];
  const scheduled = events.find(
    (e) => e.activityTaskScheduledEventAttributes?.activityType?.name === 'deliverJobWebhook',
  )!.activityTaskScheduledEventAttributes!;
  expect(Number(scheduled.scheduleToCloseTimeout?.seconds)).toBe(24 * 3600);
  expect(Number(scheduled.retryPolicy?.initialInterval?.seconds)).toBe(1);
  expect(scheduled.retryPolicy?.backoffCoefficient).toBe(2);
  expect(Number(scheduled.retryPolicy?.maximumInterval?.seconds)).toBe(2 * 3600);
  const failed = events.find((e) => e.activityTaskFailedEventAttributes)!.activityTaskFailedEventAttributes!;
  expect(failed.retryState).toBe(temporal.api.enums.v1.RetryState.RETRY_STATE_TIMEOUT);
});
