import { jobStream, type JobEvent } from '../domain/jobs/job.js';
import type { Queryable } from '../infra/sql/sql.js';
import type { Projection } from './runner.js';
import type { DeliveryStatus } from '../domain/vocabulary.js';

// The dashboard's delivery history (issue 32): one row per delivery of a job's callback, the original and each
// resend, with every attempt's answer and time. A resend is a row of its own, so it never hides how the original
// went. The callback's address and the job's state are the jobs view's (a join), so retention's erasure of the
// address hides the job's deliveries with it.
export const webhookDeliveriesProjection: Projection<JobEvent> = {
  name: 'webhook_deliveries',
  migrations: [
    {
      id: 'webhook-deliveries-001',
      sql: `create table webhook_deliveries (
              job_id text not null,
              delivery_id text not null,
              account_id text not null,
              mode text not null,
              started_at timestamptz not null,
              status text not null,
              attempts integer not null default 0,
              last_status integer,
              last_attempt_at timestamptz,
              attempt_log jsonb not null default '[]',
              primary key (job_id, delivery_id)
            );
            create index webhook_deliveries_account on webhook_deliveries (account_id, started_at desc) where mode = 'live';`,
    },
  ],
  tables: ['webhook_deliveries'],
  streams: [jobStream],
  async apply(tx, e, jobId) {
    const original = '';
    switch (e.type) {
      case 'JobSubmitted':
        if (!e.data.webhook_url) break;
        await tx.query(
          `insert into webhook_deliveries (job_id, delivery_id, account_id, mode, started_at, status) values ($1, $2, $3, $4, $5, 'pending')
           on conflict do nothing`,
          [jobId, original, e.data.account_id, e.data.mode, e.created],
        );
        break;
      case 'WebhookResent':
        await tx.query(
          `insert into webhook_deliveries (job_id, delivery_id, account_id, mode, started_at, status)
           select job_id, $2, account_id, mode, $3, 'pending' from webhook_deliveries where job_id = $1 and delivery_id = ''
           on conflict do nothing`,
          [jobId, e.data.delivery_id, e.created],
        );
        break;
      case 'WebhookAttempted':
        await tx.query(
          `update webhook_deliveries
              set attempts = greatest(attempts, $3), last_status = $4, last_attempt_at = $5,
                  attempt_log = attempt_log || jsonb_build_array(jsonb_build_object('attempt', $3::integer, 'status', $4::integer, 'at', $5::timestamptz))
            where job_id = $1 and delivery_id = $2`,
          [jobId, e.data.delivery_id ?? original, e.data.attempt, e.data.status, e.created],
        );
        break;
      case 'WebhookDelivered':
      case 'WebhookAbandoned':
        await tx.query(`update webhook_deliveries set status = $3, attempts = greatest(attempts, $4) where job_id = $1 and delivery_id = $2`, [
          jobId,
          e.data.delivery_id ?? original,
          e.type === 'WebhookDelivered' ? 'delivered' : 'failed',
          e.data.attempts,
        ]);
        break;
    }
  },
};


/** One delivery of a callback: the original (`resend_of_original` false) or a resend of it. */
export interface Delivery {
  job_id: string;
  /** Null for the original delivery, the resend's id for a resend. */
  delivery_id: string | null;
  /** The callback's `type` (`verification.completed`, …); `{kind}.pending` while the job runs and nothing was sent. */
  event_type: string;
  status: DeliveryStatus;
  attempts: number;
  /** The HTTP status of the last attempt; null before the first or when it got no response. */
  response_code: number | null;
  last_attempt_at: Date | null;
  /** Each attempt: its answer (null: none came) and when. */
  attempt_log: { attempt: number; status: number | null; at: Date }[];
  url: string;
  /** Whether the job has finished, so that its callback can be sent again (offered on its newest delivery). */
  resendable: boolean;
  started_at: Date;
}

const callbackType = (kind: string, status: string) =>
  `${kind}.${status === 'complete' ? 'completed' : status === 'failed' ? 'failed' : 'pending'}`;

/** An account's last deliveries of live jobs' callbacks (test keys never call back), newest first. */
export async function listDeliveries(db: Queryable, accountId: string, limit = 50): Promise<Delivery[]> {
  const rows = await db.query<{
    job_id: string;
    delivery_id: string;
    kind: string;
    job_status: string;
    webhook_url: string;
    status: DeliveryStatus;
    attempts: number;
    last_status: number | null;
    last_attempt_at: Date | null;
    attempt_log: { attempt: number; status: number | null; at: string }[];
    started_at: Date;
    newest: boolean;
  }>(
    `select d.job_id, d.delivery_id, j.kind, j.status as job_status, j.webhook_url, d.status, d.attempts, d.last_status,
            d.last_attempt_at, d.attempt_log, d.started_at,
            d.started_at = max(d.started_at) over (partition by d.job_id) as newest
       from webhook_deliveries d join jobs j on j.job_id = d.job_id
      where d.account_id = $1 and d.mode = 'live' and j.webhook_url is not null
      order by d.started_at desc, d.job_id desc limit $2`,
    [accountId, limit],
  );
  return rows.map((row) => ({
    job_id: row.job_id,
    delivery_id: row.delivery_id || null,
    event_type: callbackType(row.kind, row.job_status),
    status: row.status,
    attempts: row.attempts,
    response_code: row.last_status,
    last_attempt_at: row.last_attempt_at,
    attempt_log: row.attempt_log.map((a) => ({ ...a, at: new Date(a.at) })),
    url: row.webhook_url,
    resendable: row.job_status !== 'pending' && row.newest,
    started_at: row.started_at,
  }));
}
