import type { Cadence, Point } from './types.js';

// Unit transforms of a series, with FRED's names (the `units` parameter analysts know). A point whose transform
// needs an earlier point the series does not have (the first one, a year before the first year, a zero to
// divide by, a logarithm of a non-positive value) is left out, never invented.

export const UNITS = ['lin', 'chg', 'ch1', 'pch', 'pc1', 'pca', 'log'] as const;
export type Units = (typeof UNITS)[number];

/** Observations per year, for the compounded annual rate (daily series count calendar days). */
const PER_YEAR: Record<Cadence, number> = { daily: 365, weekly: 52, monthly: 12, quarterly: 4, annual: 1 };

/** The date a year before `date` (YYYY-MM-DD): 52 weeks for weekly series, the same calendar day otherwise. */
function yearBefore(date: string, cadence: Cadence): string {
  const at = new Date(`${date}T00:00:00Z`);
  if (cadence === 'weekly') return new Date(at.getTime() - 364 * 86_400_000).toISOString().slice(0, 10);
  return `${String(at.getUTCFullYear() - 1).padStart(4, '0')}${date.slice(4)}`;
}

// Twelve significant digits: enough for any published figure, without the last bits of float noise.
const tidy = (value: number) => Number(value.toPrecision(12));

/** `points` in date order, transformed; the result is in date order too. */
export function transformSeries(points: readonly Point[], units: Units, cadence: Cadence): Point[] {
  if (units === 'lin') return [...points];
  const byDate = new Map(points.map((p) => [p.date, p.value]));
  const out: Point[] = [];
  points.forEach((point, i) => {
    const previous = i > 0 ? points[i - 1]!.value : undefined;
    const yearAgo = byDate.get(yearBefore(point.date, cadence));
    let value: number | undefined;
    switch (units) {
      case 'chg':
        value = previous === undefined ? undefined : point.value - previous;
        break;
      case 'ch1':
        value = yearAgo === undefined ? undefined : point.value - yearAgo;
        break;
      case 'pch':
        value = previous ? (point.value / previous - 1) * 100 : undefined;
        break;
      case 'pc1':
        value = yearAgo ? (point.value / yearAgo - 1) * 100 : undefined;
        break;
      case 'pca':
        value =
          previous && point.value / previous > 0
            ? ((point.value / previous) ** PER_YEAR[cadence] - 1) * 100
            : undefined;
        break;
      case 'log':
        value = point.value > 0 ? Math.log(point.value) : undefined;
        break;
    }
    if (value !== undefined && Number.isFinite(value)) out.push({ date: point.date, value: tidy(value) });
  });
  return out;
}
