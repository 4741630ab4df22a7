// Retention (docs/architecture.md#personal-data): finished jobs' and batches' results are erased after JOB_RETENTION_DAYS,
// with their uploaded PDFs (and any PDF no job within retention refers to), audit entries go after 90 days. Each step takes the
// cut-off computed from a `now` it is given, so a run is reproducible against a fixed clock.
import * as batch from '../../domain/jobs/batch.js';
import * as job from '../../domain/jobs/job.js';
import { appendDecided } from '../../infra/eventstore/decided.js';
import { AUDIT_RETENTION_DAYS } from '../../projections/audit.js';
import { deleteAuditBefore } from '../audit.js';
import type { BlobStore } from '../../infra/blobs.js';
import type { DataKeys } from '../../infra/eventstore/data-keys.js';
import type { EventStore } from '../../infra/eventstore/types.js';
import type { Queryable } from '../../infra/sql/sql.js';
import { accountsInRequestLog, forgetRequests } from '../request-log.js';

const DAY_MS = 86_400_000;

/** A blob stored this recently is never deleted: its job may be admitted but not yet in the read model. */
export const BLOB_GRACE_MS = 3_600_000;

/** How many jobs or batches one step erases at most; the next daily run takes the rest. */
const ERASE_LIMIT = 10_000;

export const daysBefore = (now: Date, days: number): Date => new Date(now.getTime() - days * DAY_MS);

/** What retention reads of the read models: projections/readers/retention.ts, wired by bin/ and activities/. */
export interface RetentionReads {
  expiredJobs(cutoff: Date, limit: number): Promise<{ job_id: string; request: Record<string, unknown> | null }[]>;
  expiredBatches(cutoff: Date, limit: number): Promise<string[]>;
  erased(streams: readonly string[]): Promise<string[]>;
  blobsReferred(blobIds: readonly string[], cutoff: Date): Promise<Map<string, boolean>>;
  closedAccountsWork(
    limit: number,
  ): Promise<{ jobs: { job_id: string; request: Record<string, unknown> | null }[]; batches: string[] }>;
  closed(accountIds: readonly string[]): Promise<string[]>;
}

export interface RetentionDeps {
  sql: Queryable;
  readModels: RetentionReads;
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
  return eraseJobs(deps, await deps.readModels.expiredJobs(cutoff, ERASE_LIMIT), cutoff);
}

/** The same for completed batches: their per-policy results (policy numbers, providers) are erased. */
export async function eraseExpiredBatches(deps: RetentionDeps, now: Date): Promise<number> {
  const cutoff = daysBefore(now, deps.jobRetentionDays);
  return eraseBatches(deps, await deps.readModels.expiredBatches(cutoff, ERASE_LIMIT), cutoff);
}

/**
 * A closed account's finished jobs and complete batches are erased as retention erases them, whatever their age
 * (issue 39): at the close, and by each retention run after it (a close a crash interrupted, jobs that were still
 * running). What holds nothing personal stays: status, times, charges, the ledger and the usage counts.
 */
export async function eraseClosedAccounts(deps: RetentionDeps, now: Date): Promise<{ jobs: number; batches: number }> {
  const work = await deps.readModels.closedAccountsWork(ERASE_LIMIT);
  await forgetRequests(deps.sql, await deps.readModels.closed(await accountsInRequestLog(deps.sql)));
  return { jobs: await eraseJobs(deps, work.jobs, now), batches: await eraseBatches(deps, work.batches, now) };
}

async function eraseJobs(
  deps: RetentionDeps,
  rows: readonly { job_id: string; request: Record<string, unknown> | null }[],
  cutoff: Date,
): Promise<number> {
  // The keys go first: a run that dies after this finds the same jobs again (their erasure not yet recorded).
  // Their documents were sealed under those keys; the rows go too.
  const streams = rows.map((row) => job.jobStream(row.job_id));
  await deps.keys.shred(streams);
  await deps.blobs.deleteStreams(streams);
  for (const row of rows) {
    const data: job.JobResultErased = { request: impersonal(row.request), cutoff: cutoff.toISOString() };
    await appendDecided(deps.events, job.jobStream, row.job_id, job.eraseResult(row.job_id, data), {
      actor: 'system',
      $correlationId: row.job_id,
    });
  }
  return rows.length;
}

async function eraseBatches(deps: RetentionDeps, ids: readonly string[], cutoff: Date): Promise<number> {
  await deps.keys.shred(ids.map((id) => batch.batchStream(id)));
  for (const id of ids) {
    await appendDecided(deps.events, batch.batchStream, id, batch.eraseResults(id, cutoff.toISOString()), {
      actor: 'system',
      $correlationId: id,
    });
  }
  return ids.length;
}

/**
 * Deletes the data keys still held by streams whose personal data is due to go: closed accounts (a close that
 * died between its event and its key), erased jobs and batches (erased before keys existed). A safety net, run
 * with each retention and once after sealing the events of before (infra/eventstore/seal-in-place.ts).
 */
export async function shredErased(deps: Pick<RetentionDeps, 'sql' | 'keys' | 'readModels'>): Promise<number> {
  let shredded = 0;
  // The keys a page at a time, in stream order; the read models say which of them are due to go.
  for (let after = ''; ;) {
    const page = await deps.sql.query<{ stream_id: string }>(
      `select stream_id from stream_keys where stream_id > $1 and wrapped <> '' order by stream_id limit 1000`,
      [after],
    );
    if (page.length === 0) return shredded;
    const due = await deps.readModels.erased(page.map((row) => row.stream_id));
    await deps.keys.shred(due);
    shredded += due.length;
    after = page[page.length - 1]!.stream_id;
  }
}

/**
 * Deletes the uploaded PDFs no job within retention refers to: one is kept while its job is pending, or completed
 * after the cut-off and not erased. A document no job refers to (a submission that failed after storing) goes
 * once it is older than the cut-off. Nothing stored within the last hour is touched (see BLOB_GRACE_MS).
 */
export async function deleteExpiredBlobs(deps: RetentionDeps, now: Date): Promise<{ deleted: number; kept: number }> {
  const cutoff = daysBefore(now, deps.jobRetentionDays);
  const graceEnds = new Date(now.getTime() - BLOB_GRACE_MS);
  let deleted = 0;
  let kept = 0;
  let page: { id: string; storedAt: Date }[] = [];
  const settle = async () => {
    const live = await deps.readModels.blobsReferred(
      page.map((b) => b.id),
      cutoff,
    );
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
