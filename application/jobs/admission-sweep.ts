// What a crash in the middle of an admission leaves (application/jobs/admission.ts), released by the worker every
// minute. The API holds a job's credits, records its submission, then starts its workflow; killed between two of
// those steps, or answered 503 by a Temporal it cannot reach, it leaves a hold that no workflow will settle:
// - a submission recorded whose workflow never started: its hold is released (the submission stays recorded,
//   not started: a retry under the same Idempotency-Key holds the credits again and starts it);
// - a hold whose submission was never recorded, or whose job has ended (a retry that held again just as the job
//   settled): released once seen so at two sweeps in a row, a minute apart, so that an admission in flight, which
//   records its submission within milliseconds of its hold, is never taken for one.
import { batchStream } from '../../domain/jobs/batch.js';
import { jobStream } from '../../domain/jobs/job.js';
import type { EventStore } from '../../infra/eventstore/types.js';
import { recordedSubmission, releaseHold } from './admission.js';
import type { Ledger } from '../ledger/ledger.js';
import type { AdmissionReads, AdmittedKind } from '../../projections/readers/admission.js';

/** How long after its submission a job's workflow must exist: the API starts it within seconds. */
export const UNSTARTED_AFTER_SECONDS = 120;
/** Submissions older than this were swept long ago: not looked at again. */
const LOOKBACK_HOURS = 24;

export interface AdmissionSweepDeps {
  readModels: AdmissionReads;
  events: EventStore;
  ledger: Ledger;
  /** Whether Temporal has the workflow `{kind}-{id}` (running or closed). */
  workflowExists(kind: AdmittedKind, id: string): Promise<boolean>;
}

export interface AdmissionSweep {
  /** Runs one sweep: the holds it released, by id. */
  run(now?: Date): Promise<string[]>;
}

export function admissionSweep(deps: AdmissionSweepDeps): AdmissionSweep {
  // Holds seen without a submission (or after their job's end) at the last sweep.
  let suspects = new Set<string>();
  const reads = deps.readModels;

  const unstarted = (now: Date) =>
    reads.unended(
      new Date(now.getTime() - UNSTARTED_AFTER_SECONDS * 1000),
      new Date(now.getTime() - LOOKBACK_HOURS * 3_600_000),
    );

  async function orphaned(accountId: string, id: string): Promise<boolean> {
    for (const stream of [jobStream(id), batchStream(id)]) {
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
      for (const accountId of await reads.holdingAccounts()) {
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
