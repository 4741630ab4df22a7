import { ActivityFailure, ApplicationFailure, proxyActivities, proxyLocalActivities } from '@temporalio/workflow';
import type { AdmitJobInput, JobActivities } from '../activities/jobs.js';
import type { KeyMode } from '../domain/accounts/keys.js';
import type { JobKind } from '../domain/jobs/events.js';

const local = proxyLocalActivities<JobActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '200 milliseconds', maximumAttempts: 20 },
});

/**
 * Delivers a job's callback: one activity attempt per delivery attempt, retried with exponential backoff for
 * about a day (a receiver's Retry-After replaces the next step); a 4xx other than 408/409/425/429 ends it at once.
 */
async function deliverCallback(input: {
  jobId: string;
  accountId: string;
  mode: KeyMode;
  kind: JobKind;
  url: string;
  completedAt: string;
  retrySeconds: number;
}): Promise<void> {
  const { deliverJobWebhook } = proxyActivities<JobActivities>({
    startToCloseTimeout: '30 seconds',
    scheduleToCloseTimeout: '24 hours',
    retry: {
      initialInterval: `${input.retrySeconds} seconds`,
      backoffCoefficient: 2,
      maximumInterval: '2 hours',
      nonRetryableErrorTypes: [],
    },
  });
  const body = await local.webhookBody({
    jobId: input.jobId,
    accountId: input.accountId,
    mode: input.mode,
    kind: input.kind,
    completedAt: input.completedAt,
  });
  try {
    const last = await deliverJobWebhook({ jobId: input.jobId, accountId: input.accountId, url: input.url, body });
    await local.recordWebhookEnd({
      jobId: input.jobId,
      delivered: last.kind === 'delivered',
      attempts: last.attempt,
      reason: last.kind === 'delivered' ? null : last.reason,
    });
  } catch (error) {
    if (!(error instanceof ActivityFailure)) throw error;
    const cause = error.cause instanceof ApplicationFailure ? error.cause : null;
    const detail = (cause?.details?.[0] ?? {}) as { attempt?: number; reason?: string };
    await local.recordWebhookEnd({
      jobId: input.jobId,
      delivered: false,
      attempts: detail.attempt ?? 0,
      reason: `gave up after retries: ${detail.reason ?? cause?.message ?? 'unknown'}`,
    });
  }
}

/** A finished job's callback, when its submission asked for one; test keys never call back (SPEC §5.1, §6). */
export async function callBackWhenAsked(admit: AdmitJobInput, completedAt: string, retrySeconds: number): Promise<void> {
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
