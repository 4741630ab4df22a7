import { jobStream, type JobEvent } from '../domain/jobs/job.js';
import { jobRecord, type JobRecord, type JobRow } from '../domain/jobs/job-record.js';
import type { Queryable } from '../infra/sql/sql.js';
import { recordEnd } from './ends.js';
import type { Projection } from './runner.js';

// The job view of GET /api/v1/jobs/{id} (DESIGN §8), with the webhook's delivery status.
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
      // Retention (DESIGN §13): the blob a job's document is in (so "which jobs within retention refer to blob X"
      // is a query), the charge kept apart from the result it is erased with, and when the result was erased.
      id: 'jobs-003',
      sql: `alter table jobs add column blob_id text, add column credits_charged integer, add column result_erased_at timestamptz;
            create index jobs_blob_id on jobs (blob_id) where blob_id is not null;
            create index jobs_retention on jobs (completed_at) where result_erased_at is null and status <> 'pending'`,
    },
  ],
  tables: ['jobs'],
  streams: [jobStream],
  async apply(tx, e, jobId) {
    switch (e.type) {
      case 'JobSubmitted':
        await tx.query(
          `insert into jobs (job_id, account_id, mode, kind, status, request, created_at, webhook_url, webhook_status, request_hash, blob_id)
           values ($1, $2, $3, $4, 'pending', $5::text::jsonb, $6, $7, $8, $9, $10)
           on conflict (job_id) do nothing`,
          [
            jobId,
            e.data.account_id,
            e.data.mode,
            e.data.kind,
            JSON.stringify(e.data.request),
            e.created,
            e.data.webhook_url,
            e.data.webhook_url ? 'pending' : null,
            e.data.request_hash,
            e.data.blob_id ?? null,
          ],
        );
        break;
      case 'JobCompleted':
        await tx.query(
          `update jobs set status = 'complete', result = $2::text::jsonb, completed_at = $3, credits_charged = $4 where job_id = $1`,
          [jobId, JSON.stringify(e.data.result), e.created, e.data.credits_charged],
        );
        break;
      case 'JobResultErased':
        // The result and everything personal go; status, times, charges and the webhook's delivery state stay.
        await tx.query(
          `update jobs set result = null, request = $2::text::jsonb, webhook_url = null, result_erased_at = $3
            where job_id = $1 and status <> 'pending'`,
          [jobId, JSON.stringify(e.data.request), e.created],
        );
        break;
      case 'JobFailed':
        await recordEnd(tx, { table: 'jobs', id: jobId }, { status: 'failed', column: 'error', value: e.data.error, at: e.created });
        break;
      // Webhook events change the row only while their delivery is the latest one (see DeliveryRef).
      case 'WebhookAttempted':
        await tx.query(
          `update jobs set webhook_attempts = greatest(webhook_attempts, $2), webhook_last_attempt_at = $3,
                  webhook_last_status = case when $2 >= webhook_attempts then $4::integer else webhook_last_status end
            where job_id = $1 and webhook_delivery_id is not distinct from $5`,
          [jobId, e.data.attempt, e.created, e.data.status, e.data.delivery_id ?? null],
        );
        break;
      case 'WebhookDelivered':
      case 'WebhookAbandoned':
        await tx.query(
          `update jobs set webhook_status = $4, webhook_attempts = greatest(webhook_attempts, $2)
            where job_id = $1 and webhook_delivery_id is not distinct from $3`,
          [jobId, e.data.attempts, e.data.delivery_id ?? null, e.type === 'WebhookDelivered' ? 'delivered' : 'failed'],
        );
        break;
      case 'WebhookResent':
        // A new delivery of the same callback: it starts as the original did, pending with no attempt yet, so
        // its body (the job record, read after this) is the original's again.
        await tx.query(
          `update jobs set webhook_delivery_id = $2, webhook_status = 'pending', webhook_attempts = 0,
                  webhook_last_attempt_at = null, webhook_last_status = null
            where job_id = $1`,
          [jobId, e.data.delivery_id],
        );
        break;
    }
  },
};


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

export { jobRecord, type JobRecord };
