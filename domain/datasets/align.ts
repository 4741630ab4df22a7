// Several series side by side on shared dates, for the several-series endpoint and its CSV.
import type { SeriesDirection } from './series.js';
import type { Point } from './types.js';

export interface Aligned {
  /** Every date any series has a point on, in date order; at most `limit`, from the end `direction` names. */
  dates: string[];
  /** Per series, in the order given, its value on each of `dates` or null. */
  columns: (number | null)[][];
}

/**
 * `series` (each in date order) aligned on the union of their dates, then cut to `limit` dates. Each series
 * may arrive already cut to its own `limit` points from the same end: the last `limit` dates of the union are
 * all among those, so the result is the same and the whole histories need not be read.
 */
export function alignSeries(series: readonly (readonly Point[])[], limit: number, direction: SeriesDirection): Aligned {
  const union = [...new Set(series.flatMap((points) => points.map((p) => p.date)))].sort();
  const dates = direction === 'latest' ? union.slice(Math.max(0, union.length - limit)) : union.slice(0, limit);
  const columns = series.map((points) => {
    const byDate = new Map(points.map((p) => [p.date, p.value]));
    return dates.map((date) => byDate.get(date) ?? null);
  });
  return { dates, columns };
}
