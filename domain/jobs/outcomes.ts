import type { KeyMode } from '../accounts/keys.js';
import { ERROR_STATUS, type ErrorCode } from '../errors.js';
import type { VerificationRequest, VerificationResult } from '../verification/types.js';

// Facts about jobs and batches (DESIGN §4): streams `job-{id}` and `batch-{id}`.

export type JobKind = 'verification' | 'extraction';

/** A SPEC §2.9 error as a job carries it when it failed. */
export interface JobError {
  error: string;
  message: string;
  code: number;
}

/** The job error for a code of the catalogue (an unknown code is an internal error's 500). */
export const jobError = (code: string, message: string): JobError => ({
  error: code,
  message,
  code: ERROR_STATUS[code as ErrorCode] ?? 500,
});

/** The SPEC §2.2 result as a job or batch item keeps it. */
export type ChargedResult = VerificationResult & { credits_charged: number; processed_in_ms: number };

export interface JobSubmitted {
  kind: JobKind;
  mode: KeyMode;
  account_id: string;
  key_id: string;
  /** The request without document bytes. */
  request: Record<string, unknown>;
  webhook_url: string | null;
  idempotency_key: string | null;
  /** Tells a retried submission (same Idempotency-Key) with the same request from one with another. */
  request_hash: string;
  /** Whether the request carried a document (extraction first). */
  has_document?: boolean;
  /**
   * The blob the document is stored under (its SHA-256: blobs are shared by content), so that retention can
   * tell which blobs a job within retention still refers to.
   */
  blob_id?: string;
}

/**
 * Retention (DESIGN §13): what a finished job keeps once its result is erased. The request shrinks to what is
 * not personal; status, times and charges stay. An event, so that a projection rebuild erases it again.
 */
export interface JobResultErased {
  request: { country?: string; insurance_type?: string };
  /** The cut-off the job had passed. */
  cutoff: string;
}

export type WebhookOutcome = 'delivered' | 'retryable' | 'permanent';

/**
 * Which delivery of the callback a webhook event belongs to: absent for the original one, the resend's id for a
 * resend (the dashboard's "resend"). The job view follows the latest delivery only, so a late attempt of an
 * earlier one cannot overwrite what a resend shows.
 */
export interface DeliveryRef {
  delivery_id?: string;
}

export type JobEvent =
  | { type: 'JobSubmitted'; data: JobSubmitted }
  | { type: 'JobCompleted'; data: { result: unknown; credits_charged: number } }
  | { type: 'JobFailed'; data: { error: JobError } }
  /** `status`: the receiver's HTTP status, null when the attempt got no response. */
  | {
      type: 'WebhookAttempted';
      data: DeliveryRef & { attempt: number; status: number | null; outcome: WebhookOutcome; reason: string | null };
    }
  | { type: 'WebhookDelivered'; data: DeliveryRef & { attempts: number } }
  | { type: 'WebhookAbandoned'; data: DeliveryRef & { attempts: number; reason: string } }
  /** A finished job's callback is delivered again: the webhook's status starts over as pending for this delivery. */
  | { type: 'WebhookResent'; data: { delivery_id: string; url: string } }
  | { type: 'JobResultErased'; data: JobResultErased };

export const JOB_EVENT_TYPES = [
  'JobSubmitted',
  'JobCompleted',
  'JobFailed',
  'WebhookAttempted',
  'WebhookDelivered',
  'WebhookAbandoned',
  'WebhookResent',
  'JobResultErased',
] as const satisfies readonly JobEvent['type'][];

/** One policy of a batch, as its result lists it (DESIGN §8). */
export interface BatchItemResult {
  index: number;
  policy_number: string;
  country: string;
  insurance_type: string;
  provider: string | null;
  status: 'verified' | 'inconclusive' | 'unverified' | 'error';
  confidence_score: number | null;
  verification_sources: string[];
  insurer: VerificationResult['insurer'];
  flags: string[];
  credits_charged: number;
  error: JobError | null;
}

export interface BatchSummary {
  verified: number;
  inconclusive: number;
  unverified: number;
  error: number;
  credits_charged: number;
}

export type BatchEvent =
  | {
      type: 'BatchSubmitted';
      data: {
        mode: KeyMode;
        account_id: string;
        key_id: string;
        total_count: number;
        policies: VerificationRequest[];
        idempotency_key: string | null;
        request_hash: string;
      };
    }
  | { type: 'BatchItemCompleted'; data: { index: number; result: BatchItemResult } }
  | { type: 'BatchCompleted'; data: { summary: BatchSummary } }
  /** Retention: the per-policy results (policy numbers, providers) are erased; status, times and summary stay. */
  | { type: 'BatchResultsErased'; data: { cutoff: string } };

export const BATCH_EVENT_TYPES = ['BatchSubmitted', 'BatchItemCompleted', 'BatchCompleted', 'BatchResultsErased'] as const satisfies readonly BatchEvent['type'][];

/** A definitive answer costs a credit; an inconclusive one or an error does not (DESIGN §5). */
export const isChargeable = (status: string): boolean => status === 'verified' || status === 'unverified';

export function summarise(items: readonly Pick<BatchItemResult, 'status' | 'credits_charged'>[]): BatchSummary {
  const summary: BatchSummary = { verified: 0, inconclusive: 0, unverified: 0, error: 0, credits_charged: 0 };
  for (const item of items) {
    summary[item.status] += 1;
    summary.credits_charged += item.credits_charged;
  }
  return summary;
}
