// A job's or batch's admission as the API makes it before starting the workflow (issue 40 item 5): the credits
// held under the job's id, then its submission recorded as the first event of its stream, then the start. The
// stream's first append is made against `no_stream`, so two first submissions under one Idempotency-Key (one id)
// are serialised by the event store as the `admit` update serialised them in the workflow: one records the job,
// the other reads it and is that job, or a conflict. The hold is the job's, whichever request made it; the
// workflow settles it. What a crash leaves half done is released by sweepAdmissions (./admission-sweep.ts).
import type { Decided, Event, StreamType } from '../../domain/streams.js';
import type { Submitter } from '../../contracts/admission.js';
import { appendDecided } from '../../infra/eventstore/decided.js';
import {
  UnstorableEventError,
  WrongExpectedRevisionError,
  type EventStore,
  type Position,
} from '../../infra/eventstore/types.js';
import type { Ledger } from '../ledger/ledger.js';

export interface AdmissionDeps {
  events: EventStore;
  ledger: Ledger;
}

/** What an admission holds: `amount` credits of a live submitter, under the job's or batch's id. */
export interface Hold {
  submitter: Submitter;
  id: string;
  amount: number;
  operation: string;
}

/** What a stream holds of a submission: the request it was for, whether it has ended, where it was recorded. */
export interface Recorded {
  requestHash: string;
  finished: boolean;
  position: Position;
}

const ENDS = new Set(['JobCompleted', 'JobFailed', 'BatchCompleted']);

/** The submission a job's or batch's stream holds, or null when none was recorded. */
export async function recordedSubmission(events: EventStore, stream: string): Promise<Recorded | null> {
  const stored = await events.readStream(stream);
  const first = stored[0];
  if (!first) return null;
  return {
    requestHash: (first.data as { request_hash: string }).request_hash,
    finished: stored.some((e) => ENDS.has(e.type)),
    position: first.position,
  };
}

/** Holds the credits (a no-op for test keys, and for a hold already open under this id): true when this call made it. */
export async function holdCredits(ledger: Ledger, hold: Hold): Promise<boolean> {
  const { submitter, id } = hold;
  if (submitter.mode !== 'live' || hold.amount <= 0) return false;
  const handled = await ledger.reserve(
    submitter.accountId,
    {
      allowance: submitter.allowance,
      reservationId: id,
      amount: hold.amount,
      operation: hold.operation,
      reference: id,
    },
    { actor: submitter.keyId, $correlationId: id },
  );
  return handled.events.some((event) => event.type === 'CreditsReserved');
}

/** Releases a hold whole (settling captures nothing): true when one was open under that id. */
export async function releaseHold(ledger: Ledger, accountId: string, id: string): Promise<boolean> {
  const handled = await ledger.settle(
    accountId,
    { reservationId: id, captured: 0 },
    { actor: 'system', $correlationId: id },
  );
  return handled.events.length > 0;
}

export type Admitted =
  /** Recorded by this call, or found recorded under the same request: `held` says whether this call made the hold. */
  | { conflict: false; recorded: Recorded; fresh: boolean; held: boolean }
  /** The Idempotency-Key's submission asked for another request. */
  | { conflict: true };

/**
 * Admits a submission: holds its credits and records it, or finds it recorded. A submission found recorded and
 * not ended gets its hold again (a no-op while it is open), as a retry after a 503 or a crash must, before its
 * workflow is started. `idempotent`: its id comes from an Idempotency-Key, so it may have been recorded before.
 * Throws the ledger's refusal (insufficient_credits) and UnstorableEventError, having released what it held.
 */
export async function admitSubmission<E extends Event>(
  deps: AdmissionDeps,
  stream: StreamType<E>,
  hold: Hold,
  submission: readonly Decided<E>[],
  requestHash: string,
  idempotent: boolean,
): Promise<Admitted> {
  const found = async (recorded: Recorded, held: boolean): Promise<Admitted> => {
    if (recorded.requestHash !== requestHash) return { conflict: true };
    const again = recorded.finished ? false : await holdCredits(deps.ledger, hold);
    return { conflict: false, recorded, fresh: false, held: held || again };
  };
  if (idempotent) {
    const recorded = await recordedSubmission(deps.events, stream(hold.id));
    if (recorded) return found(recorded, false);
  }
  const held = await holdCredits(deps.ledger, hold);
  try {
    const metadata = { actor: hold.submitter.keyId, $correlationId: hold.id };
    // The request's hash in the event's id: the same request sent twice at once lands once (a retried append), and
    // another request under the same id finds the stream made and reads it (a conflict).
    const keyed = submission.map((event) => (event.key ? { ...event, key: [...event.key, requestHash] } : event));
    const appended = await appendDecided(deps.events, stream, hold.id, keyed, metadata, {
      expectedRevision: 'no_stream',
    });
    return {
      conflict: false,
      recorded: { requestHash, finished: false, position: appended.position },
      fresh: true,
      held,
    };
  } catch (error) {
    // Another first submission under this id recorded it first: the hold (if this call made it) is that job's.
    if (error instanceof WrongExpectedRevisionError) {
      const recorded = await recordedSubmission(deps.events, stream(hold.id));
      if (recorded) return found(recorded, held);
    }
    if (held && (error instanceof UnstorableEventError || !(error instanceof WrongExpectedRevisionError))) {
      await releaseHold(deps.ledger, hold.submitter.accountId, hold.id).catch(() => undefined);
    }
    throw error;
  }
}
