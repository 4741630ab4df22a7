import { ActivityFailure, ApplicationFailure, proxyLocalActivities, setHandler } from '@temporalio/workflow';
import type { JobActivities } from '../activities/jobs.js';
import type { KeyMode } from '../domain/vocabulary.js';
import { local } from './job-activities.js';
import type { Admission, AdmitJobInput } from '../contracts/admission.js';
import { admit } from '../contracts/admission.js';

// Releasing a failed admission's credits must not give up while the ledger is unreachable: retried for a day.
const { releaseAdmission } = proxyLocalActivities<JobActivities>({
  scheduleToCloseTimeout: '1 day',
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
});

export type Admitted = { ok: true; admission: Admission } | { ok: false };

/** Whose credits an admission may hold: the reservation id is the job's or the batch's id. */
export interface Holder {
  reservationId: string;
  accountId: string;
  mode: KeyMode;
}

/**
 * Runs `admitOnce` at workflow start and answers `admit` updates from it. An admission that fails after its
 * credits were reserved (the submission could not be recorded) releases them before the workflow ends, so a
 * refused job never keeps an account's credits.
 */
export function handleAdmission(
  requestHash: string,
  holder: Holder,
  admitOnce: () => Promise<Admission>,
): Promise<Admitted> {
  const admission = admitOnce().catch((error: unknown) => {
    // The update's caller sees the refusal itself (insufficient_credits), not a wrapped activity failure.
    throw error instanceof ActivityFailure && error.cause instanceof ApplicationFailure ? error.cause : error;
  });
  setHandler(admit, async (hash) => {
    if (hash !== requestHash) {
      throw ApplicationFailure.nonRetryable(
        'This Idempotency-Key was used with a different request.',
        'idempotency_conflict',
      );
    }
    return admission;
  });
  return admission.then(
    (value): Admitted => ({ ok: true, admission: value }),
    async (): Promise<Admitted> => {
      await releaseAdmission(holder);
      return { ok: false };
    },
  );
}

/** A job's admission (a verification's or an extraction's): its credit held under the job's id. */
export const admitJob = (admit: AdmitJobInput): Promise<Admitted> =>
  handleAdmission(admit.requestHash, { reservationId: admit.jobId, accountId: admit.accountId, mode: admit.mode }, () =>
    local.admitJob(admit),
  );
