import type { KeyMode } from '../accounts/keys.js';
import type { Decider } from '../decider.js';
import { streamType, unreachable, type Decided, type Event, type Recorded } from '../streams.js';
import type { DeliveryStatus } from '../vocabulary.js';
import {
  deliveryIdOf,
  endDelivery,
  evolveDelivery,
  recordAttempt,
  resendWebhook,
  WEBHOOK_DELIVERY_EVENT_TYPES,
  type WebhookDeliveryEvent,
} from '../webhooks/delivery.js';
import {
  correct,
  withCorrection,
  type Correction,
  type CorrectionEvent,
  type CorrectExtraction,
} from './corrections.js';
import type { JobError, JobKind } from './outcomes.js';
import { replayedBy, submittedBy, type Submission } from './submitter.js';

// A job (stream `job-{id}`, docs/architecture.md#events): its submission, how it ended, the delivery of its callback
// (../webhooks/delivery.ts) and the erasure of its result, as a decider (jobDecider, below). Each decision has a
// fixed event key, so an activity that Temporal retries appends its event once. Its evolve is the job's only state
// machine: the read model stores what it folds, and checked reads fold the same.

export interface JobSubmitted {
  kind: JobKind;
  mode: KeyMode;
  account_id: string;
  key_id: string;
  /** The request without document bytes. */
  request: Record<string, unknown>;
  webhook_url: string | null;
  idempotency_key: string | null;
  /** Tells a retried submission (same Idempotency-Key) with the same request from one with another. */
  request_hash: string;
  /** Whether the request carried a document (extraction first). */
  has_document?: boolean;
  /**
   * The blob the document is stored under (its SHA-256: blobs are shared by content), so that retention can
   * tell which blobs a job within retention still refers to.
   */
  blob_id?: string;
}

/**
 * Retention (docs/architecture.md#personal-data): what a finished job keeps once its result is erased. The request shrinks to what is
 * not personal; status, times and charges stay. An event, so that a projection rebuild erases it again.
 */
export interface JobResultErased {
  request: { country?: string; insurance_type?: string };
  /** The cut-off the job had passed. */
  cutoff: string;
}

export type JobEvent =
  | Event<'JobSubmitted', JobSubmitted>
  | Event<'JobCompleted', { result: unknown; credits_charged: number }>
  | Event<'JobFailed', { error: JobError }>
  | WebhookDeliveryEvent
  | Event<'JobResultErased', JobResultErased>
  | CorrectionEvent;

export const jobStream = streamType<JobEvent>('job-', [
  'JobSubmitted',
  'JobCompleted',
  'JobFailed',
  ...WEBHOOK_DELIVERY_EVENT_TYPES,
  'JobResultErased',
  'ExtractionCorrected',
]);

/** A job to be recorded: who submitted it and what it asks for. */
export interface SubmitJob extends Submission {
  jobId: string;
  kind: JobKind;
  request: Record<string, unknown>;
  webhookUrl: string | null;
  hasDocument?: boolean;
  blobId?: string | null;
}

export const submit = (command: SubmitJob): Decided<JobEvent>[] => [
  {
    key: [command.jobId, 'submitted'],
    type: 'JobSubmitted',
    data: {
      kind: command.kind,
      ...submittedBy(command),
      request: command.request,
      webhook_url: command.webhookUrl,
      ...replayedBy(command),
      ...(command.hasDocument ? { has_document: true } : {}),
      ...(command.blobId ? { blob_id: command.blobId } : {}),
    },
  },
];

/** How the job ended: its result and the credits captured for it, or its error. */
export const finish = (
  jobId: string,
  end: { ok: true; result: unknown; captured: number } | { ok: false; error: JobError },
): Decided<JobEvent>[] => [
  end.ok
    ? { key: [jobId, 'completed'], type: 'JobCompleted', data: { result: end.result, credits_charged: end.captured } }
    : { key: [jobId, 'failed'], type: 'JobFailed', data: { error: end.error } },
];

export const eraseResult = (jobId: string, erased: JobResultErased): Decided<JobEvent>[] => [
  { key: [jobId, 'result-erased'], type: 'JobResultErased', data: erased },
];

/**
 * A job as its events leave it: the row of the jobs read model (projections/jobs.ts stores it as it is) and the
 * record checked reads fold (./job-record.ts). Null until its submission is recorded.
 */
export interface Job {
  account_id: string;
  mode: KeyMode;
  kind: JobKind;
  status: 'pending' | 'complete' | 'failed';
  request: Record<string, unknown>;
  request_hash: string;
  blob_id: string | null;
  result: unknown;
  error: JobError | null;
  /** Kept apart from the result, which retention erases. */
  credits_charged: number | null;
  created_at: Date;
  completed_at: Date | null;
  result_erased_at: Date | null;
  webhook_url: string | null;
  webhook_status: DeliveryStatus | null;
  webhook_attempts: number;
  webhook_last_attempt_at: Date | null;
  /** The last attempt's HTTP status (null: no response, or no attempt yet). */
  webhook_last_status: number | null;
  /** Which delivery the webhook fields follow: the original (null) or the latest resend (see DeliveryRef). */
  webhook_delivery_id: string | null;
  /** An extraction's corrections, oldest first (./corrections.ts); erased with the result. */
  corrections: Correction[];
}

export type JobState = Job | null;

/** `created`: when the event was recorded, which is when the job was submitted, ended, tried or erased. */
function evolveJob(state: JobState, e: Recorded<JobEvent>): JobState {
  if (e.type === 'JobSubmitted') {
    // Submitted once: a second submission event (none is ever appended twice, its key is fixed) changes nothing.
    if (state) return state;
    const d = e.data;
    return {
      account_id: d.account_id,
      mode: d.mode,
      kind: d.kind,
      status: 'pending',
      request: d.request,
      request_hash: d.request_hash,
      blob_id: d.blob_id ?? null,
      result: null,
      error: null,
      credits_charged: null,
      created_at: e.created,
      completed_at: null,
      result_erased_at: null,
      webhook_url: d.webhook_url,
      webhook_status: d.webhook_url ? 'pending' : null,
      webhook_attempts: 0,
      webhook_last_attempt_at: null,
      webhook_last_status: null,
      webhook_delivery_id: null,
      corrections: [],
    };
  }
  if (!state) return state;
  switch (e.type) {
    case 'JobCompleted':
      return {
        ...state,
        status: 'complete',
        result: e.data.result,
        credits_charged: e.data.credits_charged,
        completed_at: e.created,
      };
    case 'JobFailed':
      return { ...state, status: 'failed', error: e.data.error, completed_at: e.created };
    case 'JobResultErased':
      // The result and everything personal go; status, times, charges and the webhook's delivery state stay.
      // A pending job has nothing to erase yet (retention never picks one).
      return state.status === 'pending'
        ? state
        : {
            ...state,
            result: null,
            request: e.data.request,
            webhook_url: null,
            result_erased_at: e.created,
            corrections: [],
          };
    case 'ExtractionCorrected':
      // A correction that lands after the erasure (a race with retention) is erased with the rest.
      return state.result_erased_at
        ? state
        : { ...state, corrections: withCorrection(state.corrections ?? [], e.data, e.created) };
    case 'WebhookAttempted':
    case 'WebhookDelivered':
    case 'WebhookAbandoned':
    case 'WebhookResent':
      return follow(state, e);
    default:
      return unreachable(e);
  }
}

/**
 * The webhook fields follow the callback's latest delivery, as the delivery's own fold leaves it: a resend starts a
 * new one, and a late event of an earlier delivery must not overwrite what a resend shows. A job that asked for no
 * callback has no delivery to follow.
 */
function follow(job: Job, e: Recorded<WebhookDeliveryEvent>): Job {
  const deliveryId = deliveryIdOf(e);
  if (job.webhook_status === null || (e.type !== 'WebhookResent' && deliveryId !== job.webhook_delivery_id)) return job;
  const delivery = evolveDelivery(
    {
      status: job.webhook_status,
      attempts: job.webhook_attempts,
      last_status: job.webhook_last_status,
      last_attempt_at: job.webhook_last_attempt_at,
    },
    e,
  );
  return {
    ...job,
    webhook_delivery_id: deliveryId,
    webhook_status: delivery.status,
    webhook_attempts: delivery.attempts,
    webhook_last_status: delivery.last_status,
    webhook_last_attempt_at: delivery.last_attempt_at,
  };
}

/** What may be asked of a job: every decision above and those of its callback's delivery, as one union. */
export type JobCommand =
  | { type: 'SubmitJob'; data: SubmitJob }
  | { type: 'FinishJob'; data: { jobId: string; end: Parameters<typeof finish>[1] } }
  | { type: 'RecordWebhookAttempt'; data: Parameters<typeof recordAttempt>[0] }
  | { type: 'EndWebhookDelivery'; data: Parameters<typeof endDelivery>[0] }
  | { type: 'ResendWebhook'; data: Parameters<typeof resendWebhook>[1] }
  | { type: 'EraseJobResult'; data: { jobId: string } & JobResultErased }
  | { type: 'CorrectExtraction'; data: CorrectExtraction };

/**
 * What a command appends to the job in `state`; throws ResendRefused for a resend the job cannot take, and
 * CorrectionRefused for a correction.
 */
function decideJob(command: JobCommand, state: JobState): Decided<JobEvent>[] {
  switch (command.type) {
    case 'SubmitJob':
      return submit(command.data);
    case 'FinishJob':
      return finish(command.data.jobId, command.data.end);
    case 'RecordWebhookAttempt':
      return recordAttempt(command.data);
    case 'EndWebhookDelivery':
      return endDelivery(command.data);
    case 'ResendWebhook':
      return resendWebhook({ submitted: state, finished: state !== null && state.status !== 'pending' }, command.data);
    case 'EraseJobResult': {
      const { jobId, ...erased } = command.data;
      return eraseResult(jobId, erased);
    }
    case 'CorrectExtraction':
      return correct(state, command.data);
    default:
      return unreachable(command);
  }
}

/**
 * The job's decider. Only a resend and a correction read the job: the other decisions are the workflow's and retention's, which
 * append them without reading the stream (their fixed keys make a retried activity append each once), so the
 * activities call those decisions directly and they answer the same whatever the state. Its decisions carry their
 * event keys; its evolve reads when each event was recorded.
 */
export const jobDecider: Decider<JobState, JobCommand, Decided<JobEvent>, Recorded<JobEvent>> = {
  decide: decideJob,
  evolve: evolveJob,
  initialState: () => null,
};
