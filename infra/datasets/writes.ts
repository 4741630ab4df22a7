// The refresh side of the datasets tables: a series replaced whole, and the record of each refresh.
import type { DatasetDefinition, Point } from '../../domain/datasets/types.js';
import type { Queryable, Sql } from '../sql/sql.js';

export interface RefreshRecord {
  /** Unique per refresh run (the workflow id and run id): a retried write updates its own record. */
  id: string;
  slug: string;
  startedAt: Date;
  finishedAt: Date;
  origin: 'file' | 'url' | null;
  url: string | null;
  points: number;
  firstDate: string | null;
  lastDate: string | null;
  outcome: 'success' | 'failed';
  message: string | null;
}

async function upsertRefresh(tx: Queryable, r: RefreshRecord): Promise<void> {
  await tx.query(
    `insert into dataset_refreshes (id, slug, started_at, finished_at, origin, url, points, first_date, last_date, outcome, message)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     on conflict (id) do update set finished_at = excluded.finished_at, origin = excluded.origin, url = excluded.url,
       points = excluded.points, first_date = excluded.first_date, last_date = excluded.last_date,
       outcome = excluded.outcome, message = excluded.message`,
    [r.id, r.slug, r.startedAt, r.finishedAt, r.origin, r.url, r.points, r.firstDate, r.lastDate, r.outcome, r.message],
  );
}

/**
 * Replaces the dataset's points with `points` (the whole series as the source now has it: publishers revise
 * history, so an upsert that kept withdrawn points would be wrong), mirrors the catalogue metadata, and records
 * the refresh, all in one transaction: readers see the old series or the new one, never a mix, and a re-run
 * leaves exactly the same rows.
 */
export async function replaceSeries(
  sql: Sql,
  definition: DatasetDefinition,
  points: readonly Point[],
  refresh: Omit<RefreshRecord, 'slug' | 'points' | 'firstDate' | 'lastDate' | 'outcome'>,
): Promise<void> {
  const first = points[0] ?? null;
  const last = points.at(-1) ?? null;
  await sql.transaction(async (tx) => {
    // First, because its row lock makes two refreshes of one dataset (a scheduled run and a manual one) take
    // turns; were the delete first, the second's delete would miss the first's new rows and its insert collide.
    await tx.query(
      `insert into datasets (slug, title, description, category, source, cadence, unit, publisher, licence, source_url,
         methodology, publication_lag_days, first_date, last_date, latest_value, observation_count, last_refreshed_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
       on conflict (slug) do update set title = excluded.title, description = excluded.description,
         category = excluded.category, source = excluded.source, cadence = excluded.cadence, unit = excluded.unit,
         publisher = excluded.publisher, licence = excluded.licence, source_url = excluded.source_url,
         methodology = excluded.methodology, publication_lag_days = excluded.publication_lag_days,
         first_date = excluded.first_date, last_date = excluded.last_date, latest_value = excluded.latest_value,
         observation_count = excluded.observation_count, last_refreshed_at = excluded.last_refreshed_at`,
      [
        definition.slug,
        definition.title,
        definition.description,
        definition.category,
        definition.source,
        definition.cadence,
        definition.unit,
        definition.publisher,
        definition.licence,
        definition.sourceUrl,
        definition.methodology,
        definition.publicationLagDays,
        first?.date ?? null,
        last?.date ?? null,
        last?.value ?? null,
        points.length,
        refresh.finishedAt,
      ],
    );
    await tx.query('delete from dataset_points where slug = $1', [definition.slug]);
    await tx.query(
      `insert into dataset_points (slug, date, value)
       select $1, d, v from unnest($2::date[], $3::float8[]) as p (d, v)`,
      [definition.slug, points.map((p) => p.date), points.map((p) => p.value)],
    );
    await upsertRefresh(tx, {
      ...refresh,
      slug: definition.slug,
      points: points.length,
      firstDate: first?.date ?? null,
      lastDate: last?.date ?? null,
      outcome: 'success',
    });
  });
}

export async function recordFailedRefresh(
  sql: Queryable,
  refresh: Omit<RefreshRecord, 'points' | 'firstDate' | 'lastDate' | 'outcome' | 'origin'>,
): Promise<void> {
  await upsertRefresh(sql, { ...refresh, origin: null, points: 0, firstDate: null, lastDate: null, outcome: 'failed' });
}

export async function hasSuccessfulRefresh(sql: Queryable, slug: string): Promise<boolean> {
  const rows = await sql.query(`select 1 from dataset_refreshes where slug = $1 and outcome = 'success' limit 1`, [slug]);
  return rows.length > 0;
}
