// Recording corrections of an extraction's fields (issue 56), for the API (POST /api/v1/jobs/{id}/corrections)
// and the dashboard's form alike: the job's decider decides on the job as its own stream leaves it (never the
// read model, which may lag behind the job's completion), and the events are appended at the revision it read, so
// two corrections at once are decided one after the other, and none lands behind an erasure unseen.
import { randomUUID } from 'node:crypto';
import { fold } from '../../domain/decider.js';
import type { Corrector } from '../../domain/jobs/corrections.js';
import * as job from '../../domain/jobs/job.js';
import type { FieldKey } from '../../domain/extraction/types.js';
import { appendDecided } from '../../infra/eventstore/decided.js';
import { eventIdFor } from '../../infra/eventstore/ids.js';
import {
  positionToString,
  readEvents,
  WrongExpectedRevisionError,
  type EventStore,
} from '../../infra/eventstore/types.js';

export interface CorrectionRequest {
  jobId: string;
  /** Whose the job must be: another account's, or the other mode's, is not found. */
  owner: { accountId: string; mode: string };
  values: Partial<Record<FieldKey, unknown>>;
  by: Corrector;
  /** The request's id, on the events' metadata. */
  requestId?: string;
}

export type CorrectionOutcome =
  | { found: false }
  /** `position`: where the last event landed (null: nothing changed); `first`: its first event's id. */
  | { found: true; fields: FieldKey[]; position: string | null; first: string | null };

const ATTEMPTS = 5;

/** Decides and records the corrections; throws CorrectionRefused (domain/jobs/corrections.ts) for a job that takes none. */
export async function correctExtraction(events: EventStore, request: CorrectionRequest): Promise<CorrectionOutcome> {
  for (let attempt = 1; ; attempt++) {
    const stored = await readEvents(events, job.jobStream, request.jobId);
    const state = fold(job.jobDecider, stored);
    if (!state || state.account_id !== request.owner.accountId || state.mode !== request.owner.mode) {
      return { found: false };
    }
    const decided = job.jobDecider.decide(
      { type: 'CorrectExtraction', data: { jobId: request.jobId, values: request.values, by: request.by } },
      state,
    );
    if (decided.length === 0) return { found: true, fields: [], position: null, first: null };
    // Ids of their own (a correction is not an activity's step): the first names the correction's webhook.
    const keys = decided.map(() => [request.jobId, 'corrected', randomUUID()] as const);
    try {
      const appended = await appendDecided(
        events,
        job.jobStream,
        request.jobId,
        decided.map((event, i) => ({ ...event, key: keys[i]! })),
        {
          actor: request.by.via === 'api' ? request.by.key_id : `portal:${request.owner.accountId}`,
          $correlationId: request.jobId,
          ...(request.requestId ? { request_id: request.requestId } : {}),
        },
        { expectedRevision: stored.length === 0 ? 'no_stream' : stored[stored.length - 1]!.revision },
      );
      return {
        found: true,
        fields: decided
          .map((event) => (event.type === 'ExtractionCorrected' ? event.data.field : null))
          .filter((field): field is FieldKey => field !== null),
        position: positionToString(appended.position),
        first: eventIdFor(...keys[0]!),
      };
    } catch (error) {
      // Another write to the job came first (a correction, the callback's attempt): decide again on what it left.
      if (!(error instanceof WrongExpectedRevisionError) || attempt >= ATTEMPTS) throw error;
    }
  }
}
