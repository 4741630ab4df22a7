// /datasets and /datasets/{slug} (docs/architecture.md#pages-for-people): the catalogue with the API's own filters (so a page's URL can be
// shared) and a sparkline per dataset, a page per dataset, and the whole series as CSV or JSON. The chart
// library (uPlot) and the pages' script and style are served by the service from npm, never from a CDN.
import { createRequire } from 'node:module';
import { Router, type Request, type Response } from 'express';
import { datasetBySlug } from '../../../domain/datasets/catalogue.js';
import { seriesCsv } from '../../../domain/datasets/csv.js';
import { dateOf } from '../../../domain/datasets/dates.js';
import { freshness, nextRelease } from '../../../domain/datasets/freshness.js';
import { PREVIEW_POINTS } from '../../../domain/datasets/series.js';
import type { Point } from '../../../domain/datasets/types.js';
import { getDataset, listDatasets, seriesPoints, type DatasetRow } from '../../../infra/datasets/queries.js';
import type { PageDeps } from '../../portal/deps.js';
import type { Queryable } from '../../../infra/sql/sql.js';
import { sendPage } from '../../portal/answers.js';
import { DatasetListQuery, isSlug, MAX_LIMIT, SeriesQuery } from '../../routes/datasets-schemas.js';
import { seriesOptions, shapedSeries } from '../../routes/datasets-series.js';
import { everyProblem, parse } from '../../validation.js';
import { ApiError } from '../../errors.js';
import { WholeSeries } from '../../../infra/datasets/whole-series.js';
import { isDefaultView, seriesParams, viewOf, type DatasetViewQuery } from './controls.js';
import { viewLabels } from './view-labels.js';
import { load, serve } from '../assets.js';
import { errorPage } from '../pages.js';
import { catalogueMain, cataloguePage, type CatalogueQuery } from './catalogue-page.js';
import { datasetMain, datasetPage, LATEST_ROWS } from './dataset-page.js';
import { datasetSnapshots, type DatasetSnapshot } from './snapshot.js';

const require = createRequire(import.meta.url);
/** How long the pages may show the database as it was (snapshot.ts). */
export const SNAPSHOT_TTL_MS = 5000;

const freshnessOf = (row: DatasetRow, now: Date) =>
  freshness({
    cadence: row.cadence,
    publicationLagDays: row.publication_lag_days,
    lastObservationDate: row.last_date,
    lastRefreshedAt: row.last_refreshed_at,
    now,
  });

/** The filters as the form shows them; a value the API would refuse is shown as no filter. */
function catalogueQuery(req: Request): CatalogueQuery {
  const text = (name: string) => (typeof req.query[name] === 'string' ? (req.query[name] as string) : '');
  const parsed = DatasetListQuery.safeParse({ ...req.query, limit: String(MAX_LIMIT) });
  const valid = parsed.success ? parsed.data : undefined;
  return {
    q: text('q').slice(0, 200),
    category: valid?.category ?? '',
    source: valid?.source ?? '',
    cadence: valid?.cadence ?? '',
  };
}

export function datasetPages(deps: PageDeps & { db: Queryable }): Router {
  const router = Router();
  const notFound = (req: Request, res: Response) =>
    sendPage(
      res,
      404,
      errorPage(deps.session.context(req, res), {
        status: 404,
        title: 'No such dataset',
        message: 'See the list of datasets for what there is.',
      }),
    );

  const whole = new WholeSeries(deps.db);
  /** A view's series options, as the page's JSON (and so its chart) reads them from the same parameters. */
  const optionsOf = (params: Record<string, unknown>) => seriesOptions(parse(SeriesQuery, params, everyProblem));
  /** The latest `count` points of a chosen view, oldest first; none when the view is refused (the chart says why). */
  const latestInView = async (row: DatasetRow, query: DatasetViewQuery, count: number) => {
    const options = {
      ...optionsOf(Object.fromEntries(seriesParams(query, row.last_date))),
      limit: count,
      direction: 'latest' as const,
    };
    return (
      await shapedSeries(deps.db, whole, row, options).catch((error: unknown) =>
        error instanceof ApiError ? { points: [] } : Promise.reject(error),
      )
    ).points;
  };
  const snapshot = datasetSnapshots(deps.db, { ttlMs: SNAPSHOT_TTL_MS, points: Math.max(PREVIEW_POINTS, LATEST_ROWS) });
  /** The latest `count` points, oldest first, a fresh array; read from the database for a dataset the snapshot predates (a search's). */
  const latestOf = async (snap: DatasetSnapshot, slug: string, count: number) =>
    (snap.latest.get(slug) ?? (await seriesPoints(deps.db, slug, count, 'latest'))).slice(-count);
  // A page's content rendered from a snapshot, by page and day (freshness and the next release change with the
  // date): rendered once, sent until the snapshot is read again. The keys are bounded: slugs of the snapshot, and
  // the filters' allowed values (a search is never kept).
  const rendered = new WeakMap<DatasetSnapshot, Map<string, string>>();
  const renderedOnce = (snap: DatasetSnapshot, key: string, make: () => string) => {
    let pages = rendered.get(snap);
    if (!pages) rendered.set(snap, (pages = new Map()));
    let html = pages.get(key);
    if (html === undefined) pages.set(key, (html = make()));
    return html;
  };

  router.get('/datasets', async (req, res) => {
    const query = catalogueQuery(req);
    const snap = await snapshot();
    const now = new Date();
    const item = (row: DatasetRow, preview: Point[]) => ({ row, freshness: freshnessOf(row, now), preview });
    if (query.q !== '') {
      // A search ranks in the database (full-text).
      const filter = {
        q: query.q,
        category: query.category || undefined,
        source: query.source || undefined,
        cadence: query.cadence || undefined,
        limit: MAX_LIMIT,
        offset: 0,
      };
      const { rows } = await listDatasets(deps.db, filter);
      const items = await Promise.all(
        rows.map(async (row) => item(row, await latestOf(snap, row.slug, PREVIEW_POINTS))),
      );
      return sendPage(res, 200, cataloguePage(deps.session.context(req, res), catalogueMain(query, items)));
    }
    // The filters alone: the snapshot's rows, in the same order (category, slug).
    const main = renderedOnce(
      snap,
      `catalogue ${query.category} ${query.source} ${query.cadence} ${dateOf(now)}`,
      () => {
        const rows = snap.rows.filter(
          (row) =>
            (!query.category || row.category === query.category) &&
            (!query.source || row.source === query.source) &&
            (!query.cadence || row.cadence === query.cadence),
        );
        return catalogueMain(
          query,
          rows.map((row) => item(row, (snap.latest.get(row.slug) ?? []).slice(-PREVIEW_POINTS))),
        );
      },
    );
    sendPage(res, 200, cataloguePage(deps.session.context(req, res), main));
  });

  // The whole series in a view (the series endpoint's units, frequency, range and vintage), however long: the
  // API pages it by `limit`, and a daily series would cost a reader's browser a dozen calls of its per-minute
  // allowance. What the page's chart draws and its download buttons give; a parameter the API would refuse is
  // refused the same way (400 in the error shape).
  router.get(/^\/datasets\/([a-z0-9-]+)\.(csv|json)$/, async (req, res) => {
    const [slug, format] = [String(req.params[0]), String(req.params[1])];
    const row = isSlug(slug) ? await getDataset(deps.db, slug) : null;
    if (!row) return notFound(req, res);
    const { download: _download, ...params } = req.query;
    const view = async () => {
      const options = { ...optionsOf(params), limit: Number.MAX_SAFE_INTEGER, direction: 'earliest' as const };
      return { options, ...(await shapedSeries(deps.db, whole, row, options)) };
    };
    // Data, not a page: a refused view is answered as the API answers it.
    const shaped = await view().catch((error: unknown) => (error instanceof ApiError ? error : Promise.reject(error)));
    if (shaped instanceof ApiError) return res.status(shaped.status).json(shaped.body);
    const { options, points, incomplete } = shaped;
    if (req.query.download !== undefined)
      res.setHeader('Content-Disposition', `attachment; filename="${slug}.${format}"`);
    if (format === 'csv') return res.type('text/csv; charset=utf-8').send(seriesCsv(points));
    // With what the page says of the view (view-labels.ts), so that its script relabels the page from this answer.
    const labels = viewLabels(row, options);
    res.json({
      slug,
      unit: row.unit,
      units: options.units,
      count: points.length,
      points,
      ...(incomplete.length ? { incomplete_periods: incomplete } : {}),
      labels,
    });
  });

  router.get('/datasets/:slug', async (req, res) => {
    const slug = String(req.params.slug);
    const snap = await snapshot();
    const known = snap.bySlug.get(slug);
    const row = known ?? (isSlug(slug) ? await getDataset(deps.db, slug) : null);
    if (!row) return notFound(req, res);
    const now = new Date();
    const mainOf = (latest: Point[]) => {
      const release = nextRelease({
        cadence: row.cadence,
        publicationLagDays: row.publication_lag_days,
        lastObservationDate: row.last_date,
        releaseDates: datasetBySlug(slug)?.releaseDates,
        now,
      });
      return datasetMain({
        row,
        freshness: freshnessOf(row, now),
        nextRelease: release,
        latest: latest.reverse(),
        baseUrl: deps.baseUrl,
        query,
      });
    };
    // A dataset of the snapshot has the points the default view shows in it; one loaded since is read from the
    // database. Only the default view is kept rendered: a chosen one is drawn for its request, its table with it.
    const query = viewOf(req.query, row.cadence);
    const main = !isDefaultView(query)
      ? mainOf(await latestInView(row, query, LATEST_ROWS))
      : known
        ? renderedOnce(snap, `dataset ${slug} ${dateOf(now)}`, () =>
            mainOf((snap.latest.get(slug) ?? []).slice(-LATEST_ROWS)),
          )
        : mainOf(await seriesPoints(deps.db, slug, LATEST_ROWS, 'latest'));
    sendPage(
      res,
      200,
      datasetPage(deps.session.context(req, res), row.title, main, row.description.split(/(?<=\.)\s/)[0]),
    );
  });

  return router;
}

/** uPlot and the pages' own script and stylesheet; mounted beside /assets. */
datasetPages.assets = (): Router => {
  const router = Router();
  const uplot = (file: string) => require.resolve(`uplot/dist/${file}`);
  router.get(
    '/assets/datasets/uPlot.iife.min.js',
    serve(load(uplot('uPlot.iife.min.js'), 'text/javascript; charset=utf-8')),
  );
  router.get('/assets/datasets/uPlot.min.css', serve(load(uplot('uPlot.min.css'), 'text/css; charset=utf-8')));
  router.get('/assets/datasets.css', serve(load('./assets/datasets.css', 'text/css; charset=utf-8')));
  router.get('/assets/datasets.js', serve(load('./assets/datasets.js', 'text/javascript; charset=utf-8')));
  return router;
};
