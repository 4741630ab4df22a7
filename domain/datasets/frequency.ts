// Aggregating a series to a lower cadence (FRED's `frequency` and `aggregation_method`). Periods are dated at
// their start: weeks on Monday (ISO weeks), months on the 1st, quarters on 1 January, April, July and October,
// years on 1 January, whatever day the source dates its observations on.
import { addDays, addMonths, fromUtc } from './dates.js';
import type { Cadence, Point } from './types.js';

export const FREQUENCIES = ['weekly', 'monthly', 'quarterly', 'annual'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

export const AGGREGATION_METHODS = ['avg', 'sum', 'eop'] as const;
export type AggregationMethod = (typeof AGGREGATION_METHODS)[number];

/** Finest first: a series can be aggregated to its own cadence or any later one in this list. */
const ORDER: readonly Cadence[] = ['daily', 'weekly', 'monthly', 'quarterly', 'annual'];

/** True when a series published at `cadence` can be put at `frequency` (the same or coarser). */
export const canAggregate = (cadence: Cadence, frequency: Frequency): boolean =>
  ORDER.indexOf(frequency) >= ORDER.indexOf(cadence);

/** The cadences a series published at `cadence` can be aggregated to, for error messages. */
export const frequenciesFor = (cadence: Cadence): Frequency[] => FREQUENCIES.filter((f) => canAggregate(cadence, f));

/** The first day of the period of `frequency` that holds `date` (YYYY-MM-DD). */
export function periodStart(date: string, frequency: Frequency): string {
  switch (frequency) {
    case 'weekly': {
      const ms = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
      // getUTCDay: Sunday 0 … Saturday 6; days back to Monday.
      const back = (new Date(ms).getUTCDay() + 6) % 7;
      return fromUtc(ms - back * 86_400_000);
    }
    case 'monthly':
      return `${date.slice(0, 8)}01`;
    case 'quarterly': {
      const month = Math.floor((Number(date.slice(5, 7)) - 1) / 3) * 3 + 1;
      return `${date.slice(0, 5)}${String(month).padStart(2, '0')}-01`;
    }
    case 'annual':
      return `${date.slice(0, 4)}-01-01`;
  }
}

const isWeekend = (date: string) => {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 || day === 6;
};

/**
 * The date of the observation one step after (`+1`) or before (`-1`) `date` at the series' own cadence. Daily
 * series here are market prices, published on weekdays: the step from a Friday is the Monday, so a month whose
 * last weekday is in the data counts as complete.
 */
export function neighbour(date: string, cadence: Cadence, step: 1 | -1): string {
  switch (cadence) {
    case 'daily': {
      let next = addDays(date, step);
      while (isWeekend(next)) next = addDays(next, step);
      return next;
    }
    case 'weekly':
      return addDays(date, 7 * step);
    case 'monthly':
      return addMonths(date, step);
    case 'quarterly':
      return addMonths(date, 3 * step);
    case 'annual':
      return addMonths(date, 12 * step);
  }
}

// Twelve significant digits: a mean of decimals leaves float noise in the last bits, not in the figures.
const tidy = (value: number) => Number(value.toPrecision(12));

export interface Aggregated {
  /** One point per period that has observations, dated at the period's start, in date order. */
  points: Point[];
  /**
   * Start dates of the periods the data covers only in part: the first, when the series begins after it did;
   * the last, when the series ends before it does (the period is still running, or the source has not caught
   * up). Their values are computed from the observations there are, and marked rather than dropped.
   */
  incomplete: string[];
}

/**
 * `points` (in date order, at `cadence`) aggregated to `frequency`: `avg` the mean of the period's
 * observations, `sum` their total, `eop` the last of them. The caller checks canAggregate first.
 */
export function aggregateSeries(
  points: readonly Point[],
  cadence: Cadence,
  frequency: Frequency,
  method: AggregationMethod,
): Aggregated {
  const out: Point[] = [];
  let start = '';
  let sum = 0;
  let count = 0;
  let last = 0;
  const flush = () => {
    if (count === 0) return;
    const value = method === 'avg' ? sum / count : method === 'sum' ? sum : last;
    out.push({ date: start, value: tidy(value) });
  };
  for (const point of points) {
    const period = periodStart(point.date, frequency);
    if (period !== start) {
      flush();
      start = period;
      sum = 0;
      count = 0;
    }
    sum += point.value;
    count += 1;
    last = point.value;
  }
  flush();

  const incomplete: string[] = [];
  const first = points[0];
  const final = points.at(-1);
  if (first && final) {
    const firstPeriod = periodStart(first.date, frequency);
    const lastPeriod = periodStart(final.date, frequency);
    if (periodStart(neighbour(first.date, cadence, -1), frequency) === firstPeriod) incomplete.push(firstPeriod);
    if (periodStart(neighbour(final.date, cadence, 1), frequency) === lastPeriod && !incomplete.includes(lastPeriod))
      incomplete.push(lastPeriod);
  }
  return { points: out, incomplete };
}
