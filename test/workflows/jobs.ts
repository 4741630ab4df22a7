// What the job workflows' tests submit, and a verification result for the stub activities to answer with.
import type { JobOutcome } from '../../activities/jobs.js';
import type { ChargedResult } from '../../domain/jobs/outcomes.js';
import type { VerificationRequest } from '../../domain/verification/types.js';
import type { AdmitJobInput } from '../../contracts/admission.js';
import type { VerificationJobInput } from '../../contracts/verification.js';

export const request: VerificationRequest = {
  policy_number: 'AXK12345678',
  country: 'UK',
  insurance_type: 'motor',
  provider: 'AXA',
};

/** A live verification job (`verification-{jobId}`), with or without a callback. */
export function verificationJob(overrides: Partial<AdmitJobInput> = {}): VerificationJobInput {
  const jobId = overrides.jobId ?? `job_${crypto.randomUUID()}`;
  return {
    admit: {
      accountId: 'acct_test',
      keyId: 'key_test',
      mode: 'live',
      allowance: 10,
      jobId,
      kind: 'verification',
      request: { ...request },
      webhookUrl: null,
      idempotencyKey: `idem-${jobId}`,
      requestHash: 'hash-a',
      reserve: 1,
      ...overrides,
    },
    request,
    webhookRetrySeconds: 1,
  };
}

export function verified(policyNumber = request.policy_number): JobOutcome {
  const result = {
    policy_number: policyNumber,
    status: 'verified',
    credits_charged: 1,
    processed_in_ms: 3,
  } as unknown as ChargedResult;
  return { ok: true, result };
}
