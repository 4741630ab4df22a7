import type { Change, Observation, PolicyPeriod } from './observation.js';
import { addDays } from './schedule.js';

// The notices a monitor sends (its webhook events), each identified by its occurrence: the same occurrence makes
// the same id, so a check that is retried, restarted or seen again after a continue-as-new cannot make it twice.

export const NOTICE_TYPES = [
  'policy.changed',
  'policy.expiring',
  'policy.expired',
  'policy.renewed',
  'monitor.paused',
  'monitor.stopped',
] as const;
export type NoticeType = (typeof NOTICE_TYPES)[number];

export const STOP_REASONS = ['deleted', 'account_closed'] as const;
export type StopReason = (typeof STOP_REASONS)[number];

/** What a notice says besides its type; the webhook adds the monitor, its metadata and the policy's last sighting. */
export type NoticeDetail =
  | { type: 'policy.changed'; changes: Change[] }
  | { type: 'policy.expiring'; period: PolicyPeriod; days_left: number }
  | { type: 'policy.expired'; period: PolicyPeriod }
  | { type: 'policy.renewed'; previous_period: PolicyPeriod; period: PolicyPeriod }
  | { type: 'monitor.paused'; reason: 'insufficient_credits' }
  | { type: 'monitor.stopped'; reason: StopReason };

/**
 * `policy.changed:check-7`, `policy.expiring:2027-03-31` (the period's end), `policy.renewed:2028-03-31` (the new
 * end), `monitor.paused:2` (the second pause), `monitor.stopped`.
 */
export const noticeId = (type: NoticeType, occurrence: string | null): string =>
  occurrence === null ? type : `${type}:${occurrence}`;

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/**
 * The notices the calendar makes due on `asOf` for what the registry last said: `policy.expiring` from
 * `noticeDays` before the end to the end, `policy.expired` from the day after the end while no renewal is seen.
 * A cancelled or withdrawn policy has already ended: it neither nears its end nor expires.
 */
export function calendarNotices(
  observation: Observation,
  asOf: string,
  noticeDays: number,
): { id: string; detail: NoticeDetail }[] {
  const period = observation.period;
  if (!period || observation.status !== 'active') return [];
  if (asOf > period.end) {
    return [{ id: noticeId('policy.expired', period.end), detail: { type: 'policy.expired', period } }];
  }
  if (asOf >= addDays(period.end, -noticeDays)) {
    return [
      {
        id: noticeId('policy.expiring', period.end),
        detail: { type: 'policy.expiring', period, days_left: daysBetween(asOf, period.end) },
      },
    ];
  }
  return [];
}
