import {
  ActivityFailure,
  ApplicationFailure,
  proxyActivities,
  proxyLocalActivities,
  upsertSearchAttributes,
} from '@temporalio/workflow';
import type { JobActivities, JobOutcome } from '../activities/jobs.js';
import { local } from './job-activities.js';
import { admitJob } from './admission.js';
import { Outcome } from '../contracts/search-attributes.js';
import { callBackWhenAsked } from './webhook.js';
import { discardDocument, extractDocument, extractionError } from './extraction.js';
import { jobError } from '../domain/jobs/outcomes.js';
import type { VerificationJobInput } from '../contracts/verification.js';
import type { JobEnd } from '../contracts/admission.js';

// The registry lookups: a registry that is unavailable is retried; a refusal (policy_not_found) is an answer.
const VERIFY = {
  startToCloseTimeout: '10 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumAttempts: 5 },
} as const;
const { verifyJobPolicy } = proxyActivities<JobActivities>(VERIFY);
// A job the API admitted verifies in the workflow's own worker, as its bookkeeping does: the whole job is then
// one workflow task (verify, settle, record), with no activity task to dispatch and report (issue 40 item 3).
const verifyHere = proxyLocalActivities<JobActivities>(VERIFY).verifyJobPolicy;

const INTERNAL: JobOutcome = {
  ok: false,
  error: jobError('internal_error', 'The verification could not complete. Retry with exponential backoff.'),
};

const NO_NUMBER: JobOutcome = {
  ok: false,
  error: jobError('invalid_document', 'No policy number was found in the document; send policy_number with it.'),
};

/** With a document: extract it first, take its policy number when none was given, else compare the two. */
async function verify(input: VerificationJobInput): Promise<JobOutcome> {
  let request = input.request;
  let documentPolicyNumber: string | null = null;
  if (input.blobId) {
    try {
      documentPolicyNumber = (await extractDocument(input.blobId)).policy_number;
    } catch (error) {
      return { ok: false, error: extractionError(error) };
    }
    if (!request.policy_number) {
      if (!documentPolicyNumber) return NO_NUMBER;
      request = { ...request, policy_number: documentPolicyNumber };
    }
  }
  try {
    return await (input.admitted ? verifyHere : verifyJobPolicy)({
      request,
      mode: input.admit.mode,
      documentPolicyNumber,
    });
  } catch (error) {
    if (!(error instanceof ActivityFailure || error instanceof ApplicationFailure)) throw error;
    return INTERNAL;
  }
}

/** `verification-{job_id}`: admit (unless the API did), (extract,) verify, settle, record, call back. */
export async function verificationWorkflow(input: VerificationJobInput): Promise<JobEnd> {
  const { admit } = input;
  if (!input.admitted) {
    const admitted = await admitJob(admit);
    if (!admitted.ok) return 'rejected';
    if (admitted.admission.known) return 'known';
  }

  const outcome = await verify(input);
  const completed = await local.completeJob({
    jobId: admit.jobId,
    accountId: admit.accountId,
    mode: admit.mode,
    outcome,
  });
  upsertSearchAttributes([{ key: Outcome, value: outcome.ok ? outcome.result.status : 'failed' }]);
  if (input.blobId) await discardDocument(input.blobId);

  await callBackWhenAsked(admit, completed.position, input.webhookRetrySeconds);
  return outcome.ok ? 'complete' : 'failed';
}
