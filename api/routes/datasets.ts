// The public datasets endpoints (docs/architecture.md#datasets): list with search and filters, detail with
// freshness, series points (one dataset, or several aligned on dates: datasets-series.ts), and the sparkline
// preview. Authentication and rate limits are mounted in front by the composition root; these handlers only
// read. The schemas are in datasets-schemas.ts, their OpenAPI document in datasets-openapi.ts.
import { Router } from 'express';
import type { z } from 'zod';
import { datasetBySlug } from '../../domain/datasets/catalogue.js';
import { behindReason, freshness, nextRelease } from '../../domain/datasets/freshness.js';
import { previewStats, PREVIEW_POINTS } from '../../domain/datasets/series.js';
import {
  getDataset,
  listDatasets,
  listRevisions,
  seriesPoints,
  sourceStatus,
  type DatasetRow,
  type SourceStatus,
} from '../../infra/datasets/queries.js';
import { jsonBody, ResponseCache } from '../../infra/datasets/response-cache.js';
import type { Queryable } from '../../infra/sql/sql.js';
import { everyProblem, parse } from '../validation.js';
import { notFound, sendCached, slugOf } from './datasets-http.js';
import type { DatasetDetailSchema, DatasetSummarySchema } from './datasets-responses.js';
import { DatasetListQuery } from './datasets-schemas.js';
import { seriesRoutes } from './datasets-series.js';

// ---- shaping rows ------------------------------------------------------------------------------------------

type Summary = z.infer<typeof DatasetSummarySchema>;

function summaryOf(row: DatasetRow, now: Date): Summary {
  const f = freshness({
    cadence: row.cadence,
    publicationLagDays: row.publication_lag_days,
    lastObservationDate: row.last_date,
    lastRefreshedAt: row.last_refreshed_at,
    now,
  });
  return {
    slug: row.slug,
    title: row.title,
    description: row.description,
    category: row.category,
    source: row.source as Summary['source'],
    cadence: row.cadence,
    unit: row.unit,
    latest:
      row.last_date !== null && row.latest_value !== null ? { date: row.last_date, value: row.latest_value } : null,
    freshness: {
      last_observation_date: f.lastObservationDate,
      last_refreshed_at: f.lastRefreshedAt,
      next_expected_date: f.nextExpectedDate,
      age_days: f.ageDays,
      status: f.status,
    },
  };
}

function detailOf(
  row: DatasetRow,
  revisions: Revision[],
  source: SourceStatus | null,
  now: Date,
): z.infer<typeof DatasetDetailSchema> {
  const summary = summaryOf(row, now);
  const release = nextRelease({
    cadence: row.cadence,
    publicationLagDays: row.publication_lag_days,
    lastObservationDate: row.last_date,
    releaseDates: datasetBySlug(row.slug)?.releaseDates,
    now,
  });
  return {
    ...summary,
    // The detail says more about freshness than a list item does; the list's shape stays as it was.
    freshness: {
      ...summary.freshness,
      data_updated_at: row.data_updated_at?.toISOString() ?? null,
      metadata_updated_at: row.metadata_updated_at?.toISOString() ?? null,
      next_release: release,
      reason: behindReason(summary.freshness.status, source, row.last_date),
      ...(source && {
        source: {
          mode: source.mode,
          url: source.url,
          last_error: source.lastError,
          last_error_at: source.lastErrorAt?.toISOString() ?? null,
        },
      }),
    },
    metadata: {
      publisher: row.publisher,
      licence: row.licence,
      source_url: row.source_url,
      methodology: row.methodology,
      coverage: { start: row.first_date, end: row.last_date },
      observation_count: row.observation_count,
    },
    links: {
      self: `/api/v1/datasets/${row.slug}`,
      series: `/api/v1/datasets/${row.slug}/series`,
      preview: `/data/${row.slug}/preview`,
      source: row.source_url,
    },
    revisions: revisions.map((r) => ({
      date: r.published_at.toISOString().slice(0, 10),
      published_at: r.published_at.toISOString(),
      added: Number(r.added),
      revised: Number(r.revised),
      removed: Number(r.removed),
    })),
  };
}

type Revision = Awaited<ReturnType<typeof listRevisions>>[number];

// ---- handlers ----------------------------------------------------------------------------------------------

export interface DatasetRouteDeps {
  sql: Queryable;
  /** The clock freshness is judged against. */
  now?: () => Date;
  /** How long serialised series and previews are reused (default 10 s; 0 turns the cache off). */
  cacheTtlMs?: number;
}

export function datasetRoutes(deps: DatasetRouteDeps): Router {
  const now = deps.now ?? (() => new Date());
  const cache = new ResponseCache(deps.cacheTtlMs ?? 10_000);
  const router = Router();

  router.get('/api/v1/datasets', async (req, res) => {
    const query = parse(DatasetListQuery, req.query, everyProblem);
    const { rows, total } = await listDatasets(deps.sql, query);
    const at = now();
    res.json({
      datasets: rows.map((row) => summaryOf(row, at)),
      count: total,
      limit: query.limit,
      offset: query.offset,
    });
  });

  router.get('/api/v1/datasets/:slug', async (req, res) => {
    const slug = slugOf(req);
    const row = await getDataset(deps.sql, slug);
    if (!row) throw notFound(slug);
    const [revisions, source] = await Promise.all([listRevisions(deps.sql, slug), sourceStatus(deps.sql, slug)]);
    res.json(detailOf(row, revisions, source, now()));
  });

  seriesRoutes(router, { sql: deps.sql, cache });

  router.get('/data/:slug/preview', async (req, res) => {
    const slug = slugOf(req);
    const cached = await cache.get(`preview\n${slug}`, async () => {
      const row = await getDataset(deps.sql, slug);
      if (!row) return null;
      const stats = previewStats(await seriesPoints(deps.sql, slug, PREVIEW_POINTS, 'latest'));
      return jsonBody({ slug, title: row.title, unit: row.unit, cadence: row.cadence, ...stats });
    });
    if (!cached) throw notFound(slug);
    sendCached(req, res, cached);
  });

  return router;
}
