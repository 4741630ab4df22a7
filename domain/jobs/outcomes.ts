import { ERROR_STATUS, type ErrorCode } from '../errors.js';
import type { VerificationRequest, VerificationResult } from '../verification/types.js';

// What jobs and batches end with: a job's result or error, a batch's items and summary. Their streams' events
// are in ./job.ts and ./batch.ts.

export type { JobKind } from '../vocabulary.js';

/** A docs/architecture.md#errors error as a job carries it when it failed. */
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

/** The docs/architecture.md#verification-results result as a job or batch item keeps it. */
export type ChargedResult = VerificationResult & { credits_charged: number; processed_in_ms: number };

/** One policy of a batch, as its result lists it (docs/architecture.md#the-interface). */
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

export function summarise(items: readonly Pick<BatchItemResult, 'status' | 'credits_charged'>[]): BatchSummary {
  const summary: BatchSummary = { verified: 0, inconclusive: 0, unverified: 0, error: 0, credits_charged: 0 };
  for (const item of items) {
    summary[item.status] += 1;
    summary.credits_charged += item.credits_charged;
  }
  return summary;
}

/** How verifying one policy ended: its priced result, or the error that is the job's (or the item's) answer. */
export type JobOutcome = { ok: true; result: ChargedResult } | { ok: false; error: JobError };

/** One policy of a batch as its result lists it (docs/architecture.md#the-interface). */
export function batchItem(index: number, request: VerificationRequest, outcome: JobOutcome): BatchItemResult {
  const common = {
    index,
    policy_number: request.policy_number,
    country: request.country,
    insurance_type: request.insurance_type,
    provider: request.provider ?? null,
  };
  return outcome.ok
    ? {
        ...common,
        status: outcome.result.status,
        confidence_score: outcome.result.confidence_score,
        verification_sources: outcome.result.verification_sources,
        insurer: outcome.result.insurer,
        flags: outcome.result.flags,
        credits_charged: outcome.result.credits_charged,
        error: null,
      }
    : {
        ...common,
        status: 'error',
        confidence_score: null,
        verification_sources: [],
        insurer: null,
        flags: [],
        credits_charged: 0,
        error: outcome.error,
      };
}
