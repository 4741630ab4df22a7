// A monitor as its read model holds it (projections/monitors.ts) and as GET /api/v1/monitors/{id} and the
// dashboard show it: one fold of its stream `monitor-{id}` into a row, and one timeline entry per event, the same
// whether the projector or a checked read's fold (projections/readers/monitors.ts) makes them.
import type { KeyMode } from '../domain/accounts/keys.js';
import type { MonitorEvent, MonitorSettings, MonitorStatus } from '../domain/monitors/monitor.js';
import type { NoticeType, StopReason } from '../domain/monitors/notices.js';
import type { Change, Observation } from '../domain/monitors/observation.js';
import { FREQUENCY_MS } from '../domain/monitors/schedule.js';
import { unreachable, type Recorded } from '../domain/streams.js';
import type { VerificationRequest } from '../domain/verification/types.js';

export interface Sighting {
  check: number;
  as_of: string;
  at: string;
  /** Null once the monitor is erased (its data key shredded: docs/architecture.md#personal-data). */
  observation: Observation | null;
}

export interface MonitorRow extends MonitorSettings {
  monitor_id: string;
  account_id: string;
  mode: KeyMode;
  status: MonitorStatus;
  request: VerificationRequest;
  created_at: string;
  /** The policy as last seen: after the start, the first check's answer. */
  last_seen: Sighting | null;
  /** The last answer that differed from the one before (a baseline is not a change). */
  last_change: (Sighting & { changes: Change[] }) | null;
  /** Checks fall at `anchor` + n × `interval_ms`, n ≥ 0, while the monitor is active. */
  schedule: { anchor: string; interval_ms: number; checked_before: string | null };
  /** When a pause or the stop ended the schedule. */
  halted_at: string | null;
  stop_reason: StopReason | null;
  notices_sent: number;
  /** When its personal data was erased (retention, or its account's closing); null while kept. */
  erased_at?: string | null;
}

/** One line of a monitor's timeline: a check's news, a notice made due, an attempt at it, its end, a change. */
export type TimelineEntry = { at: string } & (
  | { type: 'started' }
  | { type: 'observed'; check: number; as_of: string; observation: Observation | null; changes: Change[] }
  | { type: 'notice_due'; notice_id: string; notice: NoticeType }
  | {
      type: 'notice_attempt';
      notice_id: string;
      /** Present on a resend's attempts: which resend. */
      resend_id?: string;
      attempt: number;
      http_status: number | null;
      outcome: string;
      reason: string | null;
    }
  | {
      type: 'notice_sent';
      notice_id: string;
      notice: NoticeType;
      delivered: boolean;
      attempts: number;
      resend_id?: string;
    }
  | { type: 'notice_resent'; notice_id: string; notice: NoticeType; resend_id: string }
  | { type: 'paused'; reason: string }
  | { type: 'resumed' }
  | { type: 'changed'; settings: Partial<MonitorSettings> }
  | { type: 'stopped'; reason: StopReason }
  | { type: 'charged'; period: string; credits: number }
  | { type: 'erased'; reason: string }
);

const noticeType = (noticeId: string) => noticeId.split(':')[0] as NoticeType;
const iso = (ms: number) => new Date(ms).toISOString();

/** The last check the schedule made by `at` (ISO): the anchor's slot, or the one before the anchor moved. */
function lastSlot(schedule: MonitorRow['schedule'], at: number): string | null {
  const anchor = Date.parse(schedule.anchor);
  if (at < anchor) return schedule.checked_before;
  return iso(anchor + Math.floor((at - anchor) / schedule.interval_ms) * schedule.interval_ms);
}

/** The row after one of the monitor's events; null before its start. */
export function evolveMonitorRow(
  row: MonitorRow | null,
  event: Recorded<MonitorEvent>,
  monitorId: string,
): MonitorRow | null {
  if (event.type === 'MonitorStarted') {
    if (row) return row;
    const { account_id, mode, request, at, webhook_url, expiry_notice_days, frequency, metadata } = event.data;
    return {
      monitor_id: monitorId,
      account_id,
      mode,
      status: 'active',
      request,
      webhook_url,
      expiry_notice_days,
      frequency,
      metadata,
      created_at: at,
      last_seen: null,
      last_change: null,
      schedule: { anchor: at, interval_ms: FREQUENCY_MS[frequency], checked_before: null },
      halted_at: null,
      stop_reason: null,
      notices_sent: 0,
    };
  }
  if (!row) return null;
  switch (event.type) {
    case 'PolicyObserved': {
      const { check, as_of, at, observation, changes } = event.data;
      if (row.last_seen && check <= row.last_seen.check) return row;
      const seen = { check, as_of, at, observation };
      // A renewal lists no change of its own (policy.renewed says it), but it is news all the same.
      return { ...row, last_seen: seen, last_change: row.last_seen ? { ...seen, changes } : row.last_change };
    }
    case 'MonitorNoticeSent':
      // A notice counts once, however often it is sent again.
      return event.data.delivered && event.data.resend_id === undefined
        ? { ...row, notices_sent: row.notices_sent + 1 }
        : row;
    case 'MonitorPaused':
      return { ...row, status: 'paused', halted_at: event.data.at };
    case 'MonitorResumed':
      return {
        ...row,
        status: row.status === 'paused' ? 'active' : row.status,
        halted_at: null,
        schedule: { ...row.schedule, anchor: event.data.at, checked_before: row.last_seen?.at ?? null },
      };
    case 'MonitorChanged': {
      const { settings, at } = event.data;
      let schedule = row.schedule;
      const frequency = settings.frequency;
      if (frequency && FREQUENCY_MS[frequency] !== schedule.interval_ms) {
        // The workflow's next check is one new interval from the change, the others one interval apart.
        const interval = FREQUENCY_MS[frequency];
        const before = lastSlot(schedule, Date.parse(at));
        schedule = { anchor: iso(Date.parse(at) + interval), interval_ms: interval, checked_before: before };
      }
      return { ...row, ...settings, schedule };
    }
    case 'MonitorStopped':
      return row.status === 'stopped'
        ? row
        : { ...row, status: 'stopped', stop_reason: event.data.reason, halted_at: event.data.at };
    case 'MonitorErased':
      // As the events read once their key is gone (domain/personal-data.ts): nothing personal is left.
      return {
        ...row,
        request: {} as MonitorRow['request'],
        webhook_url: null as unknown as string,
        metadata: {},
        last_seen: row.last_seen && { ...row.last_seen, observation: null },
        last_change: row.last_change && { ...row.last_change, observation: null, changes: [] },
        erased_at: event.data.at,
      };
    case 'MonitorNoticeDue':
    case 'MonitorNoticeResent':
    case 'MonitorCharged':
    case 'WebhookAttempted':
      return row;
    default:
      return unreachable(event);
  }
}

/** What the timeline shows of an event. */
export function timelineEntry(event: Recorded<MonitorEvent>): TimelineEntry {
  const at = event.created.toISOString();
  switch (event.type) {
    case 'MonitorStarted':
      return { at: event.data.at, type: 'started' };
    case 'PolicyObserved': {
      const { check, as_of, observation, changes } = event.data;
      return { at: event.data.at, type: 'observed', check, as_of, observation, changes };
    }
    case 'MonitorNoticeDue':
      return { at: event.data.at, type: 'notice_due', notice_id: event.data.notice_id, notice: event.data.type };
    case 'WebhookAttempted': {
      // `{mon_id}/{notice_id}`, or `{mon_id}/{notice_id}/{resend_id}` for a resend's (no notice id holds a slash).
      const [, notice = '', resend] = (event.data.delivery_id ?? '').split('/');
      const { attempt, status, outcome, reason } = event.data;
      const entry = { at, type: 'notice_attempt' as const, notice_id: notice, attempt, http_status: status, outcome };
      return { ...entry, reason, ...(resend ? { resend_id: resend } : {}) };
    }
    case 'MonitorNoticeSent': {
      const { notice_id, delivered, attempts, resend_id } = event.data;
      const entry = { at: event.data.at, type: 'notice_sent' as const, notice_id, delivered, attempts };
      return { ...entry, notice: noticeType(notice_id), ...(resend_id ? { resend_id } : {}) };
    }
    case 'MonitorNoticeResent': {
      const { notice_id, resend_id } = event.data;
      return { at: event.data.at, type: 'notice_resent', notice_id, notice: noticeType(notice_id), resend_id };
    }
    case 'MonitorPaused':
      return { at: event.data.at, type: 'paused', reason: event.data.reason };
    case 'MonitorResumed':
      return { at: event.data.at, type: 'resumed' };
    case 'MonitorChanged':
      return { at: event.data.at, type: 'changed', settings: event.data.settings };
    case 'MonitorStopped':
      return { at: event.data.at, type: 'stopped', reason: event.data.reason };
    case 'MonitorCharged':
      return { at: event.data.at, type: 'charged', period: event.data.period, credits: event.data.credits };
    case 'MonitorErased':
      return { at: event.data.at, type: 'erased', reason: event.data.reason };
    default:
      return unreachable(event);
  }
}

/** When the monitor last checked and checks next, as of `now`: a paused or stopped one checks no more. */
export function checkTimes(
  row: MonitorRow,
  now: number,
): { last_check_at: string | null; next_check_at: string | null } {
  const until = row.halted_at ? Date.parse(row.halted_at) : now;
  const slot = lastSlot(row.schedule, until);
  const seen = row.last_seen?.at ?? null;
  // A check lands a moment after its slot; one that saw something new is dated by when it did.
  const last = slot && seen ? (seen > slot ? seen : slot) : (seen ?? slot);
  if (row.status !== 'active') return { last_check_at: last, next_check_at: null };
  const anchor = Date.parse(row.schedule.anchor);
  const interval = row.schedule.interval_ms;
  const next = now < anchor ? anchor : anchor + (Math.floor((now - anchor) / interval) + 1) * interval;
  return { last_check_at: last, next_check_at: iso(next) };
}

export const STATUS_FILTER = ['active', 'paused', 'stopped'] as const;

/** A monitor as the API answers it (docs: "Watching a policy"). */
export function publicMonitor(row: MonitorRow, now: number) {
  const seen = row.last_seen;
  return {
    monitor_id: row.monitor_id,
    status: row.status,
    sandbox: row.mode === 'test',
    request: row.request,
    webhook_url: row.webhook_url,
    expiry_notice_days: row.expiry_notice_days,
    frequency: row.frequency,
    metadata: row.metadata,
    created_at: row.created_at,
    policy: seen?.observation ? { ...seen.observation, as_of: seen.as_of, checked_at: seen.at } : null,
    ...checkTimes(row, now),
    last_change: row.last_change
      ? { at: row.last_change.at, check: row.last_change.check, changes: row.last_change.changes }
      : null,
    stop_reason: row.stop_reason,
    stopped_at: row.status === 'stopped' ? row.halted_at : null,
    notices_sent: row.notices_sent,
    erased_at: row.erased_at ?? null,
  };
}

export type PublicMonitor = ReturnType<typeof publicMonitor>;
