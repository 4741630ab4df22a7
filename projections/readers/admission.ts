import type { Queryable } from '../../infra/sql/sql.js';

export type AdmittedKind = 'verification' | 'extraction' | 'batch';

/** What the admission sweep reads of the read models. */
export interface AdmissionReads {
  /** Live jobs and batches submitted between `since` and `before` that have not ended. */
  unended(before: Date, since: Date): Promise<{ kind: AdmittedKind; id: string; accountId: string }[]>;
  /** Accounts holding credits for a job or batch. */
  holdingAccounts(): Promise<string[]>;
}

// What the admission sweep (application/jobs/admission-sweep.ts) reads of the jobs, batches and balances read models, owned
// here with the tables it reads.

export function admissionReads(db: Queryable): AdmissionReads {
  return {
    /** Live jobs and batches submitted between `since` and `before` that have not ended. */
    unended: (before: Date, since: Date) =>
      db.query<{ kind: AdmittedKind; id: string; accountId: string }>(
        `select kind, job_id as id, account_id as "accountId" from jobs
          where status = 'pending' and mode = 'live' and created_at < $1 and created_at > $2
         union all
         select 'batch', batch_id, account_id from batches
          where status <> 'complete' and mode = 'live' and created_at < $1 and created_at > $2`,
        [before, since],
      ),
    /** Accounts holding credits for a job or batch. */
    async holdingAccounts(): Promise<string[]> {
      const rows = await db.query<{ account_id: string }>('select account_id from balances where reserved > 0');
      return rows.map((row) => row.account_id);
    },
  };
}
