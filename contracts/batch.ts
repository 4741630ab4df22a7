import type { AdmitBatchInput, NotAdmitted } from './admission.js';
import { contract } from './workflow.js';

/** `batch-{batch_id}`: up to 100 policies, verified in slices side by side; answers `admit`. */
export interface BatchInput {
  admit: AdmitBatchInput;
  /** Policies per verification activity (slices run all at once). */
  sliceSize: number;
  /**
   * The API admitted it before the start (credits held, submission recorded: application/jobs/admission.ts), so the
   * workflow goes straight to its work. Absent in runs started by update-with-start, which admit themselves.
   */
  admitted?: boolean;
}

export const BATCH_WORKFLOW = contract<BatchInput, NotAdmitted | 'complete', 'batchWorkflow'>(
  'batchWorkflow',
  (input) => `batch-${input.admit.batchId}`,
);
