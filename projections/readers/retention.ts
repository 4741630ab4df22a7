import { accountStream } from '../../domain/accounts/account.js';
import { batchStream } from '../../domain/jobs/batch.js';
import { jobStream } from '../../domain/jobs/job.js';
import type { Queryable } from '../../infra/sql/sql.js';

// What retention (application/retention/retention.ts) reads of the jobs, batches and accounts read models, owned here
// with the tables it reads; the streams are named by their stream types, never by a retyped prefix.

export function retentionReads(db: Queryable) {
  return {
    /** Finished jobs completed before the cut-off whose results are not erased yet, oldest first. */
    expiredJobs: (cutoff: Date, limit: number) =>
      db.query<{ job_id: string; request: Record<string, unknown> | null }>(
        `select job_id, request from jobs
          where status <> 'pending' and result_erased_at is null and completed_at < $1
          order by completed_at limit $2`,
        [cutoff, limit],
      ),
    /** The same for completed batches. */
    async expiredBatches(cutoff: Date, limit: number): Promise<string[]> {
      const rows = await db.query<{ batch_id: string }>(
        `select batch_id from batches
          where status = 'complete' and results_erased_at is null and completed_at < $1
          order by completed_at limit $2`,
        [cutoff, limit],
      );
      return rows.map((row) => row.batch_id);
    },
    /**
     * Finished jobs and complete batches of closed accounts whose personal data is not erased yet: a close erases
     * them at once, and each retention run finishes a close a crash interrupted (and the jobs that ran on).
     */
    closedAccountsWork: async (limit: number) => {
      const [jobs, batches] = await Promise.all([
        db.query<{ job_id: string; request: Record<string, unknown> | null }>(
          `select j.job_id, j.request from jobs j join accounts a on a.account_id = j.account_id
            where a.status = 'closed' and j.status <> 'pending' and j.result_erased_at is null limit $1`,
          [limit],
        ),
        db.query<{ batch_id: string }>(
          `select b.batch_id from batches b join accounts a on a.account_id = b.account_id
            where a.status = 'closed' and b.status = 'complete' and b.results_erased_at is null limit $1`,
          [limit],
        ),
      ]);
      return { jobs, batches: batches.map((row) => row.batch_id) };
    },
    /** Of these accounts, the closed ones. */
    async closed(accountIds: readonly string[]): Promise<string[]> {
      const rows = await db.query<{ id: string }>(
        `select account_id as id from accounts where account_id = any($1::text[]) and status = 'closed'`,
        [accountIds],
      );
      return rows.map((row) => row.id);
    },
    /** Of these streams, those whose personal data is due to go: closed accounts, erased jobs and batches. */
    async erased(streams: readonly string[]): Promise<string[]> {
      const of = (type: { prefix: string; idOf(stream: string): string }) =>
        streams.filter((s) => s.startsWith(type.prefix)).map(type.idOf);
      const [accounts, jobs, batches] = await Promise.all([
        db.query<{ id: string }>(
          `select account_id as id from accounts where account_id = any($1::text[]) and status = 'closed'`,
          [of(accountStream)],
        ),
        db.query<{ id: string }>(
          'select job_id as id from jobs where job_id = any($1::text[]) and result_erased_at is not null',
          [of(jobStream)],
        ),
        db.query<{ id: string }>(
          'select batch_id as id from batches where batch_id = any($1::text[]) and results_erased_at is not null',
          [of(batchStream)],
        ),
      ]);
      return [
        ...accounts.map((r) => accountStream(r.id)),
        ...jobs.map((r) => jobStream(r.id)),
        ...batches.map((r) => batchStream(r.id)),
      ];
    },
    /** A pending job that refers to the blob, with its account: whose key seals a document moved in from a file. */
    async pendingJobOfBlob(blobId: string): Promise<{ job_id: string; account_id: string } | null> {
      const [row] = await db.query<{ job_id: string; account_id: string }>(
        `select job_id, account_id from jobs where blob_id = $1 and status = 'pending' order by job_id limit 1`,
        [blobId],
      );
      return row ?? null;
    },
    /**
     * Of these blobs, each one a job refers to, and whether one such job is pending, or completed after the
     * cut-off and not erased (an erased job's document is erased with it).
     */
    async blobsReferred(blobIds: readonly string[], cutoff: Date): Promise<Map<string, boolean>> {
      const rows = await db.query<{ blob_id: string; live: boolean }>(
        `select blob_id, bool_or(status = 'pending' or (completed_at >= $2 and result_erased_at is null)) as live
           from jobs where blob_id = any($1::text[]) group by blob_id`,
        [blobIds, cutoff],
      );
      return new Map(rows.map((row) => [row.blob_id, row.live]));
    },
  };
}

export type RetentionReads = ReturnType<typeof retentionReads>;
