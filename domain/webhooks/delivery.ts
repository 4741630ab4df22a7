import type { KeyMode } from '../accounts/keys.js';
import type { JobKind } from '../jobs/outcomes.js';
import { unreachable, type Decided, type Event, type Recorded } from '../streams.js';
import type { DeliveryStatus } from '../vocabulary.js';

// The delivery of a job's callback, recorded on the job's stream (`job-{id}`, domain/jobs/job.ts): each attempt,
// how the delivery ended, and a resend from the dashboard, which starts a new delivery of the same callback. What
// a delivery's events leave it is folded here only (evolveDelivery): the job's webhook fields and the dashboard's
// delivery rows both keep what it gives.

export type WebhookOutcome = 'delivered' | 'retryable' | 'permanent';

/**
 * Which delivery of the callback a webhook event belongs to: absent for the original one, the resend's id for a
 * resend (the dashboard's "resend"). The job view follows the latest delivery only, so a late attempt of an
 * earlier one cannot overwrite what a resend shows.
 */
export interface DeliveryRef {
  delivery_id?: string;
}

export type WebhookDeliveryEvent =
  /** `status`: the receiver's HTTP status, null when the attempt got no response. */
  | Event<
      'WebhookAttempted',
      DeliveryRef & { attempt: number; status: number | null; outcome: WebhookOutcome; reason: string | null }
    >
  | Event<'WebhookDelivered', DeliveryRef & { attempts: number }>
  | Event<'WebhookAbandoned', DeliveryRef & { attempts: number; reason: string }>
  /** A finished job's callback is delivered again: the webhook's status starts over as pending for this delivery. */
  | Event<'WebhookResent', { delivery_id: string; url: string }>;

export const WEBHOOK_DELIVERY_EVENT_TYPES = [
  'WebhookAttempted',
  'WebhookDelivered',
  'WebhookAbandoned',
  'WebhookResent',
] as const satisfies readonly WebhookDeliveryEvent['type'][];

/**
 * A delivery as its events leave it: where it stands, how many attempts it made and the last one's answer. The
 * job's webhook fields (../jobs/job.ts) hold the delivery it follows; projections/webhook-deliveries.ts a row each.
 */
export interface DeliveryState {
  status: DeliveryStatus;
  attempts: number;
  /** The last attempt's HTTP status (null: no response, or no attempt yet). */
  last_status: number | null;
  last_attempt_at: Date | null;
}

/** A delivery as it starts (a job submitted with a callback, or a resend): pending, nothing attempted yet. */
export const DELIVERY_STARTED: DeliveryState = {
  status: 'pending',
  attempts: 0,
  last_status: null,
  last_attempt_at: null,
};

/** Which delivery a webhook event is of: a resend's id, null for the original delivery. */
export const deliveryIdOf = (e: WebhookDeliveryEvent): string | null => e.data.delivery_id ?? null;

/**
 * The delivery after one of its events (`created`: when it was recorded, which is when the attempt was made).
 * A resend's event starts the delivery it is of, whatever came before.
 */
export function evolveDelivery(state: DeliveryState, e: Recorded<WebhookDeliveryEvent>): DeliveryState {
  switch (e.type) {
    case 'WebhookAttempted':
      // Attempts may be recorded out of order: the highest one's status is the last one's.
      return {
        status: state.status,
        attempts: Math.max(state.attempts, e.data.attempt),
        last_status: e.data.attempt >= state.attempts ? e.data.status : state.last_status,
        last_attempt_at: e.created,
      };
    case 'WebhookDelivered':
    case 'WebhookAbandoned':
      return {
        status: e.type === 'WebhookDelivered' ? 'delivered' : 'failed',
        attempts: Math.max(state.attempts, e.data.attempts),
        last_status: state.last_status,
        last_attempt_at: state.last_attempt_at,
      };
    case 'WebhookResent':
      return DELIVERY_STARTED;
    default:
      return unreachable(e);
  }
}

/** Which delivery of which job's callback: `deliveryId` is a resend's id, absent for the original delivery. */
export interface Delivery {
  jobId: string;
  deliveryId?: string;
}

/**
 * The id parts of a webhook event: the original delivery's as they always were (the job id and the step), a
 * resend's from the resend's own id, so that neither can ever land on the other's events.
 */
const keyOf = ({ jobId, deliveryId }: Delivery, step: string, attempt?: number) => [
  ...(deliveryId ? ['webhook-resend', deliveryId, step] : [jobId, step]),
  ...(attempt === undefined ? [] : [attempt]),
];

const refOf = ({ deliveryId }: Delivery): DeliveryRef => (deliveryId ? { delivery_id: deliveryId } : {});

/** One attempt, one event, however often the attempt is retried. */
export function recordAttempt(
  command: Delivery & { attempt: number; status: number | null; outcome: WebhookOutcome; reason: string | null },
): Decided<WebhookDeliveryEvent>[] {
  const { attempt, status, outcome, reason } = command;
  return [
    {
      key: keyOf(command, 'webhook-attempt', attempt),
      type: 'WebhookAttempted',
      data: { attempt, status, outcome, reason, ...refOf(command) },
    },
  ];
}

/** How a delivery ended: delivered, or abandoned after its last attempt. */
export function endDelivery(
  command: Delivery & { delivered: boolean; attempts: number; reason: string | null },
): Decided<WebhookDeliveryEvent>[] {
  const key = keyOf(command, 'webhook-end');
  return [
    command.delivered
      ? { key, type: 'WebhookDelivered', data: { attempts: command.attempts, ...refOf(command) } }
      : {
          key,
          type: 'WebhookAbandoned',
          data: { attempts: command.attempts, reason: command.reason ?? 'gave up', ...refOf(command) },
        },
  ];
}

/** What a resend needs to know of its job (domain/jobs/job.ts folds it from the job's stream). */
export interface ResendState {
  submitted: { account_id: string; mode: KeyMode; kind: JobKind; webhook_url: string | null } | null;
  finished: boolean;
}

/** Why a job's callback cannot be sent again: the message is the caller's answer. */
export class ResendRefused extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'ResendRefused';
  }
}

/**
 * A resend of a job's callback: only a finished live job of this account that asked for one has a callback to
 * send (test keys never call back). Throws ResendRefused otherwise.
 */
export function resendWebhook(
  state: ResendState,
  command: Delivery & { accountId: string; deliveryId: string },
): Decided<WebhookDeliveryEvent>[] {
  const { submitted } = state;
  if (!submitted || submitted.account_id !== command.accountId) throw new ResendRefused('No such job.');
  if (submitted.mode !== 'live') throw new ResendRefused('Jobs of test keys never call back.');
  if (!submitted.webhook_url) throw new ResendRefused('The job asked for no callback.');
  if (!state.finished) throw new ResendRefused('The job has not finished: its callback is not due yet.');
  return [
    {
      key: keyOf(command, 'resent'),
      type: 'WebhookResent',
      data: { delivery_id: command.deliveryId, url: submitted.webhook_url },
    },
  ];
}
