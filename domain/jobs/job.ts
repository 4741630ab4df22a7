import type { KeyMode } from '../accounts/keys.js';
import { streamType, type Decided, type Event } from '../streams.js';
import { WEBHOOK_DELIVERY_EVENT_TYPES, type ResendState, type WebhookDeliveryEvent } from '../webhooks/delivery.js';
import type { JobError, JobKind } from './outcomes.js';
import { replayedBy, submittedBy, type Submission } from './submitter.js';

// A job (stream `job-{id}`, DESIGN §4): its submission, how it ended, the delivery of its callback
// (../webhooks/delivery.ts) and the erasure of its result. Each decision has a fixed event key, so an activity
// that Temporal retries appends its event once.

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
 * Retention (DESIGN §13): what a finished job keeps once its result is erased. The request shrinks to what is
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
  | Event<'JobResultErased', JobResultErased>;

export const jobStream = streamType<JobEvent>('job-', [
  'JobSubmitted',
  'JobCompleted',
  'JobFailed',
  ...WEBHOOK_DELIVERY_EVENT_TYPES,
  'JobResultErased',
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

/** What a resend of the job's callback needs to know of it. */
export function evolveResendState(state: ResendState, event: JobEvent): ResendState {
  if (event.type === 'JobSubmitted') return { ...state, submitted: event.data };
  if (event.type === 'JobCompleted' || event.type === 'JobFailed') return { ...state, finished: true };
  return state;
}

export const initialResendState: ResendState = { submitted: null, finished: false };
