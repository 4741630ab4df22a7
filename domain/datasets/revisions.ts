// What a refresh changed in a published series: the points it added, revised and removed. A refresh that
// changes nothing is no revision (the series' data did not change, however often it was fetched).
import type { Point } from './types.js';

export interface RevisedPoint {
  date: string;
  from: number;
  to: number;
}

export interface SeriesChanges {
  added: Point[];
  revised: RevisedPoint[];
  removed: Point[];
}

export const hasChanges = (changes: SeriesChanges): boolean =>
  changes.added.length > 0 || changes.revised.length > 0 || changes.removed.length > 0;

/**
 * The changes from `before` to `after` (each one point per date). Values compare exactly: both sides are the
 * same doubles the database stores, so any difference is the publisher's.
 */
export function diffSeries(before: readonly Point[], after: readonly Point[]): SeriesChanges {
  const old = new Map(before.map((p) => [p.date, p.value]));
  const added: Point[] = [];
  const revised: RevisedPoint[] = [];
  for (const point of after) {
    const previous = old.get(point.date);
    if (previous === undefined) added.push(point);
    else if (previous !== point.value) revised.push({ date: point.date, from: previous, to: point.value });
    old.delete(point.date);
  }
  const removed = [...old]
    .map(([date, value]) => ({ date, value }))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return { added, revised, removed };
}

/**
 * The series a run of revisions leaves, applied in publication order from nothing: the first is the first
 * vintage (every point added). ALFRED's real-time view: the series as it was published at the last one.
 */
export function foldRevisions(revisions: readonly SeriesChanges[]): Point[] {
  const values = new Map<string, number>();
  for (const revision of revisions) {
    for (const point of revision.removed) values.delete(point.date);
    for (const point of revision.added) values.set(point.date, point.value);
    for (const point of revision.revised) values.set(point.date, point.to);
  }
  return [...values]
    .map(([date, value]) => ({ date, value }))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}
