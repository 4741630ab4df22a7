import type { KeyMode } from '../accounts/keys.js';
import { streamType, type Event } from '../streams.js';
import type { VerificationRequest } from '../verification/types.js';
import { type WebhookDeliveryEvent } from '../webhooks/delivery.js';
import { type NoticeDetail, type NoticeType, type StopReason } from './notices.js';
import { type Change, type Observation } from './observation.js';
import type { MonitorFrequency } from './schedule.js';

// A monitor's events (stream `monitor-{id}`): what it watches and for whom, what the registry answered, the notices
// due and sent, pauses, changes of settings and its end.
/** Why a stopped monitor's personal data went: its retention ran out, or its account closed. */
export type ErasureReason = 'retention' | 'account_closed';

export interface MonitorSettings {
  webhook_url: string;
  expiry_notice_days: number;
  frequency: MonitorFrequency;
  /** The client's own ids, returned on every event. */
  metadata: Record<string, string>;
}

export interface MonitorStarted extends MonitorSettings {
  account_id: string;
  key_id: string;
  mode: KeyMode;
  request: VerificationRequest;
  idempotency_key: string | null;
  request_hash: string;
  /** ISO time of the start: the checks are due from it, one per interval. */
  at: string;
}

export interface PolicyObserved {
  check: number;
  /** The date the check read the policy as of (YYYY-MM-DD): today, or the sandbox's clock. */
  as_of: string;
  at: string;
  observation: Observation;
  /** Empty for the first observation: a baseline, not a change. */
  changes: Change[];
}

export interface MonitorNoticeDue {
  notice_id: string;
  type: NoticeType;
  detail: NoticeDetail;
  at: string;
}

export type MonitorEvent =
  | Event<'MonitorStarted', MonitorStarted>
  | Event<'PolicyObserved', PolicyObserved>
  | Event<'MonitorNoticeDue', MonitorNoticeDue>
  /**
   * How the notice's delivery ended: sent (the receiver took it) or abandoned after its retries; with `resend_id`,
   * how a resend of it ended.
   */
  | Event<
      'MonitorNoticeSent',
      { notice_id: string; delivered: boolean; attempts: number; at: string; resend_id?: string }
    >
  /** A notice sent again from the dashboard after its delivery ended (`resend_id`: that delivery's own id). */
  | Event<'MonitorNoticeResent', { notice_id: string; resend_id: string; at: string }>
  | Event<'MonitorPaused', { reason: 'insufficient_credits'; pause: number; at: string }>
  | Event<'MonitorResumed', { pause: number; at: string }>
  | Event<'MonitorChanged', { change: number; settings: Partial<MonitorSettings>; at: string }>
  | Event<'MonitorStopped', { reason: StopReason; at: string }>
  /** The month's credits taken from the account's ledger (reservation `{mon_id}/{period}`, captured whole). */
  | Event<'MonitorCharged', { period: string; credits: number; at: string }>
  /** Its data key shredded: retention after its stop, or its account's closing. Nothing personal is left. */
  | Event<'MonitorErased', { reason: ErasureReason; at: string }>
  /**
   * Each attempt to deliver a notice (its `delivery_id` is `{mon_id}/{notice_id}`, and a resend's
   * `{mon_id}/{notice_id}/{resend_id}`): the delivery history.
   */
  | Extract<WebhookDeliveryEvent, { type: 'WebhookAttempted' }>;

export const monitorStream = streamType<MonitorEvent>('monitor-', [
  'MonitorStarted',
  'PolicyObserved',
  'MonitorNoticeDue',
  'MonitorNoticeSent',
  'MonitorNoticeResent',
  'MonitorPaused',
  'MonitorResumed',
  'MonitorChanged',
  'MonitorStopped',
  'MonitorCharged',
  'MonitorErased',
  'WebhookAttempted',
]);
