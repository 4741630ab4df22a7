import type { JobEvent } from '../../domain/jobs/job.js';
import type { JobKind } from '../../domain/vocabulary.js';

/** A job's first event: a live job with a callback, a test one without. */
export const jobSubmitted = (options: { account?: string; webhook: boolean; kind?: JobKind }): JobEvent => ({
  type: 'JobSubmitted',
  data: {
    kind: options.kind ?? 'verification',
    mode: options.webhook ? 'live' : 'test',
    account_id: options.account ?? 'acct_1',
    key_id: `key_${options.account ?? '1'}`,
    request: { policy_number: 'P-1', country: 'DE', insurance_type: 'motor' },
    webhook_url: options.webhook ? 'https://h.example/x' : null,
    idempotency_key: null,
    request_hash: 'h',
    blob_id: 'blob',
  },
});

/** One attempt of a callback's delivery (the original, or the resend `delivery_id`); `status` null: no answer. */
export const webhookAttempt = (n: number, status: number | null, delivery_id?: string): JobEvent => ({
  type: 'WebhookAttempted',
  data: {
    attempt: n,
    status,
    outcome: status === 200 ? 'delivered' : 'retryable',
    reason: null,
    ...(delivery_id ? { delivery_id } : {}),
  },
});
