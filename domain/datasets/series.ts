// Choosing points from a series, and the numbers a sparkline shows beside it.
import type { Point } from './types.js';

export const SERIES_DIRECTIONS = ['latest', 'earliest'] as const;
export type SeriesDirection = (typeof SERIES_DIRECTIONS)[number];

/** Points a sparkline preview shows: two years of a monthly series, six of a quarterly one. */
export const PREVIEW_POINTS = 24;

/**
 * `latest`: the most recent `limit` points, `earliest`: the first `limit`; either way returned in date order,
 * because a chart reads left to right whichever end was asked for.
 */
export function selectPoints(points: readonly Point[], limit: number, direction: SeriesDirection): Point[] {
  const sorted = [...points].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return direction === 'latest' ? sorted.slice(Math.max(0, sorted.length - limit)) : sorted.slice(0, limit);
}

// Subtraction of decimals leaves float dust (4.5 - 4.25 is fine, 0.3 - 0.1 is not); twelve significant digits
// is far beyond what any of these publishers measure.
const tidy = (value: number): number => Number(value.toPrecision(12));

export interface PreviewStats {
  points: Point[];
  min: number | null;
  max: number | null;
  latest: Point | null;
  /** From the first to the last point shown; percent is null when the first value is zero. */
  change: { absolute: number; percent: number | null } | null;
}

export function previewStats(series: readonly Point[]): PreviewStats {
  const points = selectPoints(series, PREVIEW_POINTS, 'latest');
  const first = points[0];
  const latest = points.at(-1);
  if (!first || !latest) return { points, min: null, max: null, latest: null, change: null };
  const values = points.map((p) => p.value);
  const absolute = tidy(latest.value - first.value);
  const percent = first.value === 0 ? null : Math.round((absolute / Math.abs(first.value)) * 10_000) / 100;
  return { points, min: Math.min(...values), max: Math.max(...values), latest, change: { absolute, percent } };
}
