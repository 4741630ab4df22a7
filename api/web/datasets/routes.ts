// /datasets and /datasets/{slug} (DESIGN §12): the catalogue with the API's own filters (so a page's URL can be
// shared) and a sparkline per dataset, a page per dataset, and the whole series as CSV or JSON. The chart
// library (uPlot) and the pages' script and style are served by the service from npm, never from a CDN.
import { createRequire } from 'node:module';
import compression from 'compression';
import { Router, type Request, type Response } from 'express';
import { datasetBySlug } from '../../../domain/datasets/catalogue.js';
import { seriesCsv } from '../../../domain/datasets/csv.js';
import { freshness, nextRelease } from '../../../domain/datasets/freshness.js';
import { PREVIEW_POINTS } from '../../../domain/datasets/series.js';
import { getDataset, listDatasets, seriesPoints, type DatasetRow } from '../../../infra/datasets/queries.js';
import type { PortalDeps } from '../../portal/deps.js';
import { sendPage } from '../../portal/answers.js';
import { DatasetListQuery, isSlug, MAX_LIMIT } from '../../routes/datasets-schemas.js';
import { load, serve } from '../assets.js';
import { errorPage } from '../pages.js';
import { cataloguePage, datasetPage, type CatalogueQuery } from './pages.js';

const require = createRequire(import.meta.url);
const LATEST_ROWS = 12;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const freshnessOf = (row: DatasetRow, now: Date) =>
  freshness({ cadence: row.cadence, publicationLagDays: row.publication_lag_days, lastObservationDate: row.last_date, lastRefreshedAt: row.last_refreshed_at, now });

/** The filters as the form shows them; a value the API would refuse is shown as no filter. */
function catalogueQuery(req: Request): CatalogueQuery {
  const text = (name: string) => (typeof req.query[name] === 'string' ? (req.query[name] as string) : '');
  const parsed = DatasetListQuery.safeParse({ ...req.query, limit: String(MAX_LIMIT) });
  const valid = parsed.success ? parsed.data : undefined;
  return { q: text('q').slice(0, 200), category: valid?.category ?? '', source: valid?.source ?? '', cadence: valid?.cadence ?? '' };
}

export function datasetPages(deps: PortalDeps): Router {
  const router = Router();
  const notFound = (req: Request, res: Response) =>
    sendPage(res, 404, errorPage(deps.session.context(req, res), { status: 404, title: 'No such dataset', message: 'See the list of datasets for what there is.' }));

  router.get('/datasets', async (req, res) => {
    const query = catalogueQuery(req);
    const filter = { ...(query.q.trim() ? { q: query.q } : {}), category: query.category || undefined, source: query.source || undefined, cadence: query.cadence || undefined, limit: MAX_LIMIT, offset: 0 };
    const { rows } = await listDatasets(deps.db, filter);
    const now = new Date();
    const items = await Promise.all(
      rows.map(async (row) => ({ row, freshness: freshnessOf(row, now), preview: await seriesPoints(deps.db, row.slug, PREVIEW_POINTS, 'latest') })),
    );
    sendPage(res, 200, cataloguePage(deps.session.context(req, res), query, items));
  });

  // The whole series from `observation_start` (or the first point), however long: the API pages it by `limit`,
  // and a daily series would cost a reader's browser a dozen calls of its per-minute allowance. What the page's
  // chart draws and its download buttons give.
  router.get(/^\/datasets\/([a-z0-9-]+)\.(csv|json)$/, async (req, res) => {
    const [slug, format] = [String(req.params[0]), String(req.params[1])];
    const row = isSlug(slug) ? await getDataset(deps.db, slug) : null;
    if (!row) return notFound(req, res);
    const start = typeof req.query.observation_start === 'string' && ISO_DATE.test(req.query.observation_start) ? req.query.observation_start : undefined;
    const points = await seriesPoints(deps.db, slug, Number.MAX_SAFE_INTEGER, 'earliest', { start });
    if (req.query.download !== undefined) res.setHeader('Content-Disposition', `attachment; filename="${slug}.${format}"`);
    if (format === 'csv') res.type('text/csv; charset=utf-8').send(seriesCsv(points));
    else res.json({ slug, unit: row.unit, count: points.length, points });
  });

  router.get('/datasets/:slug', async (req, res) => {
    const slug = String(req.params.slug);
    const row = isSlug(slug) ? await getDataset(deps.db, slug) : null;
    if (!row) return notFound(req, res);
    const now = new Date();
    const latest = (await seriesPoints(deps.db, slug, LATEST_ROWS, 'latest')).reverse();
    const release = nextRelease({
      cadence: row.cadence,
      publicationLagDays: row.publication_lag_days,
      lastObservationDate: row.last_date,
      releaseDates: datasetBySlug(slug)?.releaseDates,
      now,
    });
    sendPage(res, 200, datasetPage(deps.session.context(req, res), { row, freshness: freshnessOf(row, now), nextRelease: release, latest, baseUrl: deps.baseUrl }));
  });
  return router;
}

/** uPlot and the pages' own script and stylesheet; mounted beside /assets. */
datasetPages.assets = (): Router => {
  const router = Router();
  const uplot = (file: string) => require.resolve(`uplot/dist/${file}`);
  router.use(['/assets/datasets', '/assets/datasets.css', '/assets/datasets.js'], compression());
  router.get('/assets/datasets/uPlot.iife.min.js', serve(load(uplot('uPlot.iife.min.js'), 'text/javascript; charset=utf-8')));
  router.get('/assets/datasets/uPlot.min.css', serve(load(uplot('uPlot.min.css'), 'text/css; charset=utf-8')));
  router.get('/assets/datasets.css', serve(load('./assets/datasets.css', 'text/css; charset=utf-8')));
  router.get('/assets/datasets.js', serve(load('./assets/datasets.js', 'text/javascript; charset=utf-8')));
  return router;
};
