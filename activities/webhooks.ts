import { countWebhookAttempt } from '../infra/metrics.js';
import { ApplicationFailure, Context } from '@temporalio/activity';
import {
  deliverWebhook as deliver,
  type DeliveryOutcome,
  type WebhookDelivery,
} from '../infra/webhooks/deliver.js';
import type { LookupFn } from '../infra/webhooks/resolve.js';

// One callback attempt per activity attempt. Retries belong to the activity's retry policy (set by the
// workflow, about a day of exponential backoff); a receiver's Retry-After replaces the next backoff step.

export const WEBHOOK_RETRYABLE = 'webhook_retryable';

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
      const outcome = await deliver(
        { url: input.url, id: input.id, timestamp: attemptedAt, body: input.body, secrets: input.secrets },
        { allowlist: deps.allowlist, lookup: deps.lookup, timeoutMs: deps.timeoutMs },
      );

      // Never the body, the secrets or the full URL.
      context.log.info('webhook attempt', {
        webhookId: input.id,
        origin: origin(input.url),
        attempt,
        outcome: outcome.kind,
        status: outcome.status,
        ...(outcome.kind === 'delivered' ? {} : { reason: outcome.reason }),
      });
      countWebhookAttempt(outcome.kind);
      await deps.recordAttempt?.({
        workflowId: workflowExecution?.workflowId ?? null,
        webhookId: input.id,
        attempt,
        attemptedAt: attemptedAt.toISOString(),
        outcome,
      });

      if (outcome.kind === 'retryable') {
        const wait = outcome.retryAfterSeconds;
        throw ApplicationFailure.create({
          type: WEBHOOK_RETRYABLE,
          message: `webhook attempt ${attempt} failed: ${outcome.reason}`,
          details: [{ ...outcome, attempt }],
          nextRetryDelay:
            wait === null
              ? undefined
              : Math.min(Math.max(wait, RETRY_AFTER_MIN_SECONDS), RETRY_AFTER_MAX_SECONDS) * 1000,
        });
      }
      return { ...outcome, attempt };
    },
  };
}

export type WebhookActivities = ReturnType<typeof webhookActivities>;
