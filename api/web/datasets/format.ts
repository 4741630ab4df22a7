// Numbers and dates on the dataset pages as people read them: 4.46 trillion rather than 4,456,081,016,705.961,
// "Oct 2026" for a monthly observation, "26 Nov 2026, 12:42 UTC" for a refresh. The API keeps the exact values.
import type { Cadence } from '../../../domain/datasets/types.js';

const COMPACT = new Intl.NumberFormat('en-GB', {
  notation: 'compact',
  compactDisplay: 'long',
  maximumSignificantDigits: 3,
});
const WHOLE = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const TWO = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });
const SMALL = new Intl.NumberFormat('en-GB', { maximumSignificantDigits: 4 });

/** A value in a sentence or a card: millions and above in words, thousands whole, others to two decimals. */
export function formatValue(value: number): string {
  const size = Math.abs(value);
  if (size >= 1e6) return COMPACT.format(value);
  if (size >= 1000) return WHOLE.format(value);
  if (size >= 1 || size === 0) return TWO.format(value);
  return SMALL.format(value);
}

/** A value in a table of observations: exact enough to compare rows, never a run of 12 digits. */
export function formatTableValue(value: number): string {
  return Math.abs(value) >= 1e6 ? WHOLE.format(value) : formatValue(value);
}

const MONTH = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const TIME = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
});

/** An observation's date at its cadence: "2026" (annual), "Q4 2026", "Oct 2026", "1 Oct 2026" (daily, weekly). */
export function formatPeriod(date: string, cadence: Cadence): string {
  const at = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(at.getTime())) return date;
  if (cadence === 'annual') return String(at.getUTCFullYear());
  if (cadence === 'quarterly') return `Q${Math.floor(at.getUTCMonth() / 3) + 1} ${at.getUTCFullYear()}`;
  if (cadence === 'monthly') return MONTH.format(at);
  return DAY.format(at);
}

/** A calendar day: "1 Oct 2026". */
export const formatDay = (date: string): string => {
  const at = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(at.getTime()) ? date : DAY.format(at);
};

/** A moment: "26 Nov 2026, 12:42 UTC". */
export function formatMoment(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : `${DAY.format(at)}, ${TIME.format(at)} UTC`;
}
