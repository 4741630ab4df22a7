// The live catalogue (issue 18, item 6) on each database: every publisher's recorded answer, served by a local
// HTTP server at the URL the publisher documents, refreshes its dataset and records the revision it makes; a
// source that fails, or answers in another format, leaves the last good data served with the failure in the
// dataset's freshness.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetActivities } from '../../activities/datasets.js';
import { datasetRoutes } from '../../api/routes/datasets.js';
import { datasetBySlug } from '../../domain/datasets/catalogue.js';
import { parsePoints } from '../../domain/datasets/parse.js';
import type { Point } from '../../domain/datasets/types.js';
import { datasetMigrations } from '../../infra/datasets/migrations.js';
import { liveUrl } from '../../infra/datasets/publishers/index.js';
import { listRevisions, seriesAsOf } from '../../infra/datasets/queries.js';
import { readBundledFile } from '../../infra/datasets/sources.js';
import { migrate } from '../../infra/sql/migrate.js';
import type { Sql } from '../../infra/sql/sql.js';
import { fromRoot } from '../../infra/paths.js';
import { ensureDatasetSchedules } from '../../infra/datasets/temporal.js';
import { requireTemporal } from '../../bin/context.js';
import { startWorker, type Running } from '../../bin/service.js';
import { openTestContext, type TestContext } from '../support/context.js';
import { serve, silentLogger, type Served } from '../support/datasets.js';
import { testDatabases } from '../support/sql.js';
import { DATASET_REFRESH_WORKFLOW, type DatasetRefreshSummary } from '../../contracts/dataset-refresh.js';

const WORKFLOWS = fileURLToPath(new URL('../../workflows/datasets.ts', import.meta.url));
const fixture = (name: string) => readFileSync(fromRoot(`test/fixtures/dataset-sources/${name}`), 'utf8');
const EIA_KEY = 'test-eia-key';

/** The request a publisher's URL becomes when sent to the local server: "/host/path?query". */
const routeOf = (url: string) => {
  const parsed = new URL(url);
  return `/${parsed.host}${parsed.pathname}${parsed.search}`;
};
const routeFor = (slug: string) => routeOf(liveUrl(datasetBySlug(slug)!.live!, { eiaApiKey: EIA_KEY }));

interface Case {
  publisher: string;
  slug: string;
  file: string;
  type: string;
  /** What the recording says, in points, as the dataset stores them. */
  points: (text: string) => Point[] | Promise<Point[]>;
  /** A later release: one point added and one revised, in the publisher's format. */
  later: (text: string) => string;
  added: Point;
  revised: { date: string; to: number };
}

const csvRows = (text: string, sep = ',') =>
  text
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(sep));

const CASES: Case[] = [
  {
    publisher: 'ONS',
    slug: 'uk-cpi-annual-rate',
    file: 'ons-d7g7-mm23.csv',
    type: 'text/csv',
    points: async () =>
      parsePoints(
        await readBundledFile(datasetBySlug('uk-cpi-annual-rate')!.file),
        datasetBySlug('uk-cpi-annual-rate')!.format,
      ),
    later: (text) => text.replace('"2026 FEB","3.0"', '"2026 FEB","3.1"') + '"2026 MAR","3.3"\n',
    added: { date: '2026-03-01', value: 3.3 },
    revised: { date: '2026-02-01', to: 3.1 },
  },
  {
    publisher: 'Bank of England',
    slug: 'uk-gilt-10y-yield',
    file: 'boe-IUQAMNPY.csv',
    type: 'text/csv',
    points: async () =>
      parsePoints(
        await readBundledFile(datasetBySlug('uk-gilt-10y-yield')!.file),
        datasetBySlug('uk-gilt-10y-yield')!.format,
      ),
    later: (text) => text.replace('31 Dec 2025,4.5197', '31 Dec 2025,4.52') + '31 Mar 2026,4.61\n',
    added: { date: '2026-03-31', value: 4.61 },
    revised: { date: '2025-12-31', to: 4.52 },
  },
  {
    publisher: 'FRED',
    slug: 'gbp-per-usd',
    file: 'fred-EXUSUK.csv',
    type: 'text/csv',
    points: (text) =>
      csvRows(text).map(([date, value]) => ({ date: date!, value: Math.round(10_000 / Number(value)) / 10_000 })),
    later: (text) => text.replace('2026-06-01,1.3339', '2026-06-01,1.3400') + '2026-07-01,1.2500\n',
    added: { date: '2026-07-01', value: 0.8 },
    revised: { date: '2026-06-01', to: 0.7463 },
  },
  {
    publisher: 'ECB',
    slug: 'euribor-3m',
    file: 'ecb-FM-EURIBOR3MD_.csv',
    type: 'text/csv',
    // The first fixing of each month, as the bundled copy holds it.
    points: (text) =>
      csvRows(text)
        .filter((row, i, rows) => i === 0 || row[8]!.slice(0, 7) !== rows[i - 1]![8]!.slice(0, 7))
        .map((row) => ({ date: row[8]!, value: Number(row[9]) })),
    later: (text) => {
      const last = text.trim().split('\n').at(-1)!;
      return (
        text.replace(',2026-05-04,2.2,', ',2026-05-04,2.19,') +
        last.replace(',2026-05-06,2.222,', ',2026-06-01,2.2112,') +
        '\n'
      );
    },
    added: { date: '2026-06-01', value: 2.2112 },
    revised: { date: '2026-05-04', to: 2.19 },
  },
  {
    publisher: 'EIA',
    slug: 'brent-crude-weekly',
    file: 'eia-PET.RBRTE.W.json',
    type: 'application/json',
    points: (text) =>
      (JSON.parse(text) as { response: { data: { period: string; value: number }[] } }).response.data
        .map((row) => ({ date: row.period, value: row.value }))
        .reverse(),
    later: (text) => {
      const body = JSON.parse(text) as { response: { total: number; data: { period: string; value: number }[] } };
      body.response.data[0]!.value = 92.6;
      body.response.data.unshift({ ...body.response.data[0]!, period: '2026-08-21', value: 90.05 });
      body.response.total += 1;
      return JSON.stringify(body);
    },
    added: { date: '2026-08-21', value: 90.05 },
    revised: { date: '2026-08-14', to: 92.6 },
  },
  {
    publisher: 'BIS',
    slug: 'uk-residential-property-prices',
    file: 'bis-WS_SPP-Q.GB.N.628.csv',
    type: 'text/csv',
    points: (text) =>
      csvRows(text).map((row) => {
        const [year, q] = row[5]!.split('-Q');
        const end = { 1: '03-31', 2: '06-30', 3: '09-30', 4: '12-31' }[Number(q) as 1 | 2 | 3 | 4];
        return { date: `${year}-${end}`, value: Number(row[6]) };
      }),
    later: (text) => text.replace('2025-Q4,172.7348', '2025-Q4,172.9') + 'BIS:WS_SPP(1.0),Q,GB,N,628,2026-Q1,173.5\n',
    added: { date: '2026-03-31', value: 173.5 },
    revised: { date: '2025-12-31', to: 172.9 },
  },
  {
    publisher: 'World Bank',
    slug: 'uk-inflation-annual',
    file: 'world-bank-GBR-FP.CPI.TOTL.ZG.json',
    type: 'application/json',
    points: (text) =>
      (JSON.parse(text) as [unknown, { date: string; value: number | null }[]])[1]
        .filter((row) => row.value !== null)
        .map((row) => ({ date: `${row.date}-01-01`, value: row.value! }))
        .reverse(),
    later: (text) => {
      const body = JSON.parse(text) as [unknown, { date: string; value: number | null }[]];
      body[1].find((row) => row.date === '2025')!.value = 3.4;
      body[1].find((row) => row.date === '2023')!.value = 7.3;
      return JSON.stringify(body);
    },
    added: { date: '2025-01-01', value: 3.4 },
    revised: { date: '2023-01-01', to: 7.3 },
  },
  {
    publisher: 'Destatis',
    slug: 'de-road-deaths',
    file: 'destatis-46241-0002.ffcsv',
    type: 'text/csv',
    points: (text) =>
      csvRows(text, ';')
        .filter((row) => row[9] === 'VER003')
        .map((row) => ({ date: `${row[4]}-01-01`, value: Number(row[11]) })),
    later: (text) =>
      text.replace(
        ';2021;DINSG;Germany;DG;Germany;VER003;Persons killed;2562;',
        ';2021;DINSG;Germany;DG;Germany;VER003;Persons killed;2569;',
      ) +
      '46241;Road traffic accident statistics;JAHR;Year;2022;DINSG;Germany;DG;Germany;VER003;Persons killed;2788;number;e\n',
    added: { date: '2022-01-01', value: 2788 },
    revised: { date: '2021-01-01', to: 2569 },
  },
];

describe.each(testDatabases())('the live catalogue on $name', (database) => {
  let db: { sql: Sql; close(): Promise<void> };
  let api: Served;
  let source: Server;
  let origin: string;
  // What the local "publishers" answer, by request path and query; and every request they saw.
  const routes = new Map<string, { status: number; body: string; type?: string }>();
  const requests: string[] = [];
  let run = 0;

  const activities = (sources: 'live' | 'bundled', eiaApiKey: string | undefined = EIA_KEY) =>
    datasetActivities({
      sql: db.sql,
      logger: silentLogger,
      sources,
      eiaApiKey,
      sourceOrigin: origin,
      fetchTimeoutMs: 2000,
    });
  const refresh = async (
    slug: string,
    sources: 'live' | 'bundled' = 'live',
    eiaApiKey?: string,
  ): Promise<DatasetRefreshSummary> =>
    activities(sources, eiaApiKey ?? EIA_KEY).refreshDataset({
      slug,
      refreshId: `live-${database.name}-${++run}`,
      startedAt: new Date().toISOString(),
    });
  const pointsOf = (slug: string) =>
    db.sql.query<Point & Record<string, unknown>>(
      'select date::text as date, value from dataset_points where slug = $1 order by date',
      [slug],
    );
  const detail = async (slug: string) => {
    const response = await fetch(`${api.url}/api/v1/datasets/${slug}`);
    expect(response.status).toBe(200);
    return (await response.json()) as {
      freshness: {
        last_refreshed_at: string;
        source?: { mode: string; url: string | null; last_error: string | null; last_error_at: string | null };
      };
      revisions: { added: number; revised: number; removed: number }[];
    };
  };
  const serveFixture = (slug: string, body: string, type = 'text/csv', status = 200) =>
    routes.set(routeFor(slug), { status, body, type });

  beforeAll(async () => {
    db = await database.open();
    await migrate(db.sql, datasetMigrations);
    api = await serve([datasetRoutes({ sql: db.sql, cacheTtlMs: 0 })]);
    source = createServer((req, res) => {
      requests.push(req.url!);
      const route = routes.get(req.url!);
      res
        .writeHead(route?.status ?? 404, { 'content-type': route?.type ?? 'text/plain' })
        .end(route?.body ?? 'no such page');
    });
    source.listen(0, '127.0.0.1');
    await new Promise((resolve) => source.once('listening', resolve));
    origin = `http://127.0.0.1:${(source.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    source?.closeAllConnections();
    source?.close();
    await api?.close();
    await db?.close();
  });

  describe.each(CASES)('$publisher ($slug)', (c) => {
    it('refreshes from the recorded answer at the documented URL, writing its points and the revision they make', async () => {
      await refresh(c.slug, 'bundled');
      const bundled = await pointsOf(c.slug);
      expect((await detail(c.slug)).freshness.source).toEqual({
        mode: 'bundled',
        url: null,
        last_error: null,
        last_error_at: null,
      });
      const revisionsBefore = (await listRevisions(db.sql, c.slug)).length;

      const text = fixture(c.file);
      serveFixture(c.slug, text, c.type);
      const result = await refresh(c.slug);
      expect(requests.at(-1)).toBe(routeFor(c.slug));
      expect(result).toMatchObject({ origin: 'url', note: null });
      const expected = await c.points(text);
      expect(await pointsOf(c.slug)).toEqual(expected);
      const revisions = await listRevisions(db.sql, c.slug);
      const same = JSON.stringify(expected) === JSON.stringify(bundled);
      // The recording that matches the bundled copy publishes nothing new; a shorter one withdraws the rest.
      expect(revisions).toHaveLength(revisionsBefore + (same ? 0 : 1));
      const body = await detail(c.slug);
      expect(body.freshness.source).toEqual({
        mode: 'live',
        url: expect.stringContaining(new URL(liveUrl(datasetBySlug(c.slug)!.live!, {})).host),
        last_error: null,
        last_error_at: null,
      });
      expect(body.freshness.source!.url).not.toContain(EIA_KEY);

      // The publisher's next release: a new observation and a revised one, recorded as one revision.
      serveFixture(c.slug, c.later(text), c.type);
      expect(await refresh(c.slug)).toMatchObject({ origin: 'url', note: null });
      const points = await pointsOf(c.slug);
      expect(points.find((p) => p.date === c.added.date)).toEqual(c.added);
      expect(points.find((p) => p.date === c.revised.date)!.value).toBe(c.revised.to);
      const [latest] = await db.sql.query<{
        added: Point[];
        revised: { date: string; to: number }[];
        removed: Point[];
      }>(
        'select added, revised, removed from dataset_revisions where slug = $1 order by published_at desc, refresh_id desc limit 1',
        [c.slug],
      );
      expect(latest).toEqual({ added: [c.added], revised: [expect.objectContaining(c.revised)], removed: [] });
      // as_of today answers the series as now published.
      expect(await seriesAsOf(db.sql, c.slug, new Date().toISOString().slice(0, 10))).toEqual(points);
    });
  });

  describe('a failing source', () => {
    const slug = 'gbp-per-usd';

    it.each([
      ['an HTTP error', { status: 503, body: 'Service Unavailable' }, /live source failed: answered HTTP 503/],
      [
        'an HTML page instead of the CSV',
        { status: 200, body: '<!doctype html><html><body>Sorry, we are down</body></html>' },
        /FRED: unexpected header, no column "observation_date", "EXUSUK"/,
      ],
      [
        'a renamed column',
        { status: 200, body: fixture('fred-EXUSUK.csv').replace('EXUSUK', 'EXUSUK_20261125') },
        /unexpected header, no column "EXUSUK"/,
      ],
      [
        'a header and no rows',
        { status: 200, body: 'observation_date,EXUSUK\n' },
        /FRED: the response has no data rows/,
      ],
      [
        'only missing values',
        { status: 200, body: 'observation_date,EXUSUK\n2026-07-01,.\n' },
        /FRED: no observations in the response/,
      ],
    ])('keeps the last good data on %s and marks its freshness', async (_name, answer, reason) => {
      serveFixture(slug, fixture('fred-EXUSUK.csv'));
      await refresh(slug);
      const good = await pointsOf(slug);
      const before = await detail(slug);
      expect(before.freshness.source!.last_error).toBeNull();

      routes.set(routeFor(slug), { ...answer, type: 'text/html' });
      const result = await refresh(slug);
      expect(result).toMatchObject({
        origin: 'kept',
        points: good.length,
        lastDate: good.at(-1)!.date,
        note: expect.stringMatching(reason),
      });
      expect(await pointsOf(slug)).toEqual(good);
      const after = await detail(slug);
      expect(after.freshness.last_refreshed_at).toBe(before.freshness.last_refreshed_at);
      expect(after.freshness.source).toEqual({
        mode: 'live',
        url: expect.stringContaining('fred.stlouisfed.org/graph/fredgraph.csv?id=EXUSUK'),
        last_error: expect.stringMatching(reason),
        last_error_at: expect.any(String),
      });
      expect(after.revisions).toEqual(before.revisions);
      const [record] = await db.sql.query<{ outcome: string; mode: string; message: string }>(
        'select outcome, mode, message from dataset_refreshes where slug = $1 order by finished_at desc limit 1',
        [slug],
      );
      expect(record).toMatchObject({ outcome: 'failed', mode: 'live', message: expect.stringMatching(reason) });

      // The source answers again: the mark goes.
      serveFixture(slug, fixture('fred-EXUSUK.csv'));
      await refresh(slug);
      expect((await detail(slug)).freshness.source).toMatchObject({
        mode: 'live',
        last_error: null,
        last_error_at: null,
      });
    });

    it('keeps the last good data when the source is unreachable', async () => {
      const dead = datasetActivities({
        sql: db.sql,
        logger: silentLogger,
        sources: 'live',
        sourceOrigin: 'http://127.0.0.1:9',
        fetchTimeoutMs: 2000,
      });
      const good = await pointsOf(slug);
      const result = await dead.refreshDataset({
        slug,
        refreshId: `live-${database.name}-${++run}`,
        startedAt: new Date().toISOString(),
      });
      expect(result).toMatchObject({ origin: 'kept', note: expect.stringMatching(/live source failed: unreachable/) });
      expect(await pointsOf(slug)).toEqual(good);
      expect((await detail(slug)).freshness.source!.last_error).toMatch(/unreachable/);
    });

    it('loads the bundled file when a dataset that never loaded cannot reach its source, with the failure marked', async () => {
      const never = 'eur-per-usd';
      routes.set(routeFor(never), { status: 500, body: 'Internal Server Error' });
      const result = await refresh(never);
      const definition = datasetBySlug(never)!;
      const bundled = parsePoints(await readBundledFile(definition.file), definition.format);
      expect(result).toMatchObject({ origin: 'file', points: bundled.length, note: expect.stringMatching(/HTTP 500/) });
      expect(await pointsOf(never)).toEqual(bundled);
      expect((await detail(never)).freshness.source).toMatchObject({
        mode: 'live',
        last_error: expect.stringMatching(/HTTP 500/),
      });
    });

    it('refuses a series the publisher answered for another country, and a date given twice with two values', async () => {
      const wrong = fixture('world-bank-GBR-FP.CPI.TOTL.ZG.json').replaceAll('"GBR"', '"FRA"');
      routes.set(routeFor('uk-inflation-annual'), { status: 200, body: wrong, type: 'application/json' });
      expect(await refresh('uk-inflation-annual')).toMatchObject({
        origin: 'kept',
        note: expect.stringMatching(/FP.CPI.TOTL.ZG of FRA, not the series asked for/),
      });
      const twice = fixture('bis-WS_SPP-Q.GB.N.628.csv') + 'BIS:WS_SPP(1.0),Q,GB,N,628,2025-Q4,180\n';
      routes.set(routeFor('uk-residential-property-prices'), { status: 200, body: twice });
      expect(await refresh('uk-residential-property-prices')).toMatchObject({
        origin: 'kept',
        note: expect.stringMatching(/two values for 2025-12-31/),
      });
    });
  });

  describe('sources with their own rules', () => {
    it('keeps the bundled Bank Rate history before the daily series starts, at month ends', async () => {
      const slug = 'uk-bank-rate';
      await refresh(slug, 'bundled');
      const bundled = await pointsOf(slug);
      serveFixture(slug, fixture('boe-IUDBEDR.csv'));
      // The last daily rate is of 29 August 2025: August's month end is not known yet.
      expect(await refresh(slug)).toMatchObject({ origin: 'url', lastDate: '2025-07-31' });
      const points = await pointsOf(slug);
      expect(points.filter((p) => p.date < '2024-07-01')).toEqual(bundled.filter((p) => p.date < '2024-07-01'));
      expect(points.filter((p) => p.date >= '2024-07-01')).toEqual([
        { date: '2024-07-31', value: 5.25 },
        { date: '2024-08-31', value: 5 },
        { date: '2024-09-30', value: 5 },
        { date: '2024-10-31', value: 5 },
        { date: '2024-11-30', value: 4.75 },
        { date: '2024-12-31', value: 4.75 },
        { date: '2025-01-31', value: 4.75 },
        { date: '2025-02-28', value: 4.5 },
        { date: '2025-03-31', value: 4.5 },
        { date: '2025-04-30', value: 4.5 },
        { date: '2025-05-31', value: 4.25 },
        { date: '2025-06-30', value: 4.25 },
        { date: '2025-07-31', value: 4.25 },
      ]);
    });

    it('leaves the EIA datasets on their bundled files without an API key, and a dataset without a live source', async () => {
      const before = requests.length;
      expect(await refresh('wti-crude-monthly', 'live', '')).toMatchObject({ origin: 'file', url: null, note: null });
      expect(await refresh('uk-house-price-nationwide', 'live')).toMatchObject({
        origin: 'file',
        url: null,
        note: null,
      });
      expect(requests.length).toBe(before);
      expect((await detail('uk-house-price-nationwide')).freshness.source).toEqual({
        mode: 'bundled',
        url: null,
        last_error: null,
        last_error_at: null,
      });
    });
  });
});

// The Schedule's run of the refresh workflow, on the run's Temporal dev server, reads the publisher in live mode.
describe('on its Schedule', () => {
  let t: TestContext;
  let source: Server;
  let prefix: string;
  const SLUG = 'uk-residential-property-prices';

  beforeAll(async () => {
    t = await openTestContext({ env: { DATASET_SOURCES: 'live' } });
    await migrate(t.context.engines.sql, datasetMigrations);
    prefix = `${t.config.TEMPORAL_TASK_QUEUE}-${DATASET_REFRESH_WORKFLOW.idOf({ slug: '' })}`;
    const body = fixture('bis-WS_SPP-Q.GB.N.628.csv');
    source = createServer((req, res) => {
      const found = req.url === routeFor(SLUG);
      res.writeHead(found ? 200 : 404, { 'content-type': 'text/csv' }).end(found ? body : 'no such page');
    });
    source.listen(0, '127.0.0.1');
    await new Promise((resolve) => source.once('listening', resolve));
    const origin = `http://127.0.0.1:${(source.address() as AddressInfo).port}`;
    // The worker's activities as createActivities makes them from the configuration, but for the test origin.
    expect(t.config.DATASET_SOURCES).toBe('live');
    const activities = datasetActivities({
      sql: t.context.engines.sql,
      logger: t.context.logger,
      sources: t.config.DATASET_SOURCES,
      sourceOrigin: origin,
    });
    running = await startWorker(t.context, { workflowsPath: WORKFLOWS, activities });
  });

  let running: Running | undefined;

  afterAll(async () => {
    await t?.context.temporal?.client.schedule
      .getHandle(`${prefix}${SLUG}`)
      .delete()
      .catch(() => undefined);
    await running?.stop();
    source?.closeAllConnections();
    source?.close();
    await t?.close();
  });

  it('refreshes from the publisher when the Schedule fires, and records the revision', async () => {
    const client = requireTemporal(t.context).client;
    await ensureDatasetSchedules(client, t.config.TEMPORAL_TASK_QUEUE, {
      idScope: `${t.config.TEMPORAL_TASK_QUEUE}-`,
      slugs: [SLUG],
    });
    await client.schedule.getHandle(`${prefix}${SLUG}`).trigger();
    const sql = t.context.engines.sql;
    let records: { mode: string; origin: string; outcome: string }[] = [];
    for (let i = 0; i < 150 && records.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      records = await sql.query('select mode, origin, outcome from dataset_refreshes where slug = $1', [SLUG]);
    }
    expect(records).toEqual([{ mode: 'live', origin: 'url', outcome: 'success' }]);
    const revisions = await listRevisions(sql, SLUG);
    expect(revisions).toEqual([expect.objectContaining({ added: 12, revised: 0, removed: 0 })]);
  });
});
