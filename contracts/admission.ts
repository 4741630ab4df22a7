// The admission a job workflow (verification, extraction, batch) started by update-with-start answers: `admit`,
// whose answer is the job's admission (credits held, submission recorded) or its refusal (no credits). The API
// now admits before a plain start (application/jobs/admission.ts, input `admitted`); runs of before, and their recorded
// histories, still admit themselves this way.
import { defineUpdate } from '@temporalio/workflow';
import type * as batch from '../domain/jobs/batch.js';
import type * as job from '../domain/jobs/job.js';
import type { KeyMode } from '../domain/vocabulary.js';

/** Who submitted, in which mode, and what the account's plan grants (for the month change). */
export interface Submitter {
  accountId: string;
  keyId: string;
  mode: KeyMode;
  allowance: number;
}

export interface AdmitJobInput extends Submitter, Omit<job.SubmitJob, keyof Submitter> {
  /** Credits held until the job settles (0 for test keys). */
  reserve: number;
}

export type AdmitBatchInput = Submitter & Omit<batch.SubmitBatch, keyof Submitter>;

/** How a job workflow ends without its work: refused admission (no credits), or a replay of one admitted before. */
export type NotAdmitted = 'rejected' | 'known';

/** How a single job's workflow (verification, extraction) ends: the job's status, or not admitted. */
export type JobEnd = NotAdmitted | 'complete' | 'failed';

export interface Admission {
  /** Where the submission landed: the API waits for the read models to pass it. */
  position: string;
  /** The submission had been admitted before (a retried submission, or a replay after retention). */
  known: boolean;
}

/** A retried submission (same Idempotency-Key, so the same workflow) gets the same answer unless its request differs. */
export const admit = defineUpdate<Admission, [requestHash: string]>('admit');
