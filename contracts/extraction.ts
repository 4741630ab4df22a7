import type { AdmitJobInput, JobEnd } from './admission.js';
import { contract } from './workflow.js';

/** `extraction-{job_id}`: a document's fields read by its text layer or OCR; answers `admit`. */
export interface ExtractionJobInput {
  admit: AdmitJobInput;
  /** The PDF in the blob store: its bytes never enter workflow history. */
  blobId: string;
  webhookRetrySeconds: number;
  /**
   * The API admitted it before the start (credits held, submission recorded: application/jobs/admission.ts), so the
   * workflow goes straight to its work. Absent in runs started by update-with-start, which admit themselves.
   */
  admitted?: boolean;
}

export const EXTRACTION_WORKFLOW = contract<ExtractionJobInput, JobEnd, 'extractionWorkflow'>(
  'extractionWorkflow',
  (input) => `extraction-${input.admit.jobId}`,
);

/**
 * The task queue of a document's activities (validation, text layer, OCR, parsing), polled by the extraction
 * worker alone, so that minutes of OCR never hold the slots of the verifications and webhooks on `taskQueue`.
 * The workflows that extract (this one, and a verification with a document) stay on `taskQueue`: they are light.
 * Derived, not configured: a workflow must name the queue deterministically, from what its history holds, and
 * runs started before the queue existed then find it too.
 */
export const extractionTaskQueue = (taskQueue: string): string => `${taskQueue}-extraction`;
