// How up to date a dataset is, judged against its cadence and its publisher's usual delay.
import { addDays, addMonths, dateOf, daysBetween } from './dates.js';
import type { Cadence } from './types.js';

export type FreshnessStatus = 'fresh' | 'due' | 'overdue' | 'stale';

export interface Freshness {
  lastObservationDate: string | null;
  lastRefreshedAt: string | null;
  /** When the observation after the last one should be out: its date plus the publication lag. */
  nextExpectedDate: string | null;
  /** Whole days from the last observation's date to today (UTC). */
  ageDays: number | null;
  status: FreshnessStatus;
}

type Step = { days: number } | { months: number };

const later = (date: string, step: Step): string =>
  'days' in step ? addDays(date, step.days) : addMonths(date, step.months);

/**
 * The thresholds, per cadence. With E = last observation + one period + the dataset's publication lag:
 *
 *   fresh    today <  E                    nothing newer can be out yet
 *   due      E <= today < E + due          the next observation is being published about now
 *   overdue  E + due <= today < E + stale  it should be out and our copy has not caught up
 *   stale    today >= E + stale            several periods behind: the copy (or the series) has stopped
 *
 * `due` is one period, at least 3 days so a daily series is not overdue over a weekend; `stale` is three
 * periods, at least two weeks for the same reason.
 */
export const FRESHNESS_RULES: Record<Cadence, { period: Step; due: Step; stale: Step }> = {
  daily: { period: { days: 1 }, due: { days: 3 }, stale: { days: 14 } },
  weekly: { period: { days: 7 }, due: { days: 7 }, stale: { days: 21 } },
  monthly: { period: { months: 1 }, due: { months: 1 }, stale: { months: 3 } },
  quarterly: { period: { months: 3 }, due: { months: 3 }, stale: { months: 9 } },
  annual: { period: { months: 12 }, due: { months: 12 }, stale: { months: 36 } },
};

export interface FreshnessInput {
  cadence: Cadence;
  publicationLagDays: number;
  lastObservationDate: string | null;
  lastRefreshedAt: Date | null;
  now: Date;
}

export function freshness(input: FreshnessInput): Freshness {
  const lastRefreshedAt = input.lastRefreshedAt ? input.lastRefreshedAt.toISOString() : null;
  const last = input.lastObservationDate;
  if (!last)
    return { lastObservationDate: null, lastRefreshedAt, nextExpectedDate: null, ageDays: null, status: 'stale' };
  const rules = FRESHNESS_RULES[input.cadence];
  const today = dateOf(input.now);
  const expected = addDays(later(last, rules.period), input.publicationLagDays);
  const status: FreshnessStatus =
    today < expected
      ? 'fresh'
      : today < later(expected, rules.due)
        ? 'due'
        : today < later(expected, rules.stale)
          ? 'overdue'
          : 'stale';
  return {
    lastObservationDate: last,
    lastRefreshedAt,
    nextExpectedDate: expected,
    ageDays: daysBetween(last, today),
    status,
  };
}

export interface NextRelease {
  date: string;
  /** False only when the date comes from the publisher's release calendar. */
  estimated: boolean;
  basis: 'calendar' | 'cadence';
}

/**
 * The publisher's next release on or after today. From its release calendar when the catalogue has one;
 * otherwise estimated from the cadence and the usual publication lag: the first of "an observation date after
 * the last one, plus the lag" that is not in the past. Unlike next_expected_date, which names the release our
 * copy is waiting for, this moves on when the copy falls behind. Null for a series with no observations and no
 * calendar.
 */
export function nextRelease(input: {
  cadence: Cadence;
  publicationLagDays: number;
  lastObservationDate: string | null;
  releaseDates?: readonly string[] | undefined;
  now: Date;
}): NextRelease | null {
  const today = dateOf(input.now);
  const scheduled = input.releaseDates?.filter((date) => date >= today).sort()[0];
  if (scheduled) return { date: scheduled, estimated: false, basis: 'calendar' };
  const last = input.lastObservationDate;
  if (!last) return null;
  const period = FRESHNESS_RULES[input.cadence].period;
  // The k-th observation after the last: counted from the last each time so month ends stay month ends.
  const releaseOf = (k: number) =>
    addDays(
      'days' in period ? addDays(last, period.days * k) : addMonths(last, period.months * k),
      input.publicationLagDays,
    );
  // Jump close to today first, so a series decades behind takes a few steps, not thousands.
  const periodDays = 'days' in period ? period.days : period.months * 30.4375;
  let k = Math.max(1, Math.floor((daysBetween(last, today) - input.publicationLagDays) / periodDays) - 1);
  while (releaseOf(k) < today) k += 1;
  return { date: releaseOf(k), estimated: true, basis: 'cadence' };
}

/**
 * Why a dataset is behind, when the service can tell: the bundled snapshot is all there is (it never gains newer
 * observations), or the publisher's source is failing. Null when it is not behind, or when the publisher is late.
 */
export function behindReason(
  status: FreshnessStatus,
  source: { mode: 'live' | 'bundled'; lastError: string | null } | null,
  lastObservationDate: string | null,
): string | null {
  if (status === 'fresh' || status === 'due' || !source) return null;
  if (source.mode === 'bundled') {
    return `Only the bundled snapshot is loaded (DATASET_SOURCES=bundled), ${lastObservationDate ? `whose last observation is ${lastObservationDate}` : 'which holds no observation'}: it gains no newer ones. With DATASET_SOURCES=live the service refreshes it from the publisher.`;
  }
  return source.lastError
    ? `The publisher's source is failing (${source.lastError}); the last good data is served.`
    : null;
}
