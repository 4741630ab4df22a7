import {
  ActivityFailure,
  ApplicationFailure,
  allHandlersFinished,
  condition,
  proxyActivities,
  setHandler,
  upsertSearchAttributes,
  workflowInfo,
  type ActivityOptions,
} from '@temporalio/workflow';
import type { JobActivities, ResendStart } from '../activities/jobs.js';
import { local } from './job-activities.js';
import type { KeyMode } from '../domain/accounts/keys.js';
import type { JobKind } from '../domain/jobs/outcomes.js';
import { Outcome } from '../contracts/search-attributes.js';
import type { AdmitJobInput } from '../contracts/admission.js';
import { resendStarted, type WebhookResendInput } from '../contracts/webhook-resend.js';

/**
 * The activity options of a webhook's delivery, job callback or monitor notice alike: one activity attempt per
 * delivery attempt, exponential backoff from `retrySeconds` for about a day; the activity itself ends it at once on
 * a 4xx other than 408/409/425/429 (nothing is non-retryable by type here).
 */
export const deliveryAttempts = (retrySeconds: number): ActivityOptions => ({
  startToCloseTimeout: '30 seconds',
  scheduleToCloseTimeout: '24 hours',
  retry: {
    initialInterval: `${retrySeconds} seconds`,
    backoffCoefficient: 2,
    maximumInterval: '2 hours',
    nonRetryableErrorTypes: [],
  },
});

/** What a delivery that gave up says of its last attempt: its number and reason (the failure's details). */
export function lastAttemptOf(error: ActivityFailure) {
  const cause = error.cause instanceof ApplicationFailure ? error.cause : null;
  const detail = (cause?.details?.[0] ?? {}) as { attempt?: number; reason?: string };
  return { cause, detail };
}

/**
 * Delivers a job's callback: one activity attempt per delivery attempt, retried with exponential backoff for
 * about a day (a receiver's Retry-After replaces the next step); a 4xx other than 408/409/425/429 ends it at once.
 * `completedAt`: where the job record to send is in the read models. `deliveryId`: a resend's id, absent for the
 * original delivery. Resolves to whether the receiver took it.
 */
export async function deliverCallback(input: {
  jobId: string;
  accountId: string;
  mode: KeyMode;
  kind: JobKind;
  url: string;
  completedAt: string;
  retrySeconds: number;
  deliveryId?: string;
  /** The callback's `type` when it is not the job's end (`extraction.corrected`). */
  event?: string;
}): Promise<boolean> {
  const { deliverJobWebhook } = proxyActivities<JobActivities>(deliveryAttempts(input.retrySeconds));
  const delivery = input.deliveryId ? { deliveryId: input.deliveryId } : {};
  const body = await local.webhookBody({
    jobId: input.jobId,
    accountId: input.accountId,
    mode: input.mode,
    kind: input.kind,
    completedAt: input.completedAt,
    ...(input.event ? { event: input.event } : {}),
  });
  try {
    const last = await deliverJobWebhook({
      jobId: input.jobId,
      accountId: input.accountId,
      url: input.url,
      body,
      ...delivery,
      ...(input.event ? { event: input.event } : {}),
    });
    await local.recordWebhookEnd({
      jobId: input.jobId,
      delivered: last.kind === 'delivered',
      attempts: last.attempt,
      reason: last.kind === 'delivered' ? null : last.reason,
      ...delivery,
    });
    return last.kind === 'delivered';
  } catch (error) {
    if (!(error instanceof ActivityFailure)) throw error;
    const { cause, detail } = lastAttemptOf(error);
    // The last attempt's reason names the failure; any other error's message could hold anything (a URL, a
    // host), and the reason is recorded in clear, so only its type is.
    await local.recordWebhookEnd({
      jobId: input.jobId,
      delivered: false,
      attempts: detail.attempt ?? 0,
      reason: `gave up after retries: ${detail.reason ?? cause?.type ?? 'unknown'}`,
      ...delivery,
    });
    return false;
  }
}

/** A finished job's callback, when its submission asked for one; test keys never call back (docs/architecture.md#callbacks). */
export async function callBackWhenAsked(
  admit: AdmitJobInput,
  completedAt: string,
  retrySeconds: number,
): Promise<void> {
  if (admit.mode !== 'live' || !admit.webhookUrl) return;
  await deliverCallback({
    jobId: admit.jobId,
    accountId: admit.accountId,
    mode: admit.mode,
    kind: admit.kind,
    url: admit.webhookUrl,
    completedAt,
    retrySeconds,
  });
}

/**
 * `webhook-resend-{job_id}`: delivers a finished job's callback again, with the original's body (the job record)
 * and retry policy, signed with the account's current secrets. Each run is one delivery, identified by its run
 * id: its events cannot meet the original delivery's or another run's. One run at a time per job (the caller
 * reuses a running one), so a double click does not send twice.
 */
export async function webhookResendWorkflow(input: WebhookResendInput): Promise<'delivered' | 'failed' | 'refused'> {
  const deliveryId = workflowInfo().runId;
  const started: Promise<ResendStart> = local.beginWebhookResend({
    jobId: input.jobId,
    accountId: input.accountId,
    deliveryId,
  });
  setHandler(resendStarted, async () => {
    const start = await started;
    if (!start.ok) throw ApplicationFailure.nonRetryable(start.reason, 'not_resendable');
    return { position: start.position };
  });
  const start = await started;
  let outcome: 'delivered' | 'failed' | 'refused' = 'refused';
  if (start.ok) {
    const delivered = await deliverCallback({
      jobId: input.jobId,
      accountId: input.accountId,
      mode: start.mode,
      kind: start.kind,
      url: start.url,
      completedAt: start.position,
      retrySeconds: input.retrySeconds,
      deliveryId,
    });
    outcome = delivered ? 'delivered' : 'failed';
  }
  upsertSearchAttributes([{ key: Outcome, value: outcome }]);
  // The update's answer goes out before the workflow ends, refusal included.
  await condition(allHandlersFinished);
  return outcome;
}
