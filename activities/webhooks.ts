import { traced } from '../infra/tracing/spans.js';
import { countWebhookAttempt } from '../infra/metrics.js';
import { ApplicationFailure, Context } from '@temporalio/activity';
import { deliverWebhook as deliver, type DeliveryOutcome, type WebhookDelivery } from '../infra/webhooks/deliver.js';
import type { LookupFn } from '../infra/webhooks/resolve.js';
import { nextTrySeconds, WEBHOOK_RETRYABLE, type RetrySpacing } from '../domain/webhooks/response.js';

// One callback attempt per activity attempt. Retries belong to the activity's retry policy (set by the
// workflow, about a day of exponential backoff); a receiver's Retry-After replaces the next backoff step.

export { WEBHOOK_RETRYABLE };

/** The workflow's policy (workflows/webhook.ts), for a server that does not tell the activity its own. */
const DEFAULT_SPACING: RetrySpacing = { initialMs: 10_000, coefficient: 2, maximumMs: 2 * 60 * 60 * 1000 };

/** Bounds on a receiver's Retry-After: no tight loop on `0`, no parking a message past the retry window. */
export const RETRY_AFTER_MIN_SECONDS = 1;
export const RETRY_AFTER_MAX_SECONDS = 6 * 60 * 60;

/**
 * What the workflow passes: the delivery without a Date (activity inputs are JSON). `timestamp` is accepted
 * but not signed: each attempt is signed with its own time, because receivers reject a webhook-timestamp
 * older than a few minutes and retries run for about a day.
 */
export type WebhookDeliveryInput = Omit<WebhookDelivery, 'timestamp'> & { timestamp?: string };

export type WebhookAttemptResult = DeliveryOutcome & { attempt: number };

/** One attempt, for the caller to record (WebhookAttempted); the workflow itself sees only the last one. */
export interface WebhookAttemptRecord {
  workflowId: string | null;
  webhookId: string;
  attempt: number;
  attemptedAt: string;
  outcome: DeliveryOutcome;
}

export interface WebhookActivityDeps {
  allowlist: readonly string[];
  lookup?: LookupFn;
  timeoutMs?: number;
  /** Called after every attempt, before the activity returns or throws; should be idempotent per attempt. */
  recordAttempt?: (record: WebhookAttemptRecord) => Promise<void>;
}

const origin = (url: string) => {
  try {
    return new URL(url).origin; // path and query may carry the receiver's own tokens
  } catch {
    return '(invalid url)';
  }
};

export function webhookActivities(deps: WebhookActivityDeps) {
  return {
    async deliverWebhook(input: WebhookDeliveryInput): Promise<WebhookAttemptResult> {
      const context = Context.current();
      const { attempt, workflowExecution } = context.info;
      const attemptedAt = new Date();
      // The attempt's span names the job and the outcome; never the receiver's URL (a client's own address).
      const outcome = await traced('webhook.attempt', { 'pvs.job_id': input.id, 'pvs.attempt': attempt }, () =>
        deliver(
          { url: input.url, id: input.id, timestamp: attemptedAt, body: input.body, secrets: input.secrets },
          // The activity's cancellation ends the attempt (a worker's stop must not wait out the receiver).
          {
            allowlist: deps.allowlist,
            lookup: deps.lookup,
            timeoutMs: deps.timeoutMs,
            signal: context.cancellationSignal,
          },
        ),
      );

      const wait =
        outcome.kind === 'retryable' && outcome.retryAfterSeconds !== null
          ? Math.min(Math.max(outcome.retryAfterSeconds, RETRY_AFTER_MIN_SECONDS), RETRY_AFTER_MAX_SECONDS)
          : null;
      // One short line per attempt, with what an operator asks first: which job, what the receiver said, and
      // when the next try is. Never the body, the secrets or the URL's path and query.
      const fields = {
        job_id: input.id,
        origin: origin(input.url),
        attempt,
        outcome: outcome.kind,
        status: outcome.status,
      };
      const said =
        outcome.status === null
          ? outcome.kind === 'delivered'
            ? 'delivered'
            : outcome.reason
          : `HTTP ${outcome.status}`;
      if (outcome.kind === 'delivered') {
        context.log.info(`callback of job ${input.id} delivered (${said}), attempt ${attempt}`, fields);
      } else if (outcome.kind === 'retryable') {
        const policy = context.info.retryPolicy;
        const spacing: RetrySpacing = {
          initialMs: Number(policy?.initialInterval ?? DEFAULT_SPACING.initialMs),
          coefficient: policy?.backoffCoefficient ?? DEFAULT_SPACING.coefficient,
          maximumMs: Number(policy?.maximumInterval ?? DEFAULT_SPACING.maximumMs),
        };
        const next = nextTrySeconds(attempt, spacing, wait);
        context.log.warn(`callback of job ${input.id} failed (${said}), attempt ${attempt}; next try in ${next} s`, {
          ...fields,
          reason: outcome.reason,
          next_try_in_s: next,
        });
      } else {
        context.log.warn(`callback of job ${input.id} refused (${said}), attempt ${attempt}; no further try`, {
          ...fields,
          reason: outcome.reason,
        });
      }
      countWebhookAttempt(outcome.kind);
      await deps.recordAttempt?.({
        workflowId: workflowExecution?.workflowId ?? null,
        webhookId: input.id,
        attempt,
        attemptedAt: attemptedAt.toISOString(),
        outcome,
      });

      if (outcome.kind === 'retryable') {
        throw ApplicationFailure.create({
          type: WEBHOOK_RETRYABLE,
          message: `webhook attempt ${attempt} failed: ${outcome.reason}`,
          details: [{ ...outcome, attempt }],
          nextRetryDelay: wait === null ? undefined : wait * 1000,
        });
      }
      return { ...outcome, attempt };
    },
  };
}

export type WebhookActivities = ReturnType<typeof webhookActivities>;
