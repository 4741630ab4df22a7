import { contract } from './workflow.js';

/** Retention (docs/architecture.md#personal-data), started daily by the `retention` Schedule. */
export interface RetentionInput {
  /** The clock of this run (ISO); the workflow's own time when absent (the daily schedule). Tests fix it. */
  now?: string;
}

export interface RetentionReport {
  now: string;
  jobs_erased: number;
  batches_erased: number;
  documents_deleted: number;
  documents_kept: number;
  audit_entries_deleted: number;
}

/** `retention`: the daily Schedule's id, its runs' ids start with it. */
export const RETENTION_WORKFLOW = contract<RetentionInput, RetentionReport, 'retentionWorkflow'>(
  'retentionWorkflow',
  () => 'retention',
);
