// The public datasets endpoints (SPEC §4.7–§4.10, DESIGN §8): list with search and filters, detail with
// freshness, series points, and the sparkline preview. Authentication and rate limits are mounted in front by
// the composition root; these handlers only read.
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { freshness } from '../../domain/datasets/freshness.js';
import { previewStats, PREVIEW_POINTS, SERIES_DIRECTIONS, type SeriesDirection } from '../../domain/datasets/series.js';
import type { Point } from '../../domain/datasets/types.js';
import { transformSeries, UNITS } from '../../domain/datasets/units.js';
import { CADENCES, CATEGORIES, SOURCES } from '../../domain/datasets/types.js';
import { isStorableText } from '../../domain/text/storable.js';
import { getDataset, listDatasets, seriesPoints, type DatasetRow } from '../../infra/datasets/queries.js';
import { jsonBody, matchesIfNoneMatch, ResponseCache, type CachedBody } from '../../infra/datasets/response-cache.js';
import type { Queryable } from '../../infra/sql/sql.js';
import { ApiError } from '../errors.js';
import type { OpenApiContribution } from '../openapi.js';

// ---- request schemas: validate the routes and document them --------------------------------------------------

const MAX_LIMIT = 1000;

/**
 * An integer query parameter; the message is what a caller sees on a 400. The OpenAPI schema is spelled out
 * because the generator probes the coercing schema with null, which coerces to 0 and would make a minimum of
 * 0 read as "integer or null".
 */
const integer = (name: string, min: number, max: number, fallback: number) => {
  const error = `${name} must be an integer from ${min} to ${max}.`;
  return z.coerce
    .number({ error })
    .int({ error })
    .min(min, { error })
    .max(max, { error })
    .default(fallback)
    .meta({ type: 'integer', minimum: min, maximum: max, default: fallback, description: `${error.slice(0, -1)}; default ${fallback}.` });
};

const oneOf = <T extends readonly [string, ...string[]]>(name: string, values: T, description: string) =>
  z.enum(values, { error: `${name} must be one of ${values.join(', ')}.` }).meta({ description });

export const DatasetListQuery = z.object({
  q: z
    .string({ error: 'q must be a single string.' })
    .max(200, { error: 'q must be at most 200 characters.' })
    .refine(isStorableText, { error: 'q holds a NUL character or an unpaired UTF-16 surrogate, which is not valid text.' })
    .optional()
    .meta({ description: 'Full-text search over title, description, category and source; words may be prefixes. Best match first.' }),
  category: oneOf('category', CATEGORIES, 'Only datasets of this category.').optional(),
  source: oneOf('source', SOURCES, 'Only datasets from this source.').optional(),
  cadence: oneOf('cadence', CADENCES, 'Only datasets published at this cadence.').optional(),
  limit: integer('limit', 1, MAX_LIMIT, 50),
  offset: integer('offset', 0, 1_000_000, 0),
});

/** A calendar date, YYYY-MM-DD, that exists (no 2026-02-30). */
const dateParameter = (name: string, description: string) => {
  const error = `${name} must be a date, YYYY-MM-DD.`;
  return z
    .string({ error })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error })
    .refine((text) => {
      const date = new Date(`${text}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
    }, { error })
    .optional()
    .meta({ format: 'date', description });
};

export const SeriesQuery = z
  .object({
    limit: integer('limit', 1, MAX_LIMIT, 100),
    direction: oneOf(
      'direction',
      SERIES_DIRECTIONS,
      'latest (default): the most recent `limit` points; earliest: the first. Points are in date order either way.',
    ).default('latest'),
    observation_start: dateParameter('observation_start', 'The first date of the range, inclusive (FRED’s name). The range is applied first, then `limit` from the end `direction` names.'),
    observation_end: dateParameter('observation_end', 'The last date of the range, inclusive.'),
    units: oneOf(
      'units',
      UNITS,
      'lin (default): the level; chg: change; ch1: change from a year ago; pch: percent change; pc1: percent change from a year ago; pca: compounded annual rate of change; log: natural log. A point whose transform needs an earlier point the series lacks is left out. Transformed first, then the range and the limit.',
    ).default('lin'),
  })
  .refine((q) => !q.observation_start || !q.observation_end || q.observation_start <= q.observation_end, {
    error: 'observation_start must not be after observation_end.',
    path: ['observation_start'],
  });

/**
 * What a slug can be: lower-case words of letters and digits joined by single hyphens, at most 100 characters.
 * Anything else names no dataset and is answered 404 not_found before any query (a NUL character, which
 * PostgreSQL cannot compare, or 10 kB of text never reach SQL).
 */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const isSlug = (slug: string) => slug.length <= 100 && SLUG.test(slug);

const SlugParam = z.object({ slug: z.string().max(100).regex(SLUG).meta({ description: 'The dataset slug, e.g. uk-cpi-annual-rate.', example: 'uk-cpi-annual-rate' }) });

const IfNoneMatch = z.object({
  'if-none-match': z.string().optional().meta({ description: 'An ETag from an earlier response: 304 when unchanged.' }),
});

/** The range, then `limit` points from the end `direction` names, of points in date order. */
function pick(points: Point[], limit: number, direction: SeriesDirection, start?: string, end?: string): Point[] {
  const inRange = points.filter((p) => (!start || p.date >= start) && (!end || p.date <= end));
  return direction === 'latest' ? inRange.slice(-limit) : inRange.slice(0, limit);
}

// ---- response schemas -------------------------------------------------------------------------------------

const isoDate = z.iso.date();

export const PointSchema = z.object({ date: isoDate, value: z.number() }).meta({ id: 'SeriesPoint' });

const nullablePoint = z.union([PointSchema, z.null()]);

export const FreshnessSchema = z
  .object({
    last_observation_date: isoDate.nullable(),
    last_refreshed_at: z.iso.datetime().nullable(),
    next_expected_date: isoDate.nullable().meta({ description: 'When the observation after the last one should be published.' }),
    age_days: z.number().int().nullable().meta({ description: 'Days since the last observation’s date.' }),
    status: z.enum(['fresh', 'due', 'overdue', 'stale']).meta({
      description:
        'fresh: nothing newer is expected yet; due: the next observation is being published about now; ' +
        'overdue: it should be out; stale: several periods behind.',
    }),
  })
  .meta({ id: 'Freshness' });

const summaryShape = {
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.enum(CATEGORIES),
  source: z.enum(SOURCES),
  cadence: z.enum(CADENCES),
  unit: z.string(),
  latest: nullablePoint,
  freshness: FreshnessSchema,
};

export const DatasetSummarySchema = z.object(summaryShape).meta({ id: 'DatasetSummary' });

export const DatasetDetailSchema = z
  .object({
    ...summaryShape,
    metadata: z.object({
      publisher: z.string(),
      licence: z.string(),
      source_url: z.url(),
      methodology: z.string(),
      coverage: z.object({ start: isoDate.nullable(), end: isoDate.nullable() }),
      observation_count: z.number().int(),
    }),
    links: z.object({ self: z.string(), series: z.string(), preview: z.string(), source: z.url() }),
  })
  .meta({ id: 'DatasetDetail' });

export const DatasetListSchema = z
  .object({
    datasets: z.array(DatasetSummarySchema),
    count: z.number().int().meta({ description: 'How many datasets match in all (not only on this page).' }),
    limit: z.number().int(),
    offset: z.number().int(),
  })
  .meta({ id: 'DatasetList' });

export const SeriesSchema = z
  .object({
    slug: z.string(),
    direction: z.enum(SERIES_DIRECTIONS),
    limit: z.number().int(),
    observation_start: isoDate.optional().meta({ description: 'The range asked for, when one was.' }),
    observation_end: isoDate.optional().meta({ description: 'The range asked for, when one was.' }),
    units: z.enum(UNITS).meta({ description: 'The units the points carry (the `units` parameter; lin, the level, by default).' }),
    count: z.number().int().meta({ description: 'How many points the series has in all; `points` holds at most `limit` of them.' }),
    points: z.array(PointSchema).meta({ description: 'In date order, oldest first.' }),
  })
  .meta({ id: 'Series' });

export const PreviewSchema = z
  .object({
    slug: z.string(),
    title: z.string(),
    unit: z.string(),
    cadence: z.enum(CADENCES),
    points: z.array(PointSchema).meta({ description: `The last ${PREVIEW_POINTS} points, oldest first.` }),
    min: z.number().nullable(),
    max: z.number().nullable(),
    latest: nullablePoint,
    change: z
      .union([
        z.object({
          absolute: z.number(),
          percent: z.number().nullable().meta({ description: 'Null when the first value is zero.' }),
        }),
        z.null(),
      ])
      .meta({ description: 'From the first to the last point shown.' }),
  })
  .meta({ id: 'Preview' });

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
    latest: row.last_date !== null && row.latest_value !== null ? { date: row.last_date, value: row.latest_value } : null,
    freshness: {
      last_observation_date: f.lastObservationDate,
      last_refreshed_at: f.lastRefreshedAt,
      next_expected_date: f.nextExpectedDate,
      age_days: f.ageDays,
      status: f.status,
    },
  };
}

function detailOf(row: DatasetRow, now: Date): z.infer<typeof DatasetDetailSchema> {
  return {
    ...summaryOf(row, now),
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
  };
}

// ---- handlers ----------------------------------------------------------------------------------------------

function parse<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const messages = [...new Set(result.error.issues.map((issue) => issue.message))];
  throw ApiError.of('invalid_parameter', messages.join(' '));
}

const notFound = (slug: string) => ApiError.of('not_found', `No dataset with slug ${JSON.stringify(slug.slice(0, 100))}.`);

/** The slug of the path, or 404 when it cannot name a dataset. */
function slugOf(req: Request): string {
  const slug = String(req.params.slug);
  if (!isSlug(slug)) throw notFound(slug);
  return slug;
}

/** Series and previews change only when a dataset refreshes: clients and proxies may reuse them for a while. */
const CACHE_CONTROL = 'public, max-age=300';

function sendCached(req: Request, res: Response, cached: CachedBody): void {
  res.setHeader('ETag', cached.etag);
  res.setHeader('Cache-Control', CACHE_CONTROL);
  if (matchesIfNoneMatch(req.headers['if-none-match'], cached.etag)) {
    res.status(304).end();
    return;
  }
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', cached.body.length);
  res.end(cached.body);
}

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
    const query = parse(DatasetListQuery, req.query);
    const { rows, total } = await listDatasets(deps.sql, query);
    const at = now();
    res.json({ datasets: rows.map((row) => summaryOf(row, at)), count: total, limit: query.limit, offset: query.offset });
  });

  router.get('/api/v1/datasets/:slug', async (req, res) => {
    const slug = slugOf(req);
    const row = await getDataset(deps.sql, slug);
    if (!row) throw notFound(slug);
    res.json(detailOf(row, now()));
  });

  router.get('/api/v1/datasets/:slug/series', async (req, res) => {
    const slug = slugOf(req);
    const { limit, direction, observation_start: start, observation_end: end, units } = parse(SeriesQuery, req.query);
    const cached = await cache.get(`series\n${slug}\n${direction}\n${limit}\n${start ?? ''}\n${end ?? ''}\n${units}`, async () => {
      const row = await getDataset(deps.sql, slug);
      if (!row) return null;
      const points =
        units === 'lin'
          ? await seriesPoints(deps.sql, slug, limit, direction, { start, end })
          : // A transform looks back before the range (a year, one point): the whole series is transformed first.
            pick(transformSeries(await seriesPoints(deps.sql, slug, Number.MAX_SAFE_INTEGER, 'earliest'), units, row.cadence), limit, direction, start, end);
      // The range is echoed only when asked for: an answer without one is the same as before it existed.
      const range = { ...(start ? { observation_start: start } : {}), ...(end ? { observation_end: end } : {}) };
      return jsonBody({ slug, direction, limit, ...range, units, count: row.observation_count, points });
    });
    if (!cached) throw notFound(slug);
    sendCached(req, res, cached);
  });

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

// ---- OpenAPI -----------------------------------------------------------------------------------------------

export const datasetsOpenApi: OpenApiContribution = (registry: OpenAPIRegistry, shared) => {
  const common = {
    400: shared.errorResponse('A query parameter is invalid (error invalid_parameter).'),
    401: shared.errorResponse('An Authorization header was sent with a key that is not valid. Keys are optional here.'),
    429: shared.errorResponse('Too many requests (error rate_limit_exceeded).', {
      'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } },
    }),
  };
  const notFoundResponse = shared.errorResponse('No dataset has this slug (error not_found).');
  const cacheHeaders = {
    ETag: { description: 'Strong validator of the body; send it back as If-None-Match.', schema: { type: 'string' as const } },
    'Cache-Control': { description: 'public, max-age=300', schema: { type: 'string' as const } },
  };
  const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });

  registry.registerPath({
    method: 'get',
    path: '/api/v1/datasets',
    operationId: 'listDatasets',
    summary: 'List and search datasets',
    tags: ['Datasets'],
    security: shared.optionalKey,
    request: { query: DatasetListQuery },
    responses: { 200: { description: 'One page of matching datasets.', content: json(DatasetListSchema) }, ...common },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/v1/datasets/{slug}',
    operationId: 'getDataset',
    summary: 'A dataset with metadata, links and freshness',
    tags: ['Datasets'],
    security: shared.optionalKey,
    request: { params: SlugParam },
    responses: { 200: { description: 'The dataset.', content: json(DatasetDetailSchema) }, 404: notFoundResponse, ...common },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/v1/datasets/{slug}/series',
    operationId: 'getDatasetSeries',
    summary: 'Points of a dataset',
    tags: ['Datasets'],
    security: shared.optionalKey,
    request: { params: SlugParam, query: SeriesQuery, headers: IfNoneMatch },
    responses: {
      200: { description: 'The points.', headers: cacheHeaders, content: json(SeriesSchema) },
      304: { description: 'Unchanged since the ETag given in If-None-Match.', headers: cacheHeaders },
      404: notFoundResponse,
      ...common,
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/data/{slug}/preview',
    operationId: 'getDatasetPreview',
    summary: 'Sparkline data for a dataset (no key needed)',
    tags: ['Datasets'],
    security: shared.optionalKey,
    request: { params: SlugParam, headers: IfNoneMatch },
    responses: {
      200: { description: `The last ${PREVIEW_POINTS} points with their range and change.`, headers: cacheHeaders, content: json(PreviewSchema) },
      304: { description: 'Unchanged since the ETag given in If-None-Match.', headers: cacheHeaders },
      404: notFoundResponse,
      429: common[429],
    },
  });
};
