// The series endpoints: one dataset's points (GET /api/v1/datasets/{slug}/series) and several datasets aligned
// on dates (GET /api/v1/series), as JSON or CSV. The shaping itself is domain/datasets/pipeline.ts.
import type { Request, Router } from 'express';
import type { z } from 'zod';
import { alignSeries } from '../../domain/datasets/align.js';
import { seriesCsv, tableCsv } from '../../domain/datasets/csv.js';
import { canAggregate, frequenciesFor } from '../../domain/datasets/frequency.js';
import { shapeSeries, type SeriesOptions, type ShapedSeries } from '../../domain/datasets/pipeline.js';
import { countPoints, getDataset, seriesAsOf, seriesPoints, type DatasetRow } from '../../infra/datasets/queries.js';
import { csvBody, jsonBody, type ResponseCache } from '../../infra/datasets/response-cache.js';
import type { Queryable } from '../../infra/sql/sql.js';
import { WholeSeries } from '../../infra/datasets/whole-series.js';
import { ApiError } from '../errors.js';
import { everyProblem, parse } from '../validation.js';
import { notFound, sendCached, slugOf } from './datasets-http.js';
import { MultiSeriesQuery, SeriesQuery, splitSlugs, type Format } from './datasets-schemas.js';

type SeriesParams = z.infer<typeof SeriesQuery>;

export function seriesOptions(q: SeriesParams): SeriesOptions {
  return {
    limit: q.limit,
    direction: q.direction,
    start: q.observation_start,
    end: q.observation_end,
    units: q.units,
    frequency: q.frequency,
    method: q.frequency ? (q.aggregation_method ?? 'avg') : undefined,
    asOf: q.as_of,
  };
}

const optionsKey = (o: SeriesOptions) =>
  [o.direction, o.limit, o.start, o.end, o.units, o.frequency, o.method, o.asOf].map((v) => v ?? '').join('\n');

/**
 * The parameters as the answer repeats them, in a fixed order. Each added parameter is echoed only when asked
 * for: an answer without one is byte for byte what it was before the parameter existed.
 */
function echoed(o: SeriesOptions) {
  return {
    direction: o.direction,
    limit: o.limit,
    ...(o.start ? { observation_start: o.start } : {}),
    ...(o.end ? { observation_end: o.end } : {}),
    ...(o.asOf ? { as_of: o.asOf } : {}),
    units: o.units,
    ...(o.frequency ? { frequency: o.frequency, aggregation_method: o.method } : {}),
  };
}

/** The format parameter when given; else text/csv when the Accept header prefers it to JSON. */
function formatOf(req: Request, format: Format | undefined): Format {
  if (format) return format;
  return req.accepts(['application/json', 'text/csv']) === 'text/csv' ? 'csv' : 'json';
}

/** A 400 unless the dataset's cadence can be aggregated to the frequency asked for. */
function checkFrequency(row: DatasetRow, o: SeriesOptions): void {
  if (!o.frequency || canAggregate(row.cadence, o.frequency)) return;
  throw ApiError.of(
    'invalid_parameter',
    `frequency ${o.frequency} is finer than ${row.slug}'s own cadence (${row.cadence}); it can be aggregated to ${frequenciesFor(row.cadence).join(', ')}.`,
  );
}

/**
 * The dataset's points shaped by the options; `count`, how many points that shape has in the range before the
 * limit (so that `count` and `points` are counted alike: quarters beside quarters), and `observations`, how many
 * the series (or its vintage) has at its own cadence.
 */
export async function shapedSeries(
  sql: Queryable,
  whole: WholeSeries,
  row: DatasetRow,
  o: SeriesOptions,
): Promise<ShapedSeries & { observations: number }> {
  checkFrequency(row, o);
  if (o.asOf) {
    const vintage = await seriesAsOf(sql, row.slug, o.asOf);
    if (!vintage)
      throw ApiError.of(
        'invalid_parameter',
        `as_of ${o.asOf} is before the first vintage of ${row.slug}; its detail lists the revision dates.`,
      );
    return { ...shapeSeries(vintage, row.cadence, o), observations: vintage.length };
  }
  // The level at the native cadence is a plain range-and-limit query. Anything else looks at the whole series:
  // a period's value needs all its observations, and a transform the point before the range or a year back.
  if (o.units === 'lin' && !o.frequency) {
    const range = { start: o.start, end: o.end };
    return {
      points: await seriesPoints(sql, row.slug, o.limit, o.direction, range),
      incomplete: [],
      count: o.start || o.end ? await countPoints(sql, row.slug, range) : row.observation_count,
      observations: row.observation_count,
    };
  }
  return { ...shapeSeries(await whole.get(row), row.cadence, o), observations: row.observation_count };
}

/** Vary on Accept: without a format parameter, the Accept header chooses the body. */
const VARY = 'Accept';

export function seriesRoutes(router: Router, deps: { sql: Queryable; cache: ResponseCache }): void {
  const { sql, cache } = deps;
  const whole = new WholeSeries(sql);

  router.get('/api/v1/datasets/:slug/series', async (req, res) => {
    const slug = slugOf(req);
    const query = parse(SeriesQuery, req.query, everyProblem);
    const options = seriesOptions(query);
    const format = formatOf(req, query.format);
    const cached = await cache.get(`series\n${slug}\n${format}\n${optionsKey(options)}`, async () => {
      const row = await getDataset(sql, slug);
      if (!row) return null;
      const { points, incomplete, count, observations } = await shapedSeries(sql, whole, row, options);
      if (format === 'csv') return csvBody(seriesCsv(points));
      return jsonBody({
        slug,
        ...echoed(options),
        count,
        observation_count: observations,
        points,
        ...(options.frequency ? { incomplete_periods: incomplete } : {}),
      });
    });
    if (!cached) throw notFound(slug);
    sendCached(req, res, cached, VARY);
  });

  router.get('/api/v1/series', async (req, res) => {
    const query = parse(MultiSeriesQuery, req.query, everyProblem);
    const slugs = splitSlugs(query.slugs);
    const options = seriesOptions(query);
    const format = formatOf(req, query.format);
    const cached = await cache.get(`multi\n${slugs.join(',')}\n${format}\n${optionsKey(options)}`, async () => {
      const rows = await Promise.all(slugs.map((slug) => getDataset(sql, slug)));
      const missing = slugs.find((_, i) => !rows[i]);
      if (missing !== undefined) throw notFound(missing);
      // Each series cut to `limit` from the same end: enough for the last `limit` shared dates (see alignSeries).
      const shaped = await Promise.all(rows.map((row) => shapedSeries(sql, whole, row!, options)));
      const { dates, columns } = alignSeries(
        shaped.map((s) => s.points),
        options.limit,
        options.direction,
      );
      if (format === 'csv') return csvBody(tableCsv(slugs, dates, columns));
      const shown = new Set(dates);
      return jsonBody({
        slugs,
        ...echoed(options),
        dates,
        values: Object.fromEntries(slugs.map((slug, i) => [slug, columns[i]])),
        ...(options.frequency
          ? {
              incomplete_periods: Object.fromEntries(
                slugs.map((slug, i) => [slug, shaped[i]!.incomplete.filter((d) => shown.has(d))]),
              ),
            }
          : {}),
      });
    });
    sendCached(req, res, cached!, VARY);
  });
}
