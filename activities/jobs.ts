// A job's and a batch's work outside the webhook (./job-webhooks.ts): admission (credits held, submission
// recorded), verifying, and settling. The events are decided by domain/jobs/{job,batch}.ts.
import { ApplicationFailure } from '@temporalio/activity';
import type { KeyMode } from '../domain/accounts/keys.js';
import { isDomainError, ERROR_STATUS } from '../domain/errors.js';
import type { ExtractionResult } from '../domain/extraction/types.js';
import * as batch from '../domain/jobs/batch.js';
import * as job from '../domain/jobs/job.js';
import { batchItem, jobError, type BatchItemResult, type JobError, type JobOutcome } from '../domain/jobs/outcomes.js';
import type { Decided, Event, StreamType } from '../domain/streams.js';
import { sandboxVerify } from '../domain/verification/sandbox.js';
import type { VerificationEngine, VerificationRequest } from '../domain/verification/types.js';
import { verifyInMode, type ModeVerifiers } from '../domain/verification/verify-in-mode.js';
import { appendDecided } from '../infra/eventstore/decided.js';
import { positionToString, UnstorableEventError } from '../infra/eventstore/types.js';
import type { Ledger } from '../application/ledger/ledger.js';
import { holdCredits, type Hold as CreditHold } from '../application/jobs/admission.js';
import { countedSandbox } from '../infra/verification/counted.js';
import { jobWebhookActivities, type JobWebhookDeps } from './job-webhooks.js';
import { verificationActivities } from './verification.js';
import type { Admission, AdmitBatchInput, AdmitJobInput } from '../contracts/admission.js';

export type { JobOutcome } from '../domain/jobs/outcomes.js';
export type { ResendStart } from './job-webhooks.js';

export interface JobActivityDeps extends JobWebhookDeps {
  ledger: Ledger;
  engine: VerificationEngine;
}

/** An extraction's end: its result and the credits it costs (0 for test keys), or its error. */
export type ExtractionOutcome =
  { ok: true; result: ExtractionResult; credits: number } | { ok: false; error: JobError };

/** A failure the caller must see as such (an update's rejection, a job's error): never retried. */
const refuse = (error: unknown): never => {
  if (isDomainError(error)) throw ApplicationFailure.nonRetryable(error.message, error.code);
  throw error;
};

/**
 * A batch refused for credits says what it needs and what there is, in its message and (for the 402's body) in
 * the failure's details.
 */
const batchRefusal =
  (needed: number) =>
  (error: unknown): never => {
    if (!isDomainError(error) || error.code !== 'insufficient_credits') return refuse(error);
    const available = Number(/Only (\d+) credit/.exec(error.message)?.[1] ?? 0);
    throw ApplicationFailure.create({
      message: `This batch of ${needed} ${needed === 1 ? 'policy' : 'policies'} needs ${needed} credits; ${available} ${available === 1 ? 'is' : 'are'} available.`,
      type: 'insufficient_credits',
      nonRetryable: true,
      details: [{ credits_needed: needed, credits_available: available }],
    });
  };

/** An append the store refused for its content is the caller's bad input, answered at once, not retried. */
const unstorable = (error: unknown): never => {
  if (error instanceof UnstorableEventError) {
    throw ApplicationFailure.nonRetryable(
      'The request holds text that cannot be stored (a NUL character or an unpaired surrogate).',
      'invalid_request',
    );
  }
  throw error;
};

/** The engine's typed refusals, as a verification activity reports them. */
const failureCode = (error: unknown): { code: string; message: string } | null => {
  if (error instanceof ApplicationFailure && error.nonRetryable && error.type && error.type in ERROR_STATUS) {
    return { code: error.type, message: error.message };
  }
  return isDomainError(error) ? { code: error.code, message: error.message } : null;
};

/** What an admission holds: `amount` credits of a live submitter, under the job's or batch's id. */
interface Hold extends CreditHold {
  refused: (error: unknown) => never;
}

const system = (id: string) => ({ actor: 'system', $correlationId: id });

export function jobActivities(deps: JobActivityDeps) {
  const verification = verificationActivities(deps.engine);
  // Test keys' answers are counted in the business metrics like live ones.
  const verifiers: ModeVerifiers = {
    live: (request) => verification.verifyPolicy(request),
    sandbox: countedSandbox(sandboxVerify),
    clock: () => performance.now(),
  };

  /**
   * One admission for jobs and batches: holds the credits (402 when they are not available) and records the
   * submission. Runs inside the start of the workflow, so a job exists exactly when Temporal has it, whatever
   * crashes; a retried admission finds its submission recorded and holds nothing again.
   */
  async function admit<E extends Event>(
    stream: StreamType<E>,
    hold: Hold,
    submission: Decided<E>[],
  ): Promise<Admission> {
    const [known] = await deps.events.readStream(stream(hold.id), { maxCount: 1 });
    if (known) return { position: positionToString(known.position), known: true };
    await holdCredits(deps.ledger, hold).catch(hold.refused);
    const metadata = { actor: hold.submitter.keyId, $correlationId: hold.id };
    const appended = await appendDecided(deps.events, stream, hold.id, submission, metadata).catch(unstorable);
    return { position: positionToString(appended.position), known: false };
  }

  /**
   * Verifies one policy in its key's mode (domain/verification/verify-in-mode.ts), the engine with registry
   * retries for live keys. `printedNumber`: the number on the job's document, when it came with one.
   */
  async function verifyOne(
    request: VerificationRequest,
    mode: KeyMode,
    printedNumber?: string | null,
  ): Promise<JobOutcome> {
    try {
      return { ok: true, result: await verifyInMode(verifiers, request, mode, { printedNumber }) };
    } catch (error) {
      const refused = failureCode(error);
      if (refused) return { ok: false, error: jobError(refused.code, refused.message) };
      throw error; // infrastructure trouble: Temporal retries
    }
  }

  /** Settles a live submitter's reservation: what was captured is charged, the rest released. */
  async function settle(
    input: { accountId: string; mode: KeyMode },
    reservationId: string,
    captured: number,
  ): Promise<void> {
    if (input.mode !== 'live') return;
    await deps.ledger.settle(input.accountId, { reservationId, captured }, system(reservationId));
  }

  return {
    ...jobWebhookActivities(deps),

    async admitJob(input: AdmitJobInput): Promise<Admission> {
      const hold = { submitter: input, id: input.jobId, amount: input.reserve, operation: input.kind, refused: refuse };
      return admit(job.jobStream, hold, job.submit(input));
    },

    async admitBatch(input: AdmitBatchInput): Promise<Admission> {
      const amount = input.policies.length;
      return admit(
        batch.batchStream,
        { submitter: input, id: input.batchId, amount, operation: 'batch', refused: batchRefusal(amount) },
        batch.submit(input),
      );
    },

    /**
     * Releases what a failed admission held: settling captures nothing and is a no-op when nothing was reserved
     * (a refusal for credits) or it was released already, so the workflow runs it after every failed admission.
     */
    async releaseAdmission(input: { reservationId: string; accountId: string; mode: KeyMode }): Promise<void> {
      await settle(input, input.reservationId, 0);
    },

    /** `documentPolicyNumber`: the number the job's document prints, when it came with one (document_mismatch). */
    async verifyJobPolicy(input: {
      request: VerificationRequest;
      mode: KeyMode;
      documentPolicyNumber?: string | null;
    }): Promise<JobOutcome> {
      return verifyOne(input.request, input.mode, input.documentPolicyNumber);
    },

    /** Settles the job's reservation (a definitive answer is captured) and records how it ended. */
    async completeJob(input: {
      jobId: string;
      accountId: string;
      mode: KeyMode;
      outcome: JobOutcome | ExtractionOutcome;
    }): Promise<{ position: string }> {
      const { outcome } = input;
      const captured = !outcome.ok ? 0 : 'credits' in outcome ? outcome.credits : outcome.result.credits_charged;
      await settle(input, input.jobId, captured);
      const end = outcome.ok ? { ok: true as const, result: outcome.result, captured } : outcome;
      const appended = await appendDecided(deps.events, job.jobStream, input.jobId, job.finish(input.jobId, end));
      return { position: positionToString(appended.position) };
    },

    /**
     * Verifies a slice of a batch and records its items in one append (idempotent: a retried slice lands on the
     * same event ids); an engine refusal is that item's error, not the batch's. Slices rather than one activity
     * per policy: a batch of 100 is then a few task-queue round trips, and a short workflow history.
     */
    async verifyBatchItems(input: {
      batchId: string;
      mode: KeyMode;
      items: { index: number; request: VerificationRequest }[];
    }): Promise<BatchItemResult[]> {
      const results = await Promise.all(
        input.items.map(async ({ index, request }) => batchItem(index, request, await verifyOne(request, input.mode))),
      );
      await appendDecided(deps.events, batch.batchStream, input.batchId, batch.recordItems(input.batchId, results));
      return results;
    },

    async completeBatch(input: {
      batchId: string;
      accountId: string;
      mode: KeyMode;
      items: Pick<BatchItemResult, 'status' | 'credits_charged'>[];
    }) {
      const { summary, events } = batch.complete(input.batchId, input.items);
      await settle(input, input.batchId, summary.credits_charged);
      const appended = await appendDecided(deps.events, batch.batchStream, input.batchId, events);
      return { position: positionToString(appended.position), summary };
    },
  };
}

export type JobActivities = ReturnType<typeof jobActivities>;
