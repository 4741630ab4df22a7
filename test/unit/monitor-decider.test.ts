// The monitor's decider (issue 55, item 3): given a monitor's events, when a check, a delivery's end, a pause, a
// change or a stop is decided, then these events (what changed field by field, which notice is due, each once per
// occurrence), or this refusal.
import { describe, expect, it } from 'vitest';
import {
  monitorDecider,
  MonitorRefused,
  noticesPending,
  type MonitorCommand,
  type MonitorEvent,
} from '../../domain/monitors/monitor.js';
import type { Change, Observation } from '../../domain/monitors/observation.js';
import { sandboxDay, sandboxObservation } from '../../domain/monitors/sandbox.js';
import type { Decided } from '../../domain/streams.js';
import { decider } from '../support/decider.js';

const monitor = decider(monitorDecider);

const at = '2027-01-01T00:00:00.000Z';
const started: Decided<MonitorEvent> = {
  key: ['mon_1', 'started'],
  type: 'MonitorStarted',
  data: {
    account_id: 'acct_1',
    key_id: 'key_1',
    mode: 'live',
    request: { policy_number: 'AXK12345678', country: 'UK', insurance_type: 'motor' },
    idempotency_key: null,
    request_hash: 'h',
    at,
    webhook_url: 'https://hooks.example/m',
    expiry_notice_days: 30,
    frequency: 'daily',
    metadata: { loan: 'L-1' },
  },
};
const period = { start: '2026-06-01', end: '2027-05-31' };
const seen: Observation = {
  status: 'active',
  insurer: 'AXA Insurance UK plc',
  period,
  vehicle: 'AB12 CDE',
};
const check = (n: number, asOf: string, observation: Observation): MonitorCommand => ({
  type: 'RecordCheck',
  data: { monitorId: 'mon_1', check: n, asOf, at, observation },
});
const observed = (
  n: number,
  asOf: string,
  observation: Observation,
  changes: Change[] = [],
): Decided<MonitorEvent> => ({
  key: ['mon_1', 'observed', n],
  type: 'PolicyObserved',
  data: { check: n, as_of: asOf, at, observation, changes },
});
const fold = (events: readonly Decided<MonitorEvent>[]) =>
  events.reduce(monitorDecider.evolve, monitorDecider.initialState());

describe('a check', () => {
  it('records the first answer as a baseline, with no change and no notice', () => {
    monitor
      .given([started])
      .when(check(0, '2027-01-01', seen))
      .then([observed(0, '2027-01-01', seen)]);
  });

  it('records nothing when the answer is the one last seen and nothing is due', () => {
    monitor
      .given([started, observed(0, '2027-01-01', seen)])
      .when(check(1, '2027-01-02', seen))
      .thenNothing();
  });

  it('lists what changed field by field and makes policy.changed due for that check', () => {
    const now: Observation = { ...seen, status: 'cancelled', insurer: 'Aviva Insurance Limited', vehicle: 'XY99 ZZZ' };
    const changes: Change[] = [
      { field: 'status', from: 'active', to: 'cancelled' },
      { field: 'insurer', from: 'AXA Insurance UK plc', to: 'Aviva Insurance Limited' },
      { field: 'vehicle', from: 'AB12 CDE', to: 'XY99 ZZZ' },
    ];
    monitor
      .given([started, observed(0, '2027-01-01', seen)])
      .when(check(4, '2027-01-05', now))
      .then([
        observed(4, '2027-01-05', now, changes),
        {
          key: ['mon_1', 'notice', 'policy.changed:check-4'],
          type: 'MonitorNoticeDue',
          data: {
            notice_id: 'policy.changed:check-4',
            type: 'policy.changed',
            detail: { type: 'policy.changed', changes },
            at,
          },
        },
      ]);
  });

  it('reads a period moved other than by a renewal as a change of period', () => {
    const now: Observation = { ...seen, period: { start: '2026-06-01', end: '2027-02-28' } };
    monitor
      .given([started, observed(0, '2027-01-01', seen)])
      .when(check(1, '2027-01-02', now))
      .then([
        observed(1, '2027-01-02', now, [
          { field: 'period', from: '2026-06-01/2027-05-31', to: '2026-06-01/2027-02-28' },
        ]),
        expect.objectContaining({
          type: 'MonitorNoticeDue',
          data: expect.objectContaining({ notice_id: 'policy.changed:check-1' }),
        }),
      ]);
  });

  it('makes policy.expiring due once per period, expiry_notice_days before its end', () => {
    const given = [started, observed(0, '2027-01-01', seen)];
    monitor
      .given(given)
      .when(check(1, '2027-04-30', seen))
      .thenNothing();
    const expiring = {
      key: ['mon_1', 'notice', 'policy.expiring:2027-05-31'],
      type: 'MonitorNoticeDue',
      data: {
        notice_id: 'policy.expiring:2027-05-31',
        type: 'policy.expiring',
        detail: { type: 'policy.expiring', period, days_left: 30 },
        at,
      },
    };
    monitor
      .given(given)
      .when(check(1, '2027-05-01', seen))
      .then([expiring as Decided<MonitorEvent>]);
    monitor
      .given([...given, expiring as Decided<MonitorEvent>])
      .when(check(2, '2027-05-02', seen))
      .thenNothing();
  });

  it('makes policy.expired due the day after the end while no renewal is seen, once', () => {
    const given = [started, observed(0, '2027-01-01', seen)];
    monitor
      .given(given)
      .when(check(1, '2027-05-31', seen))
      .then([expect.objectContaining({ data: expect.objectContaining({ notice_id: 'policy.expiring:2027-05-31' }) })]);
    const expired = monitor.given(given).when(check(1, '2027-06-01', seen));
    expired.then([
      {
        key: ['mon_1', 'notice', 'policy.expired:2027-05-31'],
        type: 'MonitorNoticeDue',
        data: {
          notice_id: 'policy.expired:2027-05-31',
          type: 'policy.expired',
          detail: { type: 'policy.expired', period },
          at,
        },
      },
    ]);
    const after = fold([...given, ...monitorDecider.decide(check(1, '2027-06-01', seen), fold(given))]);
    expect(monitorDecider.decide(check(2, '2027-06-02', seen), after)).toEqual([]);
  });

  it('says nothing of the calendar for a cancelled policy', () => {
    const cancelled: Observation = { ...seen, status: 'cancelled' };
    monitor
      .given([started, observed(0, '2027-01-01', cancelled)])
      .when(check(1, '2027-06-05', cancelled))
      .thenNothing();
  });

  it('makes policy.renewed due for a new period, listing only the other fields as changes', () => {
    const renewed: Observation = { ...seen, period: { start: '2027-06-01', end: '2028-05-31' } };
    monitor
      .given([started, observed(0, '2027-01-01', seen)])
      .when(check(1, '2027-05-01', renewed))
      .then([
        observed(1, '2027-05-01', renewed, []),
        {
          key: ['mon_1', 'notice', 'policy.renewed:2028-05-31'],
          type: 'MonitorNoticeDue',
          data: {
            notice_id: 'policy.renewed:2028-05-31',
            type: 'policy.renewed',
            detail: {
              type: 'policy.renewed',
              previous_period: period,
              period: { start: '2027-06-01', end: '2028-05-31' },
            },
            at,
          },
        },
      ]);
  });

  it('changes nothing when a check already recorded is decided again (a retry, a replay)', () => {
    const now: Observation = { ...seen, status: 'cancelled' };
    const first = monitorDecider.decide(check(3, '2027-01-04', now), fold([started, observed(0, '2027-01-01', seen)]));
    monitor
      .given([started, observed(0, '2027-01-01', seen), ...first])
      .when(check(3, '2027-01-04', now))
      .thenNothing();
  });

  it('is refused for a monitor never started, and ignored once stopped', () => {
    monitor
      .given([])
      .when(check(0, '2027-01-01', seen))
      .thenThrows((e) => e instanceof MonitorRefused && e.code === 'monitor_not_found');
    const stopped: Decided<MonitorEvent> = { type: 'MonitorStopped', data: { reason: 'deleted', at } };
    monitor
      .given([started, stopped])
      .when(check(0, '2027-01-01', seen))
      .thenNothing();
  });
});

describe('the notices', () => {
  const changed: Decided<MonitorEvent> = {
    type: 'MonitorNoticeDue',
    data: {
      notice_id: 'policy.changed:check-1',
      type: 'policy.changed',
      detail: { type: 'policy.changed', changes: [] },
      at,
    },
  };
  const sent = (delivered: boolean): MonitorCommand => ({
    type: 'RecordNoticeSent',
    data: { monitorId: 'mon_1', noticeId: 'policy.changed:check-1', delivered, attempts: 2, at },
  });

  it('records a due notice sent once, and is pending until then', () => {
    expect(noticesPending(fold([started, changed]))).toEqual(['policy.changed:check-1']);
    const record = {
      key: ['mon_1', 'notice-sent', 'policy.changed:check-1'],
      type: 'MonitorNoticeSent' as const,
      data: { notice_id: 'policy.changed:check-1', delivered: true, attempts: 2, at },
    };
    monitor.given([started, changed]).when(sent(true)).then([record]);
    monitor.given([started, changed, record]).when(sent(true)).thenNothing();
    expect(noticesPending(fold([started, changed, record]))).toEqual([]);
  });

  it('records nothing for a notice never made due', () => {
    monitor.given([started]).when(sent(true)).thenNothing();
  });

  describe('sent again from the dashboard', () => {
    const notice = 'policy.changed:check-1';
    const abandoned: Decided<MonitorEvent> = {
      type: 'MonitorNoticeSent',
      data: { notice_id: notice, delivered: false, attempts: 9, at },
    };
    const resend = (resendId: string, noticeId = notice): MonitorCommand => ({
      type: 'ResendNotice',
      data: { monitorId: 'mon_1', noticeId, resendId, at },
    });
    const resent = (resendId: string): Decided<MonitorEvent> => ({
      key: ['mon_1', 'notice-resent', notice, resendId],
      type: 'MonitorNoticeResent',
      data: { notice_id: notice, resend_id: resendId, at },
    });
    const resendEnded = (resendId: string, delivered: boolean): MonitorCommand => ({
      type: 'RecordNoticeSent',
      data: { monitorId: 'mon_1', noticeId: notice, delivered, attempts: 1, at, resendId },
    });

    it('starts a resend once the delivery has ended, never while it runs, and not for a notice never due', () => {
      monitor
        .given([started, changed, abandoned])
        .when(resend('r1'))
        .then([resent('r1')]);
      monitor
        .given([started, changed])
        .when(resend('r1'))
        .thenThrows((e) => e instanceof MonitorRefused && e.code === 'notice_pending');
      monitor
        .given([started, changed, abandoned])
        .when(resend('r1', 'policy.renewed:2028-05-31'))
        .thenThrows((e) => e instanceof MonitorRefused && e.code === 'notice_not_found');
    });

    it('takes the same resend again as done, refuses a second one while the first runs, and allows one after', () => {
      monitor
        .given([started, changed, abandoned, resent('r1')])
        .when(resend('r1'))
        .thenNothing();
      monitor
        .given([started, changed, abandoned, resent('r1')])
        .when(resend('r2'))
        .thenThrows((e) => e instanceof MonitorRefused && e.code === 'notice_pending');
      const ended = monitorDecider.decide(resendEnded('r1', true), fold([started, changed, abandoned, resent('r1')]));
      expect(ended).toEqual([
        {
          key: ['mon_1', 'notice-resent', notice, 'r1', 'end'],
          type: 'MonitorNoticeSent',
          data: { notice_id: notice, delivered: true, attempts: 1, at, resend_id: 'r1' },
        },
      ]);
      const after = [started, changed, abandoned, resent('r1'), ...ended];
      expect(fold(after).notices[notice]).toBe('sent');
      expect(fold(after).resending).toEqual({});
      // Its end once: a retried record of it, or another resend's, records nothing; the monitor's pending list
      // never holds a resent notice (the monitor's workflow does not deliver it).
      monitor.given(after).when(resendEnded('r1', true)).thenNothing();
      monitor.given(after).when(resendEnded('r9', true)).thenNothing();
      expect(noticesPending(fold([started, changed, abandoned, resent('r1')]))).toEqual([]);
      monitor
        .given(after)
        .when(resend('r2'))
        .then([resent('r2')]);
    });

    it('records its attempts under a delivery of its own, and nothing of it once the monitor is erased', () => {
      const attempt = (resendId?: string): MonitorCommand => ({
        type: 'RecordNoticeAttempt',
        data: {
          monitorId: 'mon_1',
          noticeId: notice,
          ...(resendId ? { resendId } : {}),
          attempt: 1,
          status: 204,
          outcome: 'delivered',
          reason: null,
        },
      });
      const ofResend = monitorDecider.decide(attempt('r1'), fold([started, changed, abandoned, resent('r1')]));
      const ofFirst = monitorDecider.decide(attempt(), fold([started, changed]));
      expect(ofResend[0]!.data).toMatchObject({ delivery_id: `mon_1/${notice}/r1`, attempt: 1 });
      expect(ofFirst[0]!.data).toMatchObject({ delivery_id: `mon_1/${notice}`, attempt: 1 });
      expect(ofResend[0]!.key).not.toEqual(ofFirst[0]!.key);
      const stopped: Decided<MonitorEvent> = { type: 'MonitorStopped', data: { reason: 'account_closed', at } };
      const erased: Decided<MonitorEvent> = { type: 'MonitorErased', data: { reason: 'account_closed', at } };
      const gone = [started, changed, abandoned, resent('r1'), stopped, erased];
      monitor.given(gone).when(attempt('r1')).thenNothing();
      monitor.given(gone).when(resendEnded('r1', true)).thenNothing();
      monitor
        .given([started, changed, abandoned, stopped, erased])
        .when(resend('r2'))
        .thenThrows((e) => e instanceof MonitorRefused && e.code === 'monitor_erased');
    });
  });
});

describe('pauses, changes and the stop', () => {
  it('pauses an active monitor with monitor.paused due for that pause, and resumes it', () => {
    const pause: MonitorCommand = { type: 'PauseMonitor', data: { monitorId: 'mon_1', at } };
    const paused = monitor.given([started]).when(pause);
    paused.then([
      { key: ['mon_1', 'paused', 1], type: 'MonitorPaused', data: { reason: 'insufficient_credits', pause: 1, at } },
      {
        key: ['mon_1', 'notice', 'monitor.paused:1'],
        type: 'MonitorNoticeDue',
        data: {
          notice_id: 'monitor.paused:1',
          type: 'monitor.paused',
          detail: { type: 'monitor.paused', reason: 'insufficient_credits' },
          at,
        },
      },
    ]);
    const events = monitorDecider.decide(pause, fold([started]));
    monitor
      .given([started, ...events])
      .when(pause)
      .thenNothing();
    monitor
      .given([started, ...events])
      .when({ type: 'ResumeMonitor', data: { monitorId: 'mon_1', at } })
      .then([{ key: ['mon_1', 'resumed', 1], type: 'MonitorResumed', data: { pause: 1, at } }]);
    monitor
      .given([started])
      .when({ type: 'ResumeMonitor', data: { monitorId: 'mon_1', at } })
      .thenNothing();
  });

  it('takes new settings, numbered, and the next check reads them', () => {
    const change: MonitorCommand = {
      type: 'ChangeMonitor',
      data: { monitorId: 'mon_1', settings: { expiry_notice_days: 60, webhook_url: 'https://hooks.example/new' }, at },
    };
    const decided = monitorDecider.decide(change, fold([started]));
    expect(decided).toEqual([
      { key: ['mon_1', 'changed', 1], type: 'MonitorChanged', data: { change: 1, settings: change.data.settings, at } },
    ]);
    const state = fold([started, ...decided]);
    expect(state.settings).toEqual({
      ...state.settings,
      expiry_notice_days: 60,
      webhook_url: 'https://hooks.example/new',
    });
    // 60 days' notice: due on 1 April for a period ending 31 May.
    monitor
      .given([started, ...decided, observed(0, '2027-01-01', seen)])
      .when(check(1, '2027-04-01', seen))
      .then([expect.objectContaining({ data: expect.objectContaining({ notice_id: 'policy.expiring:2027-05-31' }) })]);
  });

  it('stops once with its reason and monitor.stopped due, and refuses changes after', () => {
    const stop: MonitorCommand = { type: 'StopMonitor', data: { monitorId: 'mon_1', reason: 'account_closed', at } };
    const decided = monitorDecider.decide(stop, fold([started]));
    expect(decided).toEqual([
      { key: ['mon_1', 'stopped'], type: 'MonitorStopped', data: { reason: 'account_closed', at } },
      {
        key: ['mon_1', 'notice', 'monitor.stopped'],
        type: 'MonitorNoticeDue',
        data: {
          notice_id: 'monitor.stopped',
          type: 'monitor.stopped',
          detail: { type: 'monitor.stopped', reason: 'account_closed' },
          at,
        },
      },
    ]);
    monitor
      .given([started, ...decided])
      .when(stop)
      .thenNothing();
    monitor
      .given([started, ...decided])
      .when({ type: 'ChangeMonitor', data: { monitorId: 'mon_1', settings: { expiry_notice_days: 1 }, at } })
      .thenThrows((e) => e instanceof MonitorRefused && e.code === 'monitor_stopped');
  });
});

describe('credits and erasure', () => {
  const charge = (period: string): MonitorCommand => ({
    type: 'RecordCharge',
    data: { monitorId: 'mon_1', period, credits: 5, at },
  });
  const charged = (period: string): Decided<MonitorEvent> => ({
    key: ['mon_1', 'charged', period],
    type: 'MonitorCharged',
    data: { period, credits: 5, at },
  });

  it('records each month charged once: a retried charge, or one for a month already paid, records nothing', () => {
    monitor
      .given([started])
      .when(charge('2027-01'))
      .then([charged('2027-01')]);
    monitor
      .given([started, charged('2027-01')])
      .when(charge('2027-01'))
      .thenNothing();
    monitor
      .given([started, charged('2027-02')])
      .when(charge('2027-01'))
      .thenNothing();
    monitor
      .given([started, charged('2027-01')])
      .when(charge('2027-02'))
      .then([charged('2027-02')]);
    expect(fold([started, charged('2027-02'), charged('2027-01')]).charged).toBe('2027-02');
  });

  it('erases a stopped monitor once, and refuses to erase one still watching', () => {
    const erase: MonitorCommand = { type: 'EraseMonitor', data: { monitorId: 'mon_1', reason: 'account_closed', at } };
    const stopped: Decided<MonitorEvent> = {
      key: ['mon_1', 'stopped'],
      type: 'MonitorStopped',
      data: { reason: 'account_closed', at },
    };
    const erased: Decided<MonitorEvent> = {
      key: ['mon_1', 'erased'],
      type: 'MonitorErased',
      data: { reason: 'account_closed', at },
    };
    monitor
      .given([started])
      .when(erase)
      .thenThrows((e) => e instanceof MonitorRefused && e.code === 'monitor_active');
    monitor.given([started, stopped]).when(erase).then([erased]);
    monitor.given([started, stopped, erased]).when(erase).thenNothing();
  });
});

describe('the sandbox stories', () => {
  /** Every notice a sandbox monitor makes due over `checks` checks, in order. */
  function story(policyNumber: string, checks: number): string[] {
    let state = fold([started]);
    const ids: string[] = [];
    for (let n = 0; n < checks; n++) {
      const command = check(n, sandboxDay('2027-01-01', n), sandboxObservation(policyNumber, '2027-01-01', n));
      for (const event of monitorDecider.decide(command, state)) {
        if (event.type === 'MonitorNoticeDue') ids.push(`${n}:${event.data.type}`);
        state = monitorDecider.evolve(state, event);
      }
    }
    return ids;
  }

  it('tells each story in a quarter of an hour of minutely checks', () => {
    expect(story('MONITOR_CANCEL_1', 15)).toEqual(['1:policy.changed']);
    expect(story('MONITOR_INSURER_1', 15)).toEqual(['3:policy.changed']);
    expect(story('MONITOR_RENEW_1', 15)).toEqual(['2:policy.expiring', '13:policy.expired', '14:policy.renewed']);
    expect(story('MONITOR_STORY_1', 15)).toEqual([
      '1:policy.changed',
      '2:policy.expiring',
      '13:policy.expired',
      '14:policy.renewed',
    ]);
    expect(story('SANDBOX_PLAIN', 15)).toEqual([]);
  });
});
