// Retention (DESIGN §13): finished jobs' and batches' results are erased after JOB_RETENTION_DAYS, uploaded PDFs
// are deleted once no job within retention refers to them, audit entries go after 90 days. Each step takes the
// cut-off computed from a `now` it is given, so a run is reproducible against a fixed clock.
import * as batch from '../../domain/jobs/batch.js';
import * as job from '../../domain/jobs/job.js';
import { appendDecided } from '../eventstore/decided.js';
import { AUDIT_RETENTION_DAYS, deleteAuditBefore } from '../audit.js';
import type { BlobStore } from '../blobs.js';
import type { DataKeys } from '../eventstore/data-keys.js';
import type { EventStore } from '../eventstore/types.js';
import type { Queryable } from '../sql/sql.js';

const DAY_MS = 86_400_000;

/** A blob stored this recently is never deleted: its job may be admitted but not yet in the read model. */
export const BLOB_GRACE_MS = 3_600_000;

/** How many jobs or batches one step erases at most; the next daily run takes the rest. */
const ERASE_LIMIT = 10_000;

export const daysBefore = (now: Date, days: number): Date => new Date(now.getTime() - days * DAY_MS);

export interface RetentionDeps {
  sql: Queryable;
  events: EventStore;
  blobs: BlobStore;
  /** Deleting a job's or batch's data key erases its personal fields from the events themselves. */
  keys: Pick<DataKeys, 'shred'>;
  jobRetentionDays: number;
}

/** What the request of an erased job keeps: nothing personal. */
function impersonal(request: Record<string, unknown> | null): job.JobResultErased['request'] {
  const kept: job.JobResultErased['request'] = {};
  if (typeof request?.country === 'string') kept.country = request.country;
  if (typeof request?.insurance_type === 'string') kept.insurance_type = request.insurance_type;
  return kept;
}

/**
 * Appends JobResultErased to every finished job that completed before the cut-off and is not erased yet
 * (pending jobs never are). An event, with an id derived from the job, so a rebuild erases it again and a
 * retried run appends it once.
 */
export async function eraseExpiredJobs(deps: RetentionDeps, now: Date): Promise<number> {
  const cutoff = daysBefore(now, deps.jobRetentionDays);
  const rows = await deps.sql.query<{ job_id: string; request: Record<string, unknown> | null }>(
    `select job_id, request from jobs
      where status <> 'pending' and result_erased_at is null and completed_at < $1
      order by completed_at limit $2`,
    [cutoff, ERASE_LIMIT],
  );
  // The keys go first: a run that dies after this finds the same jobs again (their erasure not yet recorded).
  await deps.keys.shred(rows.map((row) => job.jobStream(row.job_id)));
  for (const row of rows) {
    const data: job.JobResultErased = { request: impersonal(row.request), cutoff: cutoff.toISOString() };
    await appendDecided(deps.events, job.jobStream, row.job_id, job.eraseResult(row.job_id, data), { actor: 'system', $correlationId: row.job_id });
  }
  return rows.length;
}

/** The same for completed batches: their per-policy results (policy numbers, providers) are erased. */
export async function eraseExpiredBatches(deps: RetentionDeps, now: Date): Promise<number> {
  const cutoff = daysBefore(now, deps.jobRetentionDays);
  const rows = await deps.sql.query<{ batch_id: string }>(
    `select batch_id from batches
      where status = 'complete' and results_erased_at is null and completed_at < $1
      order by completed_at limit $2`,
    [cutoff, ERASE_LIMIT],
  );
  await deps.keys.shred(rows.map((row) => batch.batchStream(row.batch_id)));
  for (const row of rows) {
    const erased = batch.eraseResults(row.batch_id, cutoff.toISOString());
    await appendDecided(deps.events, batch.batchStream, row.batch_id, erased, { actor: 'system', $correlationId: row.batch_id });
  }
  return rows.length;
}

/**
 * Deletes the data keys still held by streams whose personal data is due to go: closed accounts (a close that
 * died between its event and its key), erased jobs and batches (erased before keys existed). A safety net, run
 * with each retention and once after sealing the events of before (infra/eventstore/seal-in-place.ts).
 */
export async function shredErased(deps: Pick<RetentionDeps, 'sql' | 'keys'>): Promise<number> {
  const rows = await deps.sql.query<{ stream_id: string }>(
    `select k.stream_id from stream_keys k
      where (k.stream_id like 'account-%' and exists (select 1 from accounts a where a.account_id = substr(k.stream_id, 9) and a.status = 'closed'))
         or (k.stream_id like 'job-%' and exists (select 1 from jobs j where j.job_id = substr(k.stream_id, 5) and j.result_erased_at is not null))
         or (k.stream_id like 'batch-%' and exists (select 1 from batches b where b.batch_id = substr(k.stream_id, 7) and b.results_erased_at is not null))`,
  );
  await deps.keys.shred(rows.map((row) => row.stream_id));
  return rows.length;
}

/**
 * Deletes the uploaded PDFs no job within retention refers to. Blobs are shared by content: one is kept while any
 * job referring to it is pending or completed after the cut-off. A blob no job refers to at all (a job of
 * before blob ids were recorded, a submission that failed after storing) goes once it is older than the cut-off.
 * Nothing stored within the last hour is touched (see BLOB_GRACE_MS).
 */
export async function deleteExpiredBlobs(deps: RetentionDeps, now: Date): Promise<{ deleted: number; kept: number }> {
  const cutoff = daysBefore(now, deps.jobRetentionDays);
  const graceEnds = new Date(now.getTime() - BLOB_GRACE_MS);
  let deleted = 0;
  let kept = 0;
  let page: { id: string; storedAt: Date }[] = [];
  const settle = async () => {
    const rows = await deps.sql.query<{ blob_id: string; live: boolean }>(
      `select blob_id, bool_or(status = 'pending' or completed_at >= $2) as live
         from jobs where blob_id = any($1::text[]) group by blob_id`,
      [page.map((b) => b.id), cutoff],
    );
    const live = new Map(rows.map((row) => [row.blob_id, row.live]));
    for (const blob of page) {
      const referenced = live.get(blob.id);
      const expired = referenced === undefined ? blob.storedAt < cutoff : !referenced;
      if (expired && blob.storedAt < graceEnds) {
        await deps.blobs.delete(blob.id);
        deleted += 1;
      } else {
        kept += 1;
      }
    }
    page = [];
  };
  for await (const blob of deps.blobs.list()) {
    page.push(blob);
    if (page.length === 500) await settle();
  }
  if (page.length > 0) await settle();
  return { deleted, kept };
}

/** Audit entries older than 90 days are deleted. */
export async function deleteExpiredAudit(deps: Pick<RetentionDeps, 'sql'>, now: Date): Promise<number> {
  return deleteAuditBefore(deps.sql, daysBefore(now, AUDIT_RETENTION_DAYS));
}
