// What the datasets' pages show of the database, read once every few seconds per process rather than on every
// page: the catalogue's rows and the latest points of each dataset (the sparklines, a dataset page's table).
// Without it the catalogue cost 21 queries a page (a row list, its count and a preview per dataset) and a dataset
// page two, which held them to a few per cent of a bare Express app's pages per second (bench/pages.ts). Data
// changes only when a dataset is refreshed (daily at most), so a page may lag a refresh by the TTL, no more; the
// CSV and JSON downloads and the chart's data are read at each request and never lag.
import type { Point } from '../../../domain/datasets/types.js';
import { listDatasets, seriesPoints, type DatasetRow } from '../../../infra/datasets/queries.js';
import type { Queryable } from '../../../infra/sql/sql.js';
import { MAX_LIMIT } from '../../routes/datasets-schemas.js';

export interface DatasetSnapshot {
  /** Every dataset, in the catalogue's order (category, slug). */
  rows: readonly DatasetRow[];
  bySlug: ReadonlyMap<string, DatasetRow>;
  /** The latest `points` points of each dataset, oldest first. Shared: copy before changing. */
  latest: ReadonlyMap<string, readonly Point[]>;
}

export async function readSnapshot(db: Queryable, points: number): Promise<DatasetSnapshot> {
  const { rows } = await listDatasets(db, { limit: MAX_LIMIT, offset: 0 });
  const latest = await Promise.all(
    rows.map(async (row) => [row.slug, await seriesPoints(db, row.slug, points, 'latest')] as const),
  );
  return { rows, bySlug: new Map(rows.map((row) => [row.slug, row])), latest: new Map(latest) };
}

/**
 * The snapshot, read again once it is `ttlMs` old; requests that arrive while it is read share the one read. A
 * failed read is not kept: the next request tries again.
 */
export function datasetSnapshots(
  db: Queryable,
  options: { ttlMs: number; points: number; now?: () => number },
): () => Promise<DatasetSnapshot> {
  const now = options.now ?? Date.now;
  let current: { readAt: number; snapshot: Promise<DatasetSnapshot> } | null = null;
  return () => {
    if (!current || now() - current.readAt >= options.ttlMs) {
      const entry = { readAt: now(), snapshot: readSnapshot(db, options.points) };
      current = entry;
      entry.snapshot.catch(() => {
        if (current === entry) current = null;
      });
    }
    return current.snapshot;
  };
}
