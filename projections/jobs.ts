import { jobDecider, jobStream, type Job, type JobEvent } from '../domain/jobs/job.js';
import { jobRecord, type JobRecord, type JobRow } from '../domain/jobs/job-record.js';
import type { Queryable } from '../infra/sql/sql.js';
import type { Projection } from './projection.js';
import { projectStates, type StateTable } from './states.js';

// The job view of GET /api/v1/jobs/{id} (docs/architecture.md#the-interface), with the webhook's delivery status:
// each job's row is the state the job's decider folds from its stream (domain/jobs/job.ts), the fold checked reads
// make too.
export const jobsProjection: Projection<JobEvent> = {
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
    {
      // The dashboard's deliveries: the last attempt's HTTP status, and which delivery (the original, null, or
      // a resend) the webhook columns describe. Rows projected before this migration show a null status until
      // `projector rebuild jobs` replays their WebhookAttempted events.
      id: 'jobs-002',
      sql: `alter table jobs add column webhook_last_status integer, add column webhook_delivery_id text;
            create index jobs_webhook_deliveries on jobs (account_id, created_at desc) where mode = 'live' and webhook_url is not null`,
    },
    {
      // Retention (docs/architecture.md#personal-data): the blob a job's document is in (so "which jobs within retention refer to blob X"
      // is a query), the charge kept apart from the result it is erased with, and when the result was erased.
      id: 'jobs-003',
      sql: `alter table jobs add column blob_id text, add column credits_charged integer, add column result_erased_at timestamptz;
            create index jobs_blob_id on jobs (blob_id) where blob_id is not null;
            create index jobs_retention on jobs (completed_at) where result_erased_at is null and status <> 'pending'`,
    },
    {
      // Issue 56: an extraction's corrections, oldest first (domain/jobs/corrections.ts).
      id: 'jobs-004',
      sql: `alter table jobs add column corrections jsonb not null default '[]'`,
    },
  ],
  readsByKeyOnly: true,
  tables: ['jobs'],
  streams: [jobStream],
  async forget(tx, jobId) {
    await tx.query('delete from jobs where job_id = $1', [jobId]);
  },
  async apply(tx, event, id) {
    await projectStates(tx, JOBS, [{ event, id }], jobDecider);
  },
  async applyMany(tx, events) {
    await projectStates(tx, JOBS, events, jobDecider);
  },
};

/** The row is the job as its decider folds it, a column per field. */
const JOBS: StateTable = {
  name: 'jobs',
  key: 'job_id',
  columns: {
    account_id: 'text',
    mode: 'text',
    kind: 'text',
    status: 'text',
    request: 'jsonb',
    request_hash: 'text',
    blob_id: 'text',
    result: 'jsonb',
    error: 'jsonb',
    credits_charged: 'integer',
    created_at: 'timestamptz',
    completed_at: 'timestamptz',
    result_erased_at: 'timestamptz',
    webhook_url: 'text',
    webhook_status: 'text',
    webhook_attempts: 'integer',
    webhook_last_attempt_at: 'timestamptz',
    webhook_last_status: 'integer',
    webhook_delivery_id: 'text',
    corrections: 'jsonb',
  } satisfies Record<keyof Job, string>,
};

/** The request hash of a job (any owner): a retried submission must match it. */
export async function jobRequestHash(db: Queryable, jobId: string): Promise<string | null> {
  const [row] = await db.query<{ request_hash: string }>('select request_hash from jobs where job_id = $1', [jobId]);
  return row?.request_hash ?? null;
}

/** A job as its owner sees it: another account's, or the other mode's, does not exist. */
export async function findJob(
  db: Queryable,
  jobId: string,
  owner: { accountId: string; mode: string },
): Promise<JobRecord | null> {
  const [row] = await db.query<JobRow & Record<string, unknown>>(
    'select * from jobs where job_id = $1 and account_id = $2 and mode = $3',
    [jobId, owner.accountId, owner.mode],
  );
  return row ? jobRecord(row) : null;
}

export { jobRecord, type JobRecord };

/** A job as the dashboard lists it: never its request or result. */
export type AccountJobRow = {
  job_id: string;
  kind: string;
  mode: string;
  status: string;
  created_at: Date;
  result_erased_at: Date | null;
  corrections: number;
};

/** An account's last extractions (both modes), newest first, for the dashboard's list of documents. */
export async function listAccountExtractions(db: Queryable, accountId: string, limit = 50): Promise<AccountJobRow[]> {
  return db.query<AccountJobRow>(
    `select job_id, kind, mode, status, created_at, result_erased_at, jsonb_array_length(corrections) as corrections
       from jobs where account_id = $1 and kind = 'extraction' order by created_at desc, job_id desc limit $2`,
    [accountId, limit],
  );
}

/**
 * A page of the extractions corrected at or after `since` whose result is not erased, in job id order after
 * `after` (the training export, application/jobs/training-export.ts).
 */
export async function correctedExtractions(db: Queryable, since: Date, after: string, limit: number) {
  return db.query<{
    job_id: string;
    account_id: string;
    result: unknown;
    corrections: unknown[];
    completed_at: Date;
  }>(
    `select job_id, account_id, result, corrections, completed_at from jobs
      where kind = 'extraction' and status = 'complete' and result_erased_at is null
        and jsonb_array_length(corrections) > 0 and job_id > $2
        and exists (select 1 from jsonb_array_elements(corrections) c where (c->>'at')::timestamptz >= $1)
      order by job_id limit $3`,
    [since, after, limit],
  );
}
