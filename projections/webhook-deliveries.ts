import { jobStream, type JobEvent } from '../domain/jobs/job.js';
import type { StoredEvent } from '../infra/eventstore/types.js';
import type { Queryable } from '../infra/sql/sql.js';
import type { Projection } from './projection.js';
import { entitiesWithRows } from './states.js';
import type { DeliveryStatus } from '../domain/vocabulary.js';
import { DELIVERY_STARTED, deliveryIdOf, evolveDelivery, type DeliveryState } from '../domain/webhooks/delivery.js';

// The dashboard's delivery history (issue 32): one row per delivery of a job's callback, the original and each
// resend, with every attempt's answer and time. A resend is a row of its own, so it never hides how the original
// went. A row's status and counts are what the delivery's fold gives (domain/webhooks/delivery.ts evolveDelivery),
// the fold the job's webhook fields follow too. The callback's address and the job's state are the jobs view's (a
// join), so retention's erasure of the address hides the job's deliveries with it.
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
  readsByKeyOnly: true,
  tables: ['webhook_deliveries'],
  streams: [jobStream],
  async forget(tx, jobId) {
    await tx.query('delete from webhook_deliveries where job_id = $1', [jobId]);
  },
  async apply(tx, event, jobId) {
    await applyDeliveries(tx, [{ event, id: jobId }]);
  },
  // A page costs two statements: the rows of the jobs it touches are read at once, its events folded onto them in
  // memory as `apply` would change them one by one, and the changed rows written back at once.
  applyMany: (tx, events) => applyDeliveries(tx, events),
};

/** A delivery's row as stored, with the attempts a page adds to its log (their times formatted by SQL, as stored). */
interface DeliveryRow extends DeliveryState {
  job_id: string;
  delivery_id: string;
  account_id: string;
  mode: string;
  started_at: Date;
  attempt_log: unknown[];
  added: { attempt: number; status: number | null; at: Date; n: number }[];
}

const ORIGINAL = '';

async function applyDeliveries(
  tx: Queryable,
  events: readonly { event: StoredEvent<JobEvent>; id: string }[],
): Promise<void> {
  const touched = events.filter(({ event }) => event.type !== 'JobSubmitted' || event.data.webhook_url);
  if (touched.length === 0) return;
  const key = (jobId: string, deliveryId: string) => `${jobId}\u0000${deliveryId}`;
  // A job whose first event here is its stream's first has no delivery yet: not read.
  const known = entitiesWithRows(touched);
  const stored =
    known.length === 0
      ? []
      : await tx.query<Omit<DeliveryRow, 'added'>>(
          `select job_id, delivery_id, account_id, mode, started_at, status, attempts, last_status, last_attempt_at, attempt_log
             from webhook_deliveries where job_id = any($1::text[])`,
          [known],
        );
  const rows = new Map(stored.map((row) => [key(row.job_id, row.delivery_id), { ...row, added: [] } as DeliveryRow]));
  const changed = new Set<DeliveryRow>();
  /** A delivery's row as its insert makes it: pending, nothing attempted. */
  const start = (jobId: string, deliveryId: string, of: { account_id: string; mode: string }, at: Date) => {
    const row: DeliveryRow = {
      job_id: jobId,
      delivery_id: deliveryId,
      account_id: of.account_id,
      mode: of.mode,
      started_at: at,
      ...DELIVERY_STARTED,
      attempt_log: [],
      added: [],
    };
    rows.set(key(jobId, deliveryId), row);
    changed.add(row);
  };
  for (const { event: e, id: jobId } of touched) {
    switch (e.type) {
      case 'JobSubmitted': {
        if (rows.has(key(jobId, ORIGINAL))) break;
        start(jobId, ORIGINAL, e.data, e.created);
        break;
      }
      case 'WebhookResent': {
        const original = rows.get(key(jobId, ORIGINAL));
        if (!original || rows.has(key(jobId, e.data.delivery_id))) break;
        start(jobId, e.data.delivery_id, original, e.created);
        break;
      }
      case 'WebhookAttempted':
      case 'WebhookDelivered':
      case 'WebhookAbandoned': {
        const row = rows.get(key(jobId, deliveryIdOf(e) ?? ORIGINAL));
        if (!row) break;
        Object.assign(row, evolveDelivery(row, e));
        if (e.type === 'WebhookAttempted')
          row.added.push({ attempt: e.data.attempt, status: e.data.status, at: e.created, n: row.added.length });
        changed.add(row);
        break;
      }
    }
  }
  if (changed.size === 0) return;
  await tx.query(
    `insert into webhook_deliveries (job_id, delivery_id, account_id, mode, started_at, status, attempts, last_status, last_attempt_at, attempt_log)
     select r.job_id, r.delivery_id, r.account_id, r.mode, r.started_at, r.status, r.attempts, r.last_status, r.last_attempt_at,
            r.attempt_log || coalesce((select jsonb_agg(jsonb_build_object('attempt', a.attempt, 'status', a.status, 'at', a.at) order by a.n)
                                         from jsonb_to_recordset(r.added) as a(attempt integer, status integer, at timestamptz, n integer)), '[]')
       from jsonb_to_recordset($1::jsonb) as r(job_id text, delivery_id text, account_id text, mode text, started_at timestamptz, status text,
                                              attempts integer, last_status integer, last_attempt_at timestamptz, attempt_log jsonb, added jsonb)
     on conflict (job_id, delivery_id) do update set
       status = excluded.status, attempts = excluded.attempts, last_status = excluded.last_status,
       last_attempt_at = excluded.last_attempt_at, attempt_log = excluded.attempt_log`,
    [JSON.stringify([...changed])],
  );
}

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
