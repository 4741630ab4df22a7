// The refresh side of the datasets tables: a series replaced whole, and the record of each refresh.
import { diffSeries, hasChanges, type SeriesChanges } from '../../domain/datasets/revisions.js';
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
  /** `live` when the refresh tried the publisher's source (or a refresh URL), `bundled` when it read the file. */
  mode?: 'live' | 'bundled' | null;
}

async function upsertRefresh(tx: Queryable, r: RefreshRecord): Promise<void> {
  await tx.query(
    `insert into dataset_refreshes (id, slug, started_at, finished_at, origin, url, points, first_date, last_date, outcome, message, mode)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     on conflict (id) do update set finished_at = excluded.finished_at, origin = excluded.origin, url = excluded.url,
       points = excluded.points, first_date = excluded.first_date, last_date = excluded.last_date,
       outcome = excluded.outcome, message = excluded.message, mode = excluded.mode`,
    [
      r.id,
      r.slug,
      r.startedAt,
      r.finishedAt,
      r.origin,
      r.url,
      r.points,
      r.firstDate,
      r.lastDate,
      r.outcome,
      r.message,
      r.mode ?? null,
    ],
  );
}

/** The catalogue fields mirrored into the datasets row; a change to any of them is a metadata update. */
const METADATA = [
  'title',
  'description',
  'category',
  'source',
  'cadence',
  'unit',
  'publisher',
  'licence',
  'source_url',
  'methodology',
  'publication_lag_days',
] as const;

/**
 * Makes the dataset's points `points` (the whole series as the source now has it: publishers revise history,
 * so an upsert that kept withdrawn points would be wrong), mirrors the catalogue metadata, and records the
 * refresh, all in one transaction: readers see the old series or the new one, never a mix, and a re-run leaves
 * exactly the same rows. Only what changed is written, and `data_updated_at` and `metadata_updated_at` move
 * only when something did. Returns the changes.
 */
export async function replaceSeries(
  sql: Sql,
  definition: DatasetDefinition,
  points: readonly Point[],
  refresh: Omit<RefreshRecord, 'slug' | 'points' | 'firstDate' | 'lastDate' | 'outcome'>,
): Promise<SeriesChanges> {
  const first = points[0] ?? null;
  const last = points.at(-1) ?? null;
  return sql.transaction(async (tx) => {
    // First, because its row lock makes two refreshes of one dataset (a scheduled run and a manual one) take
    // turns: the second then compares against what the first wrote.
    const metadataChanged = METADATA.map((column) => `datasets.${column} is distinct from excluded.${column}`).join(
      ' or ',
    );
    await tx.query(
      `insert into datasets (slug, title, description, category, source, cadence, unit, publisher, licence, source_url,
         methodology, publication_lag_days, first_date, last_date, latest_value, observation_count, last_refreshed_at,
         metadata_updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $17)
       on conflict (slug) do update set title = excluded.title, description = excluded.description,
         category = excluded.category, source = excluded.source, cadence = excluded.cadence, unit = excluded.unit,
         publisher = excluded.publisher, licence = excluded.licence, source_url = excluded.source_url,
         methodology = excluded.methodology, publication_lag_days = excluded.publication_lag_days,
         first_date = excluded.first_date, last_date = excluded.last_date, latest_value = excluded.latest_value,
         observation_count = excluded.observation_count, last_refreshed_at = excluded.last_refreshed_at,
         metadata_updated_at = case when ${metadataChanged} then excluded.last_refreshed_at
           else coalesce(datasets.metadata_updated_at, excluded.last_refreshed_at) end`,
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
    const before = await tx.query<{ date: string; value: number }>(
      'select date::text as date, value from dataset_points where slug = $1 order by date',
      [definition.slug],
    );
    const changes = diffSeries(before, points);
    if (hasChanges(changes)) {
      await applyChanges(tx, definition.slug, changes);
      await tx.query('update datasets set data_updated_at = $2 where slug = $1', [definition.slug, refresh.finishedAt]);
      // The vintage: what this refresh published, kept for as_of (a re-run of the same refresh changes nothing).
      await tx.query(
        `insert into dataset_revisions (slug, refresh_id, published_at, added, revised, removed)
         values ($1, $2, $3, $4::text::jsonb, $5::text::jsonb, $6::text::jsonb) on conflict (slug, refresh_id) do nothing`,
        [
          definition.slug,
          refresh.id,
          refresh.finishedAt,
          JSON.stringify(changes.added),
          JSON.stringify(changes.revised),
          JSON.stringify(changes.removed),
        ],
      );
    }
    await upsertRefresh(tx, {
      ...refresh,
      slug: definition.slug,
      points: points.length,
      firstDate: first?.date ?? null,
      lastDate: last?.date ?? null,
      outcome: 'success',
    });
    return changes;
  });
}

/** Writes only what changed: removed points deleted, added and revised ones upserted. */
async function applyChanges(tx: Queryable, slug: string, changes: SeriesChanges): Promise<void> {
  if (changes.removed.length > 0) {
    await tx.query('delete from dataset_points where slug = $1 and date = any($2::date[])', [
      slug,
      changes.removed.map((p) => p.date),
    ]);
  }
  const upserts = [...changes.added, ...changes.revised.map((r) => ({ date: r.date, value: r.to }))];
  if (upserts.length > 0) {
    await tx.query(
      `insert into dataset_points (slug, date, value)
       select $1, d, v from unnest($2::date[], $3::float8[]) as p (d, v)
       on conflict (slug, date) do update set value = excluded.value`,
      [slug, upserts.map((p) => p.date), upserts.map((p) => p.value)],
    );
  }
}

export async function recordFailedRefresh(
  sql: Queryable,
  refresh: Omit<RefreshRecord, 'points' | 'firstDate' | 'lastDate' | 'outcome' | 'origin'>,
): Promise<void> {
  await upsertRefresh(sql, { ...refresh, origin: null, points: 0, firstDate: null, lastDate: null, outcome: 'failed' });
}

export async function hasSuccessfulRefresh(sql: Queryable, slug: string): Promise<boolean> {
  const rows = await sql.query(`select 1 from dataset_refreshes where slug = $1 and outcome = 'success' limit 1`, [
    slug,
  ]);
  return rows.length > 0;
}
