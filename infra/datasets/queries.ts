// The read side of the datasets tables, for the API and readiness.
import { CATALOGUE_SLUGS } from '../../domain/datasets/catalogue.js';
import { foldRevisions, type SeriesChanges } from '../../domain/datasets/revisions.js';
import { prefixTsQuery } from '../../domain/datasets/search.js';
import type { SeriesDirection } from '../../domain/datasets/series.js';
import type { Cadence, Category, Point } from '../../domain/datasets/types.js';
import type { Queryable } from '../sql/sql.js';

export interface DatasetRow {
  slug: string;
  title: string;
  description: string;
  category: Category;
  source: string;
  cadence: Cadence;
  unit: string;
  publisher: string;
  licence: string;
  source_url: string;
  methodology: string;
  publication_lag_days: number;
  first_date: string | null;
  last_date: string | null;
  latest_value: number | null;
  observation_count: number;
  last_refreshed_at: Date | null;
  /** When a point of the series last changed (added, revised or removed). */
  data_updated_at: Date | null;
  /** When the catalogue's description of the dataset (title, unit, methodology…) last changed. */
  metadata_updated_at: Date | null;
}

const COLUMNS = `slug, title, description, category, source, cadence, unit, publisher, licence, source_url, methodology,
  publication_lag_days, first_date::text as first_date, last_date::text as last_date, latest_value, observation_count,
  last_refreshed_at, data_updated_at, metadata_updated_at`;

export interface DatasetFilter {
  q?: string | undefined;
  category?: string | undefined;
  source?: string | undefined;
  cadence?: string | undefined;
  limit: number;
  offset: number;
}

/**
 * One page of the datasets matching every given filter, and how many match in all. With a search, the best
 * match comes first (ts_rank over the weighted search vector); otherwise they are grouped by category.
 */
export async function listDatasets(
  sql: Queryable,
  filter: DatasetFilter,
): Promise<{ rows: DatasetRow[]; total: number }> {
  const params: unknown[] = [];
  const where: string[] = [];
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  let order = 'category, slug';
  // A blank search box means no search; words that are all punctuation mean a search that matches nothing.
  if (filter.q !== undefined && filter.q.trim() !== '') {
    const tsquery = prefixTsQuery(filter.q);
    if (tsquery === null) return { rows: [], total: 0 };
    const q = add(tsquery);
    where.push(`search @@ to_tsquery('english', ${q})`);
    order = `ts_rank(search, to_tsquery('english', ${q})) desc, slug`;
  }
  if (filter.category !== undefined) where.push(`category = ${add(filter.category)}`);
  if (filter.source !== undefined) where.push(`source = ${add(filter.source)}`);
  if (filter.cadence !== undefined) where.push(`cadence = ${add(filter.cadence)}`);
  const clause = where.length > 0 ? `where ${where.join(' and ')}` : '';
  const [count] = await sql.query<{ total: number }>(`select count(*)::int as total from datasets ${clause}`, params);
  const total = count?.total ?? 0;
  if (total <= filter.offset) return { rows: [], total };
  const rows = await sql.query<DatasetRow & Record<string, unknown>>(
    `select ${COLUMNS} from datasets ${clause} order by ${order} limit ${add(filter.limit)} offset ${add(filter.offset)}`,
    params,
  );
  return { rows, total };
}

export async function getDataset(sql: Queryable, slug: string): Promise<DatasetRow | null> {
  const [row] = await sql.query<DatasetRow & Record<string, unknown>>(
    `select ${COLUMNS} from datasets where slug = $1`,
    [slug],
  );
  return row ?? null;
}

/** Up to `limit` points from the end `direction` names, within the inclusive date range when one is given. */
export async function seriesPoints(
  sql: Queryable,
  slug: string,
  limit: number,
  direction: SeriesDirection,
  range: { start?: string | undefined; end?: string | undefined } = {},
): Promise<Point[]> {
  const rows = await sql.query<{ date: string; value: number }>(
    `select date::text as date, value from dataset_points
      where slug = $1 and ($3::date is null or date >= $3::date) and ($4::date is null or date <= $4::date)
     order by date ${direction === 'latest' ? 'desc' : 'asc'} limit $2`,
    [slug, limit, range.start ?? null, range.end ?? null],
  );
  return direction === 'latest' ? rows.reverse() : rows;
}

/** How many points of the dataset fall in the range (both ends inclusive, either open). */
export async function countPoints(
  sql: Queryable,
  slug: string,
  range: { start?: string | undefined; end?: string | undefined },
): Promise<number> {
  const [row] = await sql.query<{ n: string }>(
    `select count(*)::text as n from dataset_points
      where slug = $1 and ($2::date is null or date >= $2::date) and ($3::date is null or date <= $3::date)`,
    [slug, range.start ?? null, range.end ?? null],
  );
  return Number(row?.n ?? 0);
}

/** The dataset's vintages, oldest first: when each was published and how many points it added, revised, removed. */
export async function listRevisions(
  sql: Queryable,
  slug: string,
): Promise<{ published_at: Date; added: number; revised: number; removed: number }[]> {
  return sql.query(
    `select published_at, jsonb_array_length(added) as added, jsonb_array_length(revised) as revised,
            jsonb_array_length(removed) as removed
       from dataset_revisions where slug = $1 order by published_at, refresh_id`,
    [slug],
  );
}

/**
 * The whole series as it was published at the end of the UTC day `asOf` (ALFRED's real-time period): its
 * revisions up to then, folded. Null when the dataset had no vintage yet.
 */
export async function seriesAsOf(sql: Queryable, slug: string, asOf: string): Promise<Point[] | null> {
  const rows = await sql.query<SeriesChanges & Record<string, unknown>>(
    `select added, revised, removed from dataset_revisions
      where slug = $1 and published_at < ($2::date + 1)::timestamp at time zone 'UTC'
      order by published_at, refresh_id`,
    [slug, asOf],
  );
  return rows.length > 0 ? foldRevisions(rows) : null;
}

/** Readiness: every dataset of the catalogue has loaded at least once. */
export async function datasetsReady(sql: Queryable): Promise<boolean> {
  const [row] = await sql.query<{ loaded: number }>(
    `select count(distinct slug)::int as loaded from dataset_refreshes where outcome = 'success' and slug = any($1::text[])`,
    [CATALOGUE_SLUGS],
  );
  return (row?.loaded ?? 0) === CATALOGUE_SLUGS.length;
}

export interface SourceStatus {
  /** Where the last refresh read from: the publisher's source (live) or the bundled file (bundled). */
  mode: 'live' | 'bundled';
  /** The source the last refresh read or tried, as recorded (no credentials); null for the bundled file. */
  url: string | null;
  /** Why the source last failed, unless a refresh has read it cleanly since. */
  lastError: string | null;
  lastErrorAt: Date | null;
}

/**
 * Where the dataset's data comes from, and the source's last failure that no clean refresh has followed (a
 * failed run, or a run that fell back to the bundled file). Null before any refresh is recorded.
 */
export async function sourceStatus(sql: Queryable, slug: string): Promise<SourceStatus | null> {
  const [latest] = await sql.query<{ mode: string | null; origin: string | null; url: string | null }>(
    'select mode, origin, url from dataset_refreshes where slug = $1 order by finished_at desc, id desc limit 1',
    [slug],
  );
  if (!latest) return null;
  const [error] = await sql.query<{ message: string; finished_at: Date }>(
    `select message, finished_at from dataset_refreshes e
      where slug = $1 and message is not null
        and not exists (select 1 from dataset_refreshes c where c.slug = e.slug and c.outcome = 'success'
                          and c.message is null and c.finished_at > e.finished_at)
      order by finished_at desc limit 1`,
    [slug],
  );
  const mode =
    latest.mode === 'live' || latest.mode === 'bundled' ? latest.mode : latest.origin === 'url' ? 'live' : 'bundled';
  return { mode, url: latest.url, lastError: error?.message ?? null, lastErrorAt: error?.finished_at ?? null };
}
