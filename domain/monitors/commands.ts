import type { WebhookOutcome } from '../webhooks/delivery.js';
import type { StopReason } from './notices.js';
import type { Observation } from './observation.js';
import type { ErasureReason, MonitorSettings, MonitorStarted } from './events.js';

// What a monitor's decider (./monitor.ts) is asked, and how it refuses.

export type MonitorCommand =
  | { type: 'StartMonitor'; data: { monitorId: string } & MonitorStarted }
  | {
      type: 'RecordCheck';
      data: { monitorId: string; check: number; asOf: string; at: string; observation: Observation };
    }
  | {
      type: 'RecordNoticeSent';
      data: {
        monitorId: string;
        noticeId: string;
        delivered: boolean;
        attempts: number;
        at: string;
        resendId?: string;
      };
    }
  | { type: 'ResendNotice'; data: { monitorId: string; noticeId: string; resendId: string; at: string } }
  | {
      type: 'RecordNoticeAttempt';
      data: {
        monitorId: string;
        noticeId: string;
        resendId?: string;
        attempt: number;
        status: number | null;
        outcome: WebhookOutcome;
        reason: string | null;
      };
    }
  | { type: 'PauseMonitor'; data: { monitorId: string; at: string } }
  | { type: 'ResumeMonitor'; data: { monitorId: string; at: string } }
  | { type: 'ChangeMonitor'; data: { monitorId: string; settings: Partial<MonitorSettings>; at: string } }
  | { type: 'StopMonitor'; data: { monitorId: string; reason: StopReason; at: string } }
  | { type: 'RecordCharge'; data: { monitorId: string; period: string; credits: number; at: string } }
  | { type: 'EraseMonitor'; data: { monitorId: string; reason: ErasureReason; at: string } };

/** The delivery a notice's attempts are recorded under (domain/webhooks/delivery.ts's `delivery_id`). */
export const noticeDeliveryId = (monitorId: string, noticeId: string, resendId?: string) =>
  resendId ? `${monitorId}/${noticeId}/${resendId}` : `${monitorId}/${noticeId}`;

/** A command the monitor's state does not allow: the message is the caller's answer. */
export class MonitorRefused extends Error {
  constructor(
    readonly code:
      | 'monitor_not_found'
      | 'monitor_stopped'
      | 'monitor_active'
      | 'monitor_erased'
      | 'notice_not_found'
      | 'notice_pending',
    message: string,
  ) {
    super(message);
    this.name = 'MonitorRefused';
  }
}
