import type { Observation } from './observation.js';
import { addDays, SANDBOX_DAYS_PER_CHECK } from './schedule.js';
import { SANDBOX_INSURER } from '../verification/sandbox.js';

// The sandbox's monitored policies (docs: "Watching a policy"): the start of the policy number chooses a story
// told in checks, so that a developer with a test key sees every webhook at the `minutely` frequency in a quarter
// of an hour. Dates count from the day the monitor started; each check is SANDBOX_DAYS_PER_CHECK days later.

export const SANDBOX_STORIES = {
  /** Cancelled from the second check: `policy.changed` (status active -> cancelled). */
  MONITOR_CANCEL_: 'cancelled at the second check',
  /** Its insurer changes at the fourth check: `policy.changed` (insurer). */
  MONITOR_INSURER_: 'insurer changes at the fourth check',
  /** Ends on day 36: `policy.expiring` (check 2 with 30 days' notice), `policy.expired` (13), `policy.renewed` (14). */
  MONITOR_RENEW_: 'nears its end, expires, then renews',
  /** The insurer change at the second check, then the renewal's story: every policy webhook in order. */
  MONITOR_STORY_: 'changes insurer, nears its end, expires, renews',
} as const;

const OTHER_INSURER = 'Sandbox Mutual Assurance';
const END_DAY = 36;
const RENEWAL_SEEN_DAY = 42;

/** What the sandbox registry answers for `policyNumber` at check `check` of a monitor started on `startDay`. */
export function sandboxObservation(policyNumber: string, startDay: string, check: number): Observation {
  const day = check * SANDBOX_DAYS_PER_CHECK;
  const on = (offset: number) => addDays(startDay, offset);
  const base: Observation = {
    status: 'active',
    insurer: SANDBOX_INSURER.name,
    period: { start: on(-100), end: on(265) },
    vehicle: 'SB12 OXQ',
  };
  const has = (prefix: keyof typeof SANDBOX_STORIES) => policyNumber.startsWith(prefix);
  if (policyNumber.startsWith('FAIL_')) return { status: 'not_found', insurer: null, period: null, vehicle: null };
  if (has('MONITOR_CANCEL_')) return check >= 1 ? { ...base, status: 'cancelled' } : base;
  if (has('MONITOR_INSURER_')) return check >= 3 ? { ...base, insurer: OTHER_INSURER } : base;
  if (has('MONITOR_RENEW_') || has('MONITOR_STORY_')) {
    const insurer = has('MONITOR_STORY_') && check >= 1 ? OTHER_INSURER : base.insurer;
    const period =
      day >= RENEWAL_SEEN_DAY
        ? { start: on(END_DAY + 1), end: on(END_DAY + 365) }
        : { start: on(END_DAY - 364), end: on(END_DAY) };
    return { ...base, insurer, period };
  }
  return base;
}

/** The date a sandbox check reads as of. */
export const sandboxDay = (startDay: string, check: number): string =>
  addDays(startDay, check * SANDBOX_DAYS_PER_CHECK);
