import type { JobEvent } from './job.js';

// The job record of DESIGN §8 (GET /api/v1/jobs/{id}, and the body of the job's callback), from the job's row in
// the read model or folded from the job's own events when the read model lags behind a write the caller has
// made (checked reads, issue 33). The fold follows the jobs projection (projections/jobs.ts) event for event, so
// both give the same record.

/** What the record is made from: the jobs read model's row, or the fold of the job's events. */
export interface JobRow {
  job_id: string;
  account_id: string;
  mode: string;
  kind: string;
  status: string;
  result: unknown;
  error: unknown;
  created_at: Date;
  completed_at: Date | null;
  webhook_url: string | null;
  webhook_status: string | null;
  webhook_attempts: number;
  webhook_last_attempt_at: Date | null;
  result_erased_at?: Date | null;
}

/** The job record; an erased job's adds `result_erased_at` (its result is null from then on). */
export function jobRecord(row: JobRow) {
  return {
    job_id: row.job_id,
    type: row.kind,
    status: row.status,
    created_at: row.created_at.toISOString(),
    completed_at: row.completed_at?.toISOString() ?? null,
    result: row.result ?? null,
    error: row.error ?? null,
    ...(row.result_erased_at ? { result_erased_at: row.result_erased_at.toISOString() } : {}),
    webhook: row.webhook_url
      ? {
          url: row.webhook_url,
          status: row.webhook_status,
          attempts: row.webhook_attempts,
          last_attempt_at: row.webhook_last_attempt_at?.toISOString() ?? null,
        }
      : null,
  };
}

export type JobRecord = ReturnType<typeof jobRecord>;

type Dated = JobEvent & { created: Date };

/** Which delivery the row's webhook columns follow: the original (null) or the latest resend. */
type Folded = JobRow & { delivery_id: string | null };

function evolve(row: Folded | null, e: Dated, jobId: string): Folded | null {
  if (e.type === 'JobSubmitted') {
    if (row) return row;
    const d = e.data;
    return {
      job_id: jobId,
      account_id: d.account_id,
      mode: d.mode,
      kind: d.kind,
      status: 'pending',
      result: null,
      error: null,
      created_at: e.created,
      completed_at: null,
      webhook_url: d.webhook_url,
      webhook_status: d.webhook_url ? 'pending' : null,
      webhook_attempts: 0,
      webhook_last_attempt_at: null,
      result_erased_at: null,
      delivery_id: null,
    };
  }
  if (!row) return null;
  const ours = (deliveryId: string | undefined) => (deliveryId ?? null) === row.delivery_id;
  switch (e.type) {
    case 'JobCompleted':
      return { ...row, status: 'complete', result: e.data.result, completed_at: e.created };
    case 'JobFailed':
      return { ...row, status: 'failed', error: e.data.error, completed_at: e.created };
    case 'JobResultErased':
      return row.status === 'pending' ? row : { ...row, result: null, webhook_url: null, result_erased_at: e.created };
    case 'WebhookAttempted':
      return ours(e.data.delivery_id)
        ? { ...row, webhook_attempts: Math.max(row.webhook_attempts, e.data.attempt), webhook_last_attempt_at: e.created }
        : row;
    case 'WebhookDelivered':
    case 'WebhookAbandoned':
      return ours(e.data.delivery_id)
        ? { ...row, webhook_status: e.type === 'WebhookDelivered' ? 'delivered' : 'failed', webhook_attempts: Math.max(row.webhook_attempts, e.data.attempts) }
        : row;
    case 'WebhookResent':
      return { ...row, delivery_id: e.data.delivery_id, webhook_status: 'pending', webhook_attempts: 0, webhook_last_attempt_at: null };
  }
}

/** The job's row folded from its events (oldest first); null before its submission is recorded. */
export function foldJobRow(jobId: string, events: readonly Dated[]): JobRow | null {
  let row: Folded | null = null;
  for (const event of events) row = evolve(row, event, jobId);
  if (!row) return null;
  const { delivery_id: _delivery, ...rest } = row;
  return rest;
}
