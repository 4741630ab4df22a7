import { fold } from '../decider.js';
import type { Recorded } from '../streams.js';
import { correctedResult, fieldStates } from './corrections.js';
import { jobDecider, type Job, type JobEvent } from './job.js';

// The job record of docs/architecture.md#the-interface (GET /api/v1/jobs/{id}, and the body of the job's
// callback), from the job's row in the read model or folded from the job's own events when the read model lags
// behind a write the caller has made (checked reads, issue 33). The read model stores what the job's decider folds
// (projections/jobs.ts), so both are one fold and give the same record.

/** What the record is made from: the jobs read model's row, or the fold of the job's events. */
export type JobRow = Job & { job_id: string };

/**
 * What a test key's job shows of its callback: test keys run the sandbox, which delivers no callbacks (docs/architecture.md#keys-and-the-sandbox).
 * Said in the 202 and in the job view, so that nobody waits on a "pending" callback that never comes.
 */
export const sandboxCallback = (url: string) => ({
  url,
  status: 'not_sent' as const,
  reason: 'Test keys do not deliver callbacks (the sandbox); the same request with a live key calls this URL.',
});

/**
 * A completed extraction's corrections (issue 56): each field's value now, whether it was corrected and what the
 * service read, and every correction in order. None for a verification, a job not complete, or an erased one.
 */
function correctionsOf(row: JobRow) {
  if (row.kind !== 'extraction' || row.status !== 'complete' || !row.result || row.result_erased_at) return {};
  const history = row.corrections ?? [];
  return { corrections: { fields: fieldStates(row.result, history), history } };
}

/**
 * The job record; an erased job's adds `result_erased_at` (its result is null from then on). A completed
 * extraction's result holds the values as corrected, and `corrections` says which were.
 */
export function jobRecord(row: JobRow) {
  return {
    job_id: row.job_id,
    type: row.kind,
    status: row.status,
    created_at: row.created_at.toISOString(),
    completed_at: row.completed_at?.toISOString() ?? null,
    result: correctedResult(row.result, row.corrections ?? []) ?? null,
    error: row.error ?? null,
    // Kept apart from the result: retention erases the result but not what the job cost. A failed job released
    // its reservation whole.
    credits_charged: row.credits_charged ?? (row.status === 'failed' ? 0 : null),
    ...(row.result_erased_at ? { result_erased_at: row.result_erased_at.toISOString() } : {}),
    webhook: !row.webhook_url
      ? null
      : row.mode === 'test'
        ? { ...sandboxCallback(row.webhook_url), attempts: 0, last_attempt_at: null }
        : {
            url: row.webhook_url,
            status: row.webhook_status,
            attempts: row.webhook_attempts,
            last_attempt_at: row.webhook_last_attempt_at?.toISOString() ?? null,
          },
    ...correctionsOf(row),
  };
}

export type JobRecord = ReturnType<typeof jobRecord>;

/** The job's row folded from its events (oldest first); null before its submission is recorded. */
export function foldJobRow(jobId: string, events: readonly Recorded<JobEvent>[]): JobRow | null {
  const job = fold(jobDecider, events);
  return job && { job_id: jobId, ...job };
}
