// Whole series kept in memory between requests that need all of a dataset's points (a transform, an aggregation):
// reading ten thousand daily points costs tens of milliseconds, shaping them two. An entry is good while the
// dataset's data_updated_at is what it was read under; a refresh that changes a point moves it, in every process.
import type { Point } from '../../domain/datasets/types.js';
import type { Queryable } from '../sql/sql.js';
import { seriesPoints, type DatasetRow } from './queries.js';

export class WholeSeries {
  private readonly entries = new Map<string, { version: number; points: Promise<Point[]> }>();

  constructor(private readonly sql: Queryable) {}

  /** Every point of the dataset, oldest first. Shared: copy before changing. */
  get(row: Pick<DatasetRow, 'slug' | 'data_updated_at' | 'last_refreshed_at'>): Promise<readonly Point[]> {
    const version = (row.data_updated_at ?? row.last_refreshed_at)?.getTime() ?? 0;
    const hit = this.entries.get(row.slug);
    if (hit && hit.version === version) return hit.points;
    const points = seriesPoints(this.sql, row.slug, Number.MAX_SAFE_INTEGER, 'earliest');
    const entry = { version, points };
    this.entries.set(row.slug, entry);
    // A failed read is not kept.
    points.catch(() => {
      if (this.entries.get(row.slug) === entry) this.entries.delete(row.slug);
    });
    return points;
  }
}
