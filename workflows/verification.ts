import { ActivityFailure, ApplicationFailure, proxyActivities, proxyLocalActivities, upsertSearchAttributes } from '@temporalio/workflow';
import type { AdmitJobInput, JobActivities, JobOutcome } from '../activities/jobs.js';
import { handleAdmission } from './admission.js';
import { Outcome } from './search-attributes.js';
import { deliverCallback } from './webhook.js';
import type { VerificationRequest } from '../domain/verification/types.js';

export interface VerificationJobInput {
  admit: AdmitJobInput;
  request: VerificationRequest;
  /** First retry interval of the callback, in seconds (shorter in tests). */
  webhookRetrySeconds: number;
}

// Ledger and event appends are short and local to the worker: local activities, retried quickly.
const local = proxyLocalActivities<JobActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '200 milliseconds', maximumAttempts: 20 },
});

// The registry lookups: a registry that is unavailable is retried; a refusal (policy_not_found) is an answer.
const { verifyJobPolicy } = proxyActivities<JobActivities>({
  startToCloseTimeout: '10 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumAttempts: 5 },
});

const INTERNAL: JobOutcome = {
  ok: false,
  error: { error: 'internal_error', message: 'The verification could not complete. Retry with exponential backoff.', code: 500 },
};

/** `verification-{job_id}`: admit, verify, settle, record, call back. */
export async function verificationWorkflow(input: VerificationJobInput): Promise<string> {
  const { admit } = input;
  const admitted = await handleAdmission(admit.requestHash, () => local.admitJob(admit));
  if (!admitted.ok) return 'rejected';
  if (admitted.admission.known) return 'known';

  let outcome: JobOutcome;
  try {
    outcome = await verifyJobPolicy({ request: input.request, mode: admit.mode });
  } catch (error) {
    if (!(error instanceof ActivityFailure || error instanceof ApplicationFailure)) throw error;
    outcome = INTERNAL;
  }
  const completed = await local.completeJob({ jobId: admit.jobId, accountId: admit.accountId, mode: admit.mode, outcome });
  upsertSearchAttributes([{ key: Outcome, value: outcome.ok ? outcome.result.status : 'failed' }]);

  // Test keys never call back (SPEC §5.1, §6).
  if (admit.mode === 'live' && admit.webhookUrl) {
    await deliverCallback({
      jobId: admit.jobId,
      accountId: admit.accountId,
      mode: admit.mode,
      kind: 'verification',
      url: admit.webhookUrl,
      completedAt: completed.position,
      retrySeconds: input.webhookRetrySeconds,
    });
  }
  return outcome.ok ? 'complete' : 'failed';
}
