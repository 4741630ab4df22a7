import type { AdmitBatchInput, NotAdmitted } from './admission.js';
import { contract } from './workflow.js';

/** `batch-{batch_id}`: up to 100 policies, verified in slices side by side; answers `admit`. */
export interface BatchInput {
  admit: AdmitBatchInput;
  /** Policies per verification activity (slices run all at once). */
  sliceSize: number;
}

export const BATCH_WORKFLOW = contract<BatchInput, NotAdmitted | 'complete', 'batchWorkflow'>('batchWorkflow', (input) => `batch-${input.admit.batchId}`);
