import { JOB_EVENT_TYPES, type JobEvent } from '../domain/jobs/events.js';
import type { Queryable } from '../infra/sql/sql.js';
import type { Projection } from './runner.js';

// The job view of GET /api/v1/jobs/{id} (DESIGN §8), with the webhook's delivery status.
export const jobsProjection: Projection = {
  name: 'jobs',
  migrations: [
    {
      id: 'jobs-001',
      sql: `create table jobs (
              job_id text primary key,
              account_id text not null,
              mode text not null,
              kind text not null,
              status text not null,
              request jsonb not null,
              result jsonb,
              error jsonb,
              created_at timestamptz not null,
              completed_at timestamptz,
              webhook_url text,
              webhook_status text,
              webhook_attempts integer not null default 0,
              webhook_last_attempt_at timestamptz,
              request_hash text not null
            )`,
    },
  ],
  tables: ['jobs'],
  eventTypes: JOB_EVENT_TYPES,
  async apply(tx, event) {
    const jobId = event.stream.slice('job-'.length);
    const e = event as unknown as JobEvent;
    switch (e.type) {
      case 'JobSubmitted':
        await tx.query(
          `insert into jobs (job_id, account_id, mode, kind, status, request, created_at, webhook_url, webhook_status, request_hash)
           values ($1, $2, $3, $4, 'pending', $5::text::jsonb, $6, $7, $8, $9)
           on conflict (job_id) do nothing`,
          [
            jobId,
            e.data.account_id,
            e.data.mode,
            e.data.kind,
            JSON.stringify(e.data.request),
            event.created,
            e.data.webhook_url,
            e.data.webhook_url ? 'pending' : null,
            e.data.request_hash,
          ],
        );
        break;
      case 'JobCompleted':
        await tx.query(
          `update jobs set status = 'complete', result = $2::text::jsonb, completed_at = $3 where job_id = $1`,
          [jobId, JSON.stringify(e.data.result), event.created],
        );
        break;
      case 'JobFailed':
        await tx.query(`update jobs set status = 'failed', error = $2::text::jsonb, completed_at = $3 where job_id = $1`, [
          jobId,
          JSON.stringify(e.data.error),
          event.created,
        ]);
        break;
      case 'WebhookAttempted':
        await tx.query(
          `update jobs set webhook_attempts = greatest(webhook_attempts, $2), webhook_last_attempt_at = $3 where job_id = $1`,
          [jobId, e.data.attempt, event.created],
        );
        break;
      case 'WebhookDelivered':
        await tx.query(`update jobs set webhook_status = 'delivered', webhook_attempts = greatest(webhook_attempts, $2) where job_id = $1`, [
          jobId,
          e.data.attempts,
        ]);
        break;
      case 'WebhookAbandoned':
        await tx.query(`update jobs set webhook_status = 'failed', webhook_attempts = greatest(webhook_attempts, $2) where job_id = $1`, [
          jobId,
          e.data.attempts,
        ]);
        break;
    }
  },
};

interface JobRow {
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
}

/** The job record of DESIGN §8. */
export function jobRecord(row: JobRow) {
  return {
    job_id: row.job_id,
    type: row.kind,
    status: row.status,
    created_at: row.created_at.toISOString(),
    completed_at: row.completed_at?.toISOString() ?? null,
    result: row.result ?? null,
    error: row.error ?? null,
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

/** The request hash of a job (any owner): a retried submission must match it. */
export async function jobRequestHash(db: Queryable, jobId: string): Promise<string | null> {
  const [row] = await db.query<{ request_hash: string }>('select request_hash from jobs where job_id = $1', [jobId]);
  return row?.request_hash ?? null;
}

/** A job as its owner sees it: another account's, or the other mode's, does not exist. */
export async function findJob(db: Queryable, jobId: string, owner: { accountId: string; mode: string }): Promise<JobRecord | null> {
  const [row] = await db.query<JobRow & Record<string, unknown>>(
    'select * from jobs where job_id = $1 and account_id = $2 and mode = $3',
    [jobId, owner.accountId, owner.mode],
  );
  return row ? jobRecord(row) : null;
}
