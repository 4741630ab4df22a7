// Calendar dates as YYYY-MM-DD strings, computed in UTC so no time zone moves a day.

const DAY_MS = 86_400_000;

const toUtc = (date: string): number => {
  const [year, month, day] = [Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))];
  // Date.UTC reads years 0 to 99 as 1900 to 1999.
  return year < 100 ? new Date(0).setUTCFullYear(year, month, day) : Date.UTC(year, month, day);
};

export const fromUtc = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/**
 * A real calendar date (2023-02-30 is not) from 0001-01-01 to 9999-12-31: every date a caller may give. JavaScript
 * takes year 0000 (1 BC), which PostgreSQL has no such date for (22008), and four digits end at 9999.
 */
export function isIsoDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || text.startsWith('0000')) return false;
  return fromUtc(toUtc(text)) === text;
}

/** What a caller is told when a date parameter is not one isIsoDate takes. */
export const dateError = (name: string) => `${name} must be a date, YYYY-MM-DD, from 0001-01-01 to 9999-12-31.`;

/** The UTC calendar date of an instant. */
export const dateOf = (instant: Date): string => instant.toISOString().slice(0, 10);

export const addDays = (date: string, days: number): string => fromUtc(toUtc(date) + days * DAY_MS);

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => Math.round((toUtc(to) - toUtc(from)) / DAY_MS);

export function lastDayOfMonth(year: number, month: number): string {
  return fromUtc(Date.UTC(year, month, 0));
}

/**
 * Calendar months later, keeping the day where the month has it and the month's last day otherwise
 * (2024-01-31 + 1 month = 2024-02-29), so month-end series stay on month ends.
 */
export function addMonths(date: string, months: number): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7)) - 1 + months;
  const day = Number(date.slice(8, 10));
  const targetYear = year + Math.floor(month / 12);
  const targetMonth = ((month % 12) + 12) % 12;
  const last = Number(lastDayOfMonth(targetYear, targetMonth + 1).slice(8, 10));
  const wasMonthEnd = day === Number(lastDayOfMonth(year, Number(date.slice(5, 7))).slice(8, 10));
  return fromUtc(Date.UTC(targetYear, targetMonth, wasMonthEnd ? last : Math.min(day, last)));
}
