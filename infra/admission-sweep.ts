// What a crash in the middle of an admission leaves (infra/job-admission.ts), released by the worker every
// minute. The API holds a job's credits, records its submission, then starts its workflow; killed between two of
// those steps, or answered 503 by a Temporal it cannot reach, it leaves a hold that no workflow will settle:
// - a submission recorded whose workflow never started: its hold is released (the submission stays recorded,
//   not started: a retry under the same Idempotency-Key holds the credits again and starts it);
// - a hold whose submission was never recorded, or whose job has ended (a retry that held again just as the job
//   settled): released once seen so at two sweeps in a row, a minute apart, so that an admission in flight, which
//   records its submission within milliseconds of its hold, is never taken for one.
import type { Queryable } from './sql/sql.js';
import type { EventStore } from './eventstore/types.js';
import { recordedSubmission, releaseHold } from './job-admission.js';
import type { Ledger } from './ledger.js';

/** How long after its submission a job's workflow must exist: the API starts it within seconds. */
export const UNSTARTED_AFTER_SECONDS = 120;
/** Submissions older than this were swept long ago: not looked at again. */
const LOOKBACK_HOURS = 24;

export interface AdmissionSweepDeps {
  sql: Queryable;
  events: EventStore;
  ledger: Ledger;
  /** Whether Temporal has the workflow `{kind}-{id}` (running or closed). */
  workflowExists(kind: 'verification' | 'extraction' | 'batch', id: string): Promise<boolean>;
}

export interface AdmissionSweep {
  /** Runs one sweep: the holds it released, by id. */
  run(now?: Date): Promise<string[]>;
}

export function admissionSweep(deps: AdmissionSweepDeps): AdmissionSweep {
  // Holds seen without a submission (or after their job's end) at the last sweep.
  let suspects = new Set<string>();

  async function unstarted(now: Date): Promise<{ kind: 'verification' | 'extraction' | 'batch'; id: string; accountId: string }[]> {
    const before = new Date(now.getTime() - UNSTARTED_AFTER_SECONDS * 1000);
    const since = new Date(now.getTime() - LOOKBACK_HOURS * 3_600_000);
    return deps.sql.query(
      `select kind, job_id as id, account_id as "accountId" from jobs
        where status = 'pending' and mode = 'live' and created_at < $1 and created_at > $2
       union all
       select 'batch', batch_id, account_id from batches
        where status <> 'complete' and mode = 'live' and created_at < $1 and created_at > $2`,
      [before, since],
    );
  }

  async function orphaned(accountId: string, id: string): Promise<boolean> {
    for (const stream of [`job-${id}`, `batch-${id}`]) {
      const recorded = await recordedSubmission(deps.events, stream);
      if (recorded) return recorded.finished;
    }
    return true;
  }

  return {
    async run(now = new Date()) {
      const released: string[] = [];
      for (const { kind, id, accountId } of await unstarted(now)) {
        if (await deps.workflowExists(kind, id)) continue;
        if (await releaseHold(deps.ledger, accountId, id)) released.push(id);
      }
      const seen = new Set<string>();
      const accounts = await deps.sql.query<{ account_id: string }>('select account_id from balances where reserved > 0');
      for (const { account_id: accountId } of accounts) {
        const { reservations } = await deps.ledger.state(accountId);
        for (const id of Object.keys(reservations)) {
          if (!(await orphaned(accountId, id))) continue;
          const key = `${accountId}/${id}`;
          if (!suspects.has(key)) {
            seen.add(key);
            continue;
          }
          if (await releaseHold(deps.ledger, accountId, id)) released.push(id);
        }
      }
      suspects = seen;
      return released;
    },
  };
}
