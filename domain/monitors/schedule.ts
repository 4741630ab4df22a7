// How often a monitor checks, and the dates its checks read as of.

export const MONITOR_FREQUENCIES = ['daily', 'weekly', 'minutely'] as const;
export type MonitorFrequency = (typeof MONITOR_FREQUENCIES)[number];

/** Only test keys may ask for `minutely`: a sandbox story plays out in minutes, a live registry is not polled so. */
export const LIVE_FREQUENCIES: readonly MonitorFrequency[] = ['daily', 'weekly'];

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export const FREQUENCY_MS: Record<MonitorFrequency, number> = { minutely: MINUTE, daily: DAY, weekly: 7 * DAY };

export const DEFAULT_EXPIRY_NOTICE_DAYS = 30;
export const MAX_EXPIRY_NOTICE_DAYS = 90;

/**
 * A sandbox check moves its policy's clock on by three days, whatever the frequency: at `minutely` a policy's
 * last month, its end and its renewal then pass in about a quarter of an hour.
 */
export const SANDBOX_DAYS_PER_CHECK = 3;

/** YYYY-MM-DD of a time, in UTC. */
export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** A YYYY-MM-DD date moved by whole days. */
export function addDays(day: string, days: number): string {
  return dayOf(Date.parse(`${day}T00:00:00Z`) + days * DAY);
}

/** The first instant of the calendar month (UTC) after the one `ms` is in: when a paused monitor's month's credits come. */
export function nextMonthStart(ms: number): number {
  const at = new Date(ms);
  return Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1);
}
