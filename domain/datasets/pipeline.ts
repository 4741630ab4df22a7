// What the series parameters do to a series, in their fixed order: aggregate to the frequency, transform to
// the units, then keep the date range and finally `limit` points from the end `direction` names. Aggregation
// comes first so that a growth rate of a quarterly series compares quarters; the range and the limit come last
// so that the first point of a range still gets the earlier point its transform needs.
import { aggregateSeries, type AggregationMethod, type Frequency } from './frequency.js';
import type { SeriesDirection } from './series.js';
import type { Cadence, Point } from './types.js';
import { transformSeries, type Units } from './units.js';

export interface SeriesOptions {
  limit: number;
  direction: SeriesDirection;
  start?: string | undefined;
  end?: string | undefined;
  units: Units;
  frequency?: Frequency | undefined;
  /** Only with a frequency; avg when not given. */
  method?: AggregationMethod | undefined;
  /** The vintage: the series as published at the end of this UTC day (see foldRevisions). */
  asOf?: string | undefined;
}

export interface ShapedSeries {
  points: Point[];
  /** How many points the shaped series has in the range, before `limit` kept some of them. */
  count: number;
  /** With a frequency: the start dates of the periods among `points` the data covers only in part. */
  incomplete: string[];
}

const withinRange = (points: readonly Point[], start?: string, end?: string) =>
  start || end ? points.filter((p) => (!start || p.date >= start) && (!end || p.date <= end)) : points;

/** The range, then `limit` points from the end `direction` names, of points in date order. */
export function pickPoints(
  points: readonly Point[],
  limit: number,
  direction: SeriesDirection,
  start?: string,
  end?: string,
): Point[] {
  const inRange = withinRange(points, start, end);
  return direction === 'latest' ? inRange.slice(Math.max(0, inRange.length - limit)) : inRange.slice(0, limit);
}

/** `points`, the whole series in date order at `cadence`, shaped by the options. */
export function shapeSeries(points: readonly Point[], cadence: Cadence, options: SeriesOptions): ShapedSeries {
  let series: readonly Point[] = points;
  let incomplete: string[] = [];
  let at: Cadence = cadence;
  if (options.frequency) {
    const aggregated = aggregateSeries(points, cadence, options.frequency, options.method ?? 'avg');
    series = aggregated.points;
    incomplete = aggregated.incomplete;
    at = options.frequency;
  }
  const transformed = options.units === 'lin' ? series : transformSeries(series, options.units, at);
  const inRange = withinRange(transformed, options.start, options.end);
  const picked = pickPoints(inRange, options.limit, options.direction);
  if (incomplete.length > 0) {
    const shown = new Set(picked.map((p) => p.date));
    incomplete = incomplete.filter((date) => shown.has(date));
  }
  return { points: picked, count: inRange.length, incomplete };
}
