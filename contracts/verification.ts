import type { VerificationRequest } from '../domain/verification/types.js';
import type { AdmitJobInput, JobEnd } from './admission.js';
import { contract } from './workflow.js';

/** `verification-{job_id}`: an async verification, optionally from a document; answers `admit`. */
export interface VerificationJobInput {
  admit: AdmitJobInput;
  request: VerificationRequest;
  /** First retry interval of the callback, in seconds (shorter in tests). */
  webhookRetrySeconds: number;
  /** A PDF in the blob store (the request's `document`): extracted first, its policy number used or compared. */
  blobId?: string | null;
  /**
   * The API admitted it before the start (credits held, submission recorded: application/jobs/admission.ts), so the
   * workflow goes straight to its work. Absent in runs started by update-with-start, which admit themselves.
   */
  admitted?: boolean;
}

/** Ends with the job's status: complete, failed, or rejected (not admitted). */
export const VERIFICATION_WORKFLOW = contract<VerificationJobInput, JobEnd, 'verificationWorkflow'>(
  'verificationWorkflow',
  (input) => `verification-${input.admit.jobId}`,
);
