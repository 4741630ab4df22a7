import type { AdmitJobInput, JobEnd } from './admission.js';
import { contract } from './workflow.js';

/** `extraction-{job_id}`: a document's fields read by its text layer or OCR; answers `admit`. */
export interface ExtractionJobInput {
  admit: AdmitJobInput;
  /** The PDF in the blob store: its bytes never enter workflow history. */
  blobId: string;
  webhookRetrySeconds: number;
}

export const EXTRACTION_WORKFLOW = contract<ExtractionJobInput, JobEnd, 'extractionWorkflow'>('extractionWorkflow', (input) => `extraction-${input.admit.jobId}`);
