// The monitors read model's fold (projections/monitor-record.ts): the row and the schedule it shows as last and
// next check, the same for the projector and a checked read's fold.
import { describe, expect, it } from 'vitest';
import type { MonitorEvent } from '../../domain/monitors/monitor.js';
import type { Recorded } from '../../domain/streams.js';
import { checkTimes, evolveMonitorRow, publicMonitor, timelineEntry } from '../../projections/monitor-record.js';

const DAY = 86_400_000;
const T0 = Date.parse('2026-03-01T09:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const rec = (event: MonitorEvent, at = T0): Recorded<MonitorEvent> => ({ ...event, created: new Date(at) }) as never;
const observation = {
  status: 'active' as const,
  insurer: 'Sandbox Insurance Ltd',
  period: { start: '2026-01-01', end: '2026-12-31' },
  vehicle: null,
};
const started = rec({
  type: 'MonitorStarted',
  data: {
    account_id: 'a',
    key_id: 'k',
    mode: 'live',
    request: { policy_number: 'AXK1', country: 'UK', insurance_type: 'motor' },
    idempotency_key: null,
    request_hash: 'h',
    at: iso(T0),
    webhook_url: 'https://x.example/h',
    expiry_notice_days: 30,
    frequency: 'daily',
    metadata: {},
  },
});
const fold = (events: Recorded<MonitorEvent>[]) =>
  events.reduce<ReturnType<typeof evolveMonitorRow>>((row, e) => evolveMonitorRow(row, e, 'mon_1'), null)!;

describe('a monitor row', () => {
  it('checks once a day from its start: last and next check follow the schedule', () => {
    const row = fold([
      started,
      rec({
        type: 'PolicyObserved',
        data: { check: 0, as_of: '2026-03-01', at: iso(T0 + 500), observation, changes: [] },
      }),
    ]);
    expect(checkTimes(row, T0 + 1000)).toEqual({ last_check_at: iso(T0 + 500), next_check_at: iso(T0 + DAY) });
    // Three days on, checks that saw nothing new were recorded nowhere: the schedule says when they were.
    expect(checkTimes(row, T0 + 3 * DAY + 60_000)).toEqual({
      last_check_at: iso(T0 + 3 * DAY),
      next_check_at: iso(T0 + 4 * DAY),
    });
    expect(publicMonitor(row, T0 + 1000)).toMatchObject({ status: 'active', policy: { as_of: '2026-03-01' } });
  });

  it('counts a new frequency’s first interval from its change, and stops scheduling once stopped', () => {
    const changedAt = T0 + 2 * DAY + 3_600_000;
    const row = fold([
      started,
      rec({ type: 'MonitorChanged', data: { change: 1, settings: { frequency: 'weekly' }, at: iso(changedAt) } }),
    ]);
    expect(row.frequency).toBe('weekly');
    expect(checkTimes(row, changedAt + 1000)).toEqual({
      last_check_at: iso(T0 + 2 * DAY),
      next_check_at: iso(changedAt + 7 * DAY),
    });
    const stopped = evolveMonitorRow(
      row,
      rec({ type: 'MonitorStopped', data: { reason: 'deleted', at: iso(changedAt + 5000) } }),
      'mon_1',
    )!;
    expect(checkTimes(stopped, changedAt + 30 * DAY).next_check_at).toBeNull();
    expect(publicMonitor(stopped, changedAt).stop_reason).toBe('deleted');
  });

  it('keeps the last change, and a renewal as news without a change', () => {
    const renewed = { ...observation, period: { start: '2027-01-01', end: '2027-12-31' } };
    const row = fold([
      started,
      rec({ type: 'PolicyObserved', data: { check: 0, as_of: '2026-03-01', at: iso(T0), observation, changes: [] } }),
      rec({
        type: 'PolicyObserved',
        data: { check: 9, as_of: '2026-03-10', at: iso(T0 + 9 * DAY), observation: renewed, changes: [] },
      }),
    ]);
    expect(row.last_change).toMatchObject({ check: 9, changes: [] });
    expect(row.last_seen?.observation?.period).toEqual(renewed.period);
  });

  it('keeps nothing personal once erased', () => {
    const row = fold([
      started,
      rec({ type: 'PolicyObserved', data: { check: 0, as_of: '2026-03-01', at: iso(T0), observation, changes: [] } }),
      rec({ type: 'MonitorStopped', data: { reason: 'deleted', at: iso(T0 + DAY) } }),
      rec({ type: 'MonitorErased', data: { reason: 'retention', at: iso(T0 + 31 * DAY) } }),
    ]);
    const shown = publicMonitor(row, T0 + 40 * DAY);
    expect(shown).toMatchObject({ request: {}, webhook_url: null, metadata: {}, policy: null });
    expect(shown.erased_at).toBe(iso(T0 + 31 * DAY));
    expect(JSON.stringify(row)).not.toMatch(/AXK1|x\.example|Sandbox Insurance/);
  });

  it('names each attempt’s notice in the timeline', () => {
    const entry = timelineEntry(
      rec({
        type: 'WebhookAttempted',
        data: {
          delivery_id: 'mon_1/policy.expiring:2026-12-31',
          attempt: 2,
          status: 500,
          outcome: 'retryable',
          reason: 'http_500',
        },
      } as MonitorEvent),
    );
    expect(entry).toMatchObject({
      type: 'notice_attempt',
      notice_id: 'policy.expiring:2026-12-31',
      attempt: 2,
      http_status: 500,
    });
    expect(entry).not.toHaveProperty('resend_id');
  });

  it('shows a resend, its attempts and its end in the timeline, and counts the notice once', () => {
    const notice = 'policy.changed:check-1';
    const events = [
      started,
      rec({
        type: 'MonitorNoticeDue',
        data: {
          notice_id: notice,
          type: 'policy.changed',
          detail: { type: 'policy.changed', changes: [] },
          at: iso(T0),
        },
      }),
      rec({ type: 'MonitorNoticeSent', data: { notice_id: notice, delivered: true, attempts: 1, at: iso(T0) } }),
      rec({ type: 'MonitorNoticeResent', data: { notice_id: notice, resend_id: 'run-9', at: iso(T0 + DAY) } }),
      rec({
        type: 'WebhookAttempted',
        data: { delivery_id: `mon_1/${notice}/run-9`, attempt: 1, status: 204, outcome: 'delivered', reason: null },
      } as MonitorEvent),
      rec({
        type: 'MonitorNoticeSent',
        data: { notice_id: notice, delivered: true, attempts: 1, at: iso(T0 + DAY), resend_id: 'run-9' },
      }),
    ];
    expect(events.slice(3).map(timelineEntry)).toMatchObject([
      { type: 'notice_resent', notice_id: notice, notice: 'policy.changed', resend_id: 'run-9' },
      { type: 'notice_attempt', notice_id: notice, resend_id: 'run-9', attempt: 1, http_status: 204 },
      { type: 'notice_sent', notice_id: notice, resend_id: 'run-9', delivered: true },
    ]);
    expect(fold(events).notices_sent).toBe(1);
  });
});
