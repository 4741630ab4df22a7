import type { Decider } from '../decider.js';
import { unreachable, type Decided } from '../streams.js';
import { recordAttempt } from '../webhooks/delivery.js';
import { calendarNotices, noticeId, type NoticeDetail } from './notices.js';
import { changesBetween, isRenewal, sameObservation, type Observation } from './observation.js';

// A monitor (stream `monitor-{id}`, docs/architecture.md#monitors): what it watches and for whom, each new answer
// the registry gives, the notices those answers and the calendar make due and their sending, pauses, changes of
// settings and its end, as a decider. Every decision has a fixed event key, so a retried activity appends it once.

export * from './events.js';
export * from './commands.js';
import { MonitorRefused, noticeDeliveryId, type MonitorCommand } from './commands.js';
import type { MonitorEvent, MonitorSettings, MonitorStarted } from './events.js';

export type MonitorStatus = 'active' | 'paused' | 'stopped';

export interface MonitorState {
  started: Omit<MonitorStarted, keyof MonitorSettings> | null;
  settings: MonitorSettings | null;
  status: MonitorStatus;
  last: { check: number; observation: Observation } | null;
  /** The highest check recorded, whether or not it saw anything new. */
  checks: number;
  /** Each notice made due, by id, and whether its delivery has ended. */
  notices: Record<string, 'due' | 'sent' | 'abandoned'>;
  /** A resend of a notice under way (notice id → the resend's id): one at a time, outside the pending list. */
  resending: Record<string, string>;
  pauses: number;
  changes: number;
  /** The last month (YYYY-MM) whose credits were taken; null before the first charge (and always for test keys). */
  charged: string | null;
  erased: boolean;
}

export const initialMonitorState: MonitorState = {
  started: null,
  settings: null,
  status: 'active',
  last: null,
  checks: -1,
  notices: {},
  resending: {},
  pauses: 0,
  changes: 0,
  charged: null,
  erased: false,
};

const due = (monitorId: string, id: string, detail: NoticeDetail, at: string): Decided<MonitorEvent> => ({
  key: [monitorId, 'notice', id],
  type: 'MonitorNoticeDue',
  data: { notice_id: id, type: detail.type, detail, at },
});

/** What a check decides: the observation when it is new, with the notices it and the calendar make due. */
function recordCheck(state: MonitorState, command: Extract<MonitorCommand, { type: 'RecordCheck' }>['data']) {
  const settings = state.settings;
  if (!state.started || !settings) throw new MonitorRefused('monitor_not_found', 'No such monitor.');
  // A stopped monitor's late check, or one already recorded (a replay after a crash), changes nothing.
  if (state.status === 'stopped' || command.check <= state.checks) return [];
  const { monitorId, check, asOf, at, observation } = command;
  const events: Decided<MonitorEvent>[] = [];
  const before = state.last?.observation ?? null;
  if (!before || !sameObservation(before, observation)) {
    const changes = before ? changesBetween(before, observation) : [];
    events.push({
      key: [monitorId, 'observed', check],
      type: 'PolicyObserved',
      data: { check, as_of: asOf, at, observation, changes },
    });
    if (changes.length > 0) {
      events.push(
        due(monitorId, noticeId('policy.changed', `check-${check}`), { type: 'policy.changed', changes }, at),
      );
    }
    if (before?.period && observation.period && isRenewal(before, observation)) {
      const detail: NoticeDetail = {
        type: 'policy.renewed',
        previous_period: before.period,
        period: observation.period,
      };
      events.push(due(monitorId, noticeId('policy.renewed', observation.period.end), detail, at));
    }
  }
  for (const notice of calendarNotices(observation, asOf, settings.expiry_notice_days)) {
    if (!(notice.id in state.notices)) events.push(due(monitorId, notice.id, notice.detail, at));
  }
  // A check that saw nothing new and made nothing due is recorded nowhere: the stream grows with news only.
  return events;
}

/**
 * A notice sent again (the dashboard's resend): only once its own delivery has ended, one resend at a time (the
 * same resend asked again records nothing), never after the monitor's erasure, stopped or not.
 */
function resendNotice(
  state: MonitorState,
  { monitorId, noticeId: notice, resendId, at }: Extract<MonitorCommand, { type: 'ResendNotice' }>['data'],
): Decided<MonitorEvent>[] {
  if (state.erased) throw new MonitorRefused('monitor_erased', 'The monitor’s data has been erased.');
  const status = state.notices[notice];
  if (status === undefined) throw new MonitorRefused('notice_not_found', 'No such event of this monitor.');
  if (state.resending[notice] === resendId) return [];
  if (status === 'due' || state.resending[notice] !== undefined) {
    throw new MonitorRefused('notice_pending', 'This event is still being delivered.');
  }
  return [
    {
      key: [monitorId, 'notice-resent', notice, resendId],
      type: 'MonitorNoticeResent',
      data: { notice_id: notice, resend_id: resendId, at },
    },
  ];
}

function decide(command: MonitorCommand, state: MonitorState): Decided<MonitorEvent>[] {
  const id = command.data.monitorId;
  if (command.type === 'StartMonitor') {
    if (state.started) return [];
    const { monitorId: _, ...started } = command.data;
    return [{ key: [id, 'started'], type: 'MonitorStarted', data: started }];
  }
  if (!state.started) throw new MonitorRefused('monitor_not_found', 'No such monitor.');
  // A resend's late attempt after the erasure: nothing of it is kept (its stream's key is gone).
  if (state.erased && (command.type === 'RecordNoticeAttempt' || command.type === 'RecordNoticeSent')) return [];
  if (command.type === 'RecordNoticeAttempt') {
    const { noticeId: notice, monitorId: _, resendId, ...attempt } = command.data;
    const delivery = { jobId: id, deliveryId: noticeDeliveryId(id, notice, resendId), ...attempt };
    return recordAttempt(delivery).filter(
      (e): e is Decided<MonitorEvent> & { type: 'WebhookAttempted' } => e.type === 'WebhookAttempted',
    );
  }
  const at = command.data.at;
  switch (command.type) {
    case 'RecordCheck':
      return recordCheck(state, command.data);
    case 'RecordNoticeSent': {
      const { noticeId: notice, delivered, attempts, resendId } = command.data;
      if (resendId === undefined) {
        if (state.notices[notice] !== 'due') return [];
        const data = { notice_id: notice, delivered, attempts, at };
        return [{ key: [id, 'notice-sent', notice], type: 'MonitorNoticeSent', data }];
      }
      if (state.resending[notice] !== resendId) return [];
      const data = { notice_id: notice, delivered, attempts, at, resend_id: resendId };
      return [{ key: [id, 'notice-resent', notice, resendId, 'end'], type: 'MonitorNoticeSent', data }];
    }
    case 'ResendNotice':
      return resendNotice(state, command.data);
    case 'PauseMonitor': {
      if (state.status !== 'active') return [];
      const pause = state.pauses + 1;
      return [
        { key: [id, 'paused', pause], type: 'MonitorPaused', data: { reason: 'insufficient_credits', pause, at } },
        due(
          id,
          noticeId('monitor.paused', String(pause)),
          { type: 'monitor.paused', reason: 'insufficient_credits' },
          at,
        ),
      ];
    }
    case 'ResumeMonitor':
      return state.status === 'paused'
        ? [{ key: [id, 'resumed', state.pauses], type: 'MonitorResumed', data: { pause: state.pauses, at } }]
        : [];
    case 'ChangeMonitor': {
      if (state.status === 'stopped') throw new MonitorRefused('monitor_stopped', 'The monitor has stopped.');
      const change = state.changes + 1;
      return [
        { key: [id, 'changed', change], type: 'MonitorChanged', data: { change, settings: command.data.settings, at } },
      ];
    }
    case 'StopMonitor': {
      if (state.status === 'stopped') return [];
      const reason = command.data.reason;
      return [
        { key: [id, 'stopped'], type: 'MonitorStopped', data: { reason, at } },
        due(id, noticeId('monitor.stopped', null), { type: 'monitor.stopped', reason }, at),
      ];
    }
    case 'RecordCharge': {
      // Once a month: a retried charge (the ledger's reservation is the same) records nothing again.
      const { period, credits } = command.data;
      if (state.charged !== null && state.charged >= period) return [];
      return [{ key: [id, 'charged', period], type: 'MonitorCharged', data: { period, credits, at } }];
    }
    case 'EraseMonitor':
      if (state.status !== 'stopped') throw new MonitorRefused('monitor_active', 'The monitor has not stopped.');
      return state.erased
        ? []
        : [{ key: [id, 'erased'], type: 'MonitorErased', data: { reason: command.data.reason, at } }];
    default:
      return unreachable(command);
  }
}

function evolve(state: MonitorState, event: MonitorEvent): MonitorState {
  switch (event.type) {
    case 'MonitorStarted': {
      if (state.started) return state;
      const { webhook_url, expiry_notice_days, frequency, metadata, ...started } = event.data;
      return { ...state, started, settings: { webhook_url, expiry_notice_days, frequency, metadata } };
    }
    case 'PolicyObserved':
      return {
        ...state,
        last: { check: event.data.check, observation: event.data.observation },
        checks: Math.max(state.checks, event.data.check),
      };
    case 'MonitorNoticeDue':
      return event.data.notice_id in state.notices
        ? state
        : { ...state, notices: { ...state.notices, [event.data.notice_id]: 'due' } };
    case 'MonitorNoticeSent': {
      const notice = event.data.notice_id;
      const notices = { ...state.notices, [notice]: event.data.delivered ? ('sent' as const) : ('abandoned' as const) };
      if (event.data.resend_id === undefined) return { ...state, notices };
      if (state.resending[notice] !== event.data.resend_id) return state;
      const { [notice]: _, ...resending } = state.resending;
      return { ...state, notices, resending };
    }
    case 'MonitorNoticeResent':
      return { ...state, resending: { ...state.resending, [event.data.notice_id]: event.data.resend_id } };
    case 'MonitorPaused':
      return { ...state, status: 'paused', pauses: Math.max(state.pauses, event.data.pause) };
    case 'MonitorResumed':
      return state.status === 'paused' ? { ...state, status: 'active' } : state;
    case 'MonitorChanged':
      return {
        ...state,
        changes: Math.max(state.changes, event.data.change),
        settings: state.settings ? { ...state.settings, ...event.data.settings } : state.settings,
      };
    case 'MonitorStopped':
      return { ...state, status: 'stopped' };
    case 'MonitorCharged':
      return state.charged !== null && state.charged >= event.data.period
        ? state
        : { ...state, charged: event.data.period };
    case 'MonitorErased':
      return { ...state, erased: true };
    case 'WebhookAttempted':
      return state;
    default:
      return unreachable(event);
  }
}

/** The monitor's decider (domain/decider.ts). */
export const monitorDecider: Decider<MonitorState, MonitorCommand, Decided<MonitorEvent>, MonitorEvent> = {
  decide,
  evolve,
  initialState: () => initialMonitorState,
};

/** The notices made due and not yet sent or abandoned, in the order they became due. */
export const noticesPending = (state: MonitorState): string[] =>
  Object.entries(state.notices)
    .filter(([, status]) => status === 'due')
    .map(([id]) => id);
