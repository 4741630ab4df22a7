// The analysts' parameters of the series endpoints (issue 18): frequency aggregation, CSV, and several series
// in one call, on each database, with the bundled data loaded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetRoutes } from '../../api/routes/datasets.js';
import type { Sql } from '../../infra/sql/sql.js';
import { loadDatasets, serve, type Served } from '../support/datasets.js';
import { testDatabases } from '../support/sql.js';

type P = { date: string; value: number };

const SLUGS = [
  'uk-cpi-index',
  'uk-bank-rate',
  'brent-crude-daily',
  'brent-crude-weekly',
  'de-road-deaths',
  'uk-residential-property-prices',
];

const tidy = (value: number) => Number(value.toPrecision(12));
const mean = (values: number[]) => tidy(values.reduce((a, b) => a + b, 0) / values.length);

describe.each(testDatabases())('series analysis on $name', (database) => {
  let db: { sql: Sql; close(): Promise<void> };
  let api: Served;

  beforeAll(async () => {
    db = await database.open();
    await loadDatasets(db.sql, SLUGS);
    api = await serve([datasetRoutes({ sql: db.sql })]);
  });

  afterAll(async () => {
    await api?.close();
    await db?.close();
  });

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${api.url}${path}`, { headers });
    const text = await response.text();
    const json = response.headers.get('content-type')?.startsWith('application/json');
    return { status: response.status, headers: response.headers, text, body: json && text ? JSON.parse(text) : null };
  };
  const all = async (slug: string): Promise<P[]> =>
    (await get(`/api/v1/datasets/${slug}/series?limit=1000`)).body.points; // the last 1000

  const expectBadRequest = async (path: string, message: RegExp) => {
    const { status, body } = await get(path);
    expect(status, path).toBe(400);
    expect(body).toEqual({ error: 'invalid_parameter', message: expect.stringMatching(message), code: 400 });
  };

  it('says why a dataset is behind when the bundled snapshot is all there is (issue 57)', async () => {
    const { body } = await get('/api/v1/datasets/uk-cpi-index');
    // The bundled file ends in February 2026: months behind the clock of this run.
    expect(body.freshness.status).toBe('stale');
    expect(body.freshness.source.mode).toBe('bundled');
    expect(body.freshness.reason).toBe(
      `Only the bundled snapshot is loaded (DATASET_SOURCES=bundled), whose last observation is ${body.freshness.last_observation_date}: it gains no newer ones. With DATASET_SOURCES=live the service refreshes it from the publisher.`,
    );
  });

  describe('frequency', () => {
    it('averages CPI months into quarters dated at their start, and marks the quarter still running', async () => {
      const months = await all('uk-cpi-index');
      const { status, body } = await get('/api/v1/datasets/uk-cpi-index/series?frequency=quarterly&limit=3');
      expect(status).toBe(200);
      expect(Object.keys(body)).toEqual([
        'slug',
        'direction',
        'limit',
        'units',
        'frequency',
        'aggregation_method',
        'count',
        'observation_count',
        'points',
        'incomplete_periods',
      ]);
      // count is counted as points is (quarters), observation_count the dataset's own (months): issue 57.
      const quarters = new Set(months.map((p) => `${p.date.slice(0, 4)}Q${Math.ceil(Number(p.date.slice(5, 7)) / 3)}`));
      expect(body).toMatchObject({ frequency: 'quarterly', aggregation_method: 'avg', units: 'lin' });
      expect(body).toMatchObject({ count: quarters.size, observation_count: months.length });
      expect(months.length).toBe(458);
      const ranged = await get('/api/v1/datasets/uk-cpi-index/series?observation_start=2025-01-01&limit=2');
      expect(ranged.body).toMatchObject({
        count: months.filter((p) => p.date >= '2025-01-01').length,
        observation_count: 458,
      });
      expect(ranged.body.points).toHaveLength(2);
      const of = (from: string, to: string) => months.filter((p) => p.date >= from && p.date <= to).map((p) => p.value);
      // The last month is February 2026: Q1 2026 has two of its three months.
      expect(of('2026-01-01', '2026-03-01')).toHaveLength(2);
      expect(body.points).toEqual([
        { date: '2025-07-01', value: mean(of('2025-07-01', '2025-09-01')) },
        { date: '2025-10-01', value: mean(of('2025-10-01', '2025-12-01')) },
        { date: '2026-01-01', value: mean(of('2026-01-01', '2026-03-01')) },
      ]);
      expect(body.incomplete_periods).toEqual(['2026-01-01']);
    });

    it('sums and takes the end of period', async () => {
      const months = await all('uk-cpi-index');
      const year2025 = months.filter((p) => p.date.startsWith('2025-')).map((p) => p.value);
      expect(year2025).toHaveLength(12);
      const sum = (
        await get(
          '/api/v1/datasets/uk-cpi-index/series?frequency=annual&aggregation_method=sum&observation_start=2025-01-01&observation_end=2025-01-01',
        )
      ).body;
      expect(sum.points).toEqual([{ date: '2025-01-01', value: tidy(year2025.reduce((a, b) => a + b, 0)) }]);
      expect(sum.incomplete_periods).toEqual([]);
      const eop = (await get('/api/v1/datasets/uk-cpi-index/series?frequency=annual&aggregation_method=eop&limit=2'))
        .body;
      expect(eop.points).toEqual([
        { date: '2025-01-01', value: year2025.at(-1) },
        { date: '2026-01-01', value: months.at(-1)!.value },
      ]);
      expect(eop).toMatchObject({ aggregation_method: 'eop', incomplete_periods: ['2026-01-01'] });
    });

    it('aggregates first, then transforms: pc1 of quarters compares a quarter with the same one a year before', async () => {
      const quarters = (await get('/api/v1/datasets/uk-cpi-index/series?frequency=quarterly&limit=1000')).body
        .points as P[];
      const growth = (await get('/api/v1/datasets/uk-cpi-index/series?frequency=quarterly&units=pc1&limit=4')).body;
      expect(growth).toMatchObject({ units: 'pc1', frequency: 'quarterly', incomplete_periods: ['2026-01-01'] });
      const byDate = new Map(quarters.map((q) => [q.date, q.value]));
      expect(growth.points).toEqual(
        quarters.slice(-4).map((q) => {
          const yearBefore = byDate.get(`${Number(q.date.slice(0, 4)) - 1}${q.date.slice(4)}`)!;
          return { date: q.date, value: tidy((q.value / yearBefore - 1) * 100) };
        }),
      );
      // The first four quarters have no year before: left out, not invented.
      const first = (
        await get('/api/v1/datasets/uk-cpi-index/series?frequency=quarterly&units=pc1&direction=earliest&limit=1')
      ).body.points;
      expect(first).toEqual([{ date: quarters[4]!.date, value: expect.any(Number) }]);
    });

    it('takes the range on the periods after aggregating, and may find none', async () => {
      const inside = (
        await get(
          '/api/v1/datasets/uk-cpi-index/series?frequency=quarterly&observation_start=2025-02-15&observation_end=2025-12-31',
        )
      ).body;
      expect(inside.points.map((p: P) => p.date)).toEqual(['2025-04-01', '2025-07-01', '2025-10-01']);
      expect(inside.incomplete_periods).toEqual([]);
      const none = (await get('/api/v1/datasets/uk-cpi-index/series?frequency=annual&observation_start=2030-01-01'))
        .body;
      expect(none).toMatchObject({ points: [], incomplete_periods: [] });
    });

    it('re-dates a month-end series to month starts, and weeks of a daily series to Mondays', async () => {
      const rate = await all('uk-bank-rate');
      const monthly = (await get('/api/v1/datasets/uk-bank-rate/series?frequency=monthly&limit=2')).body;
      expect(monthly.points).toEqual(rate.slice(-2).map((p) => ({ date: `${p.date.slice(0, 8)}01`, value: p.value })));
      expect(monthly.incomplete_periods).toEqual([]);

      const weeks = (await get('/api/v1/datasets/brent-crude-daily/series?frequency=weekly&limit=5')).body;
      for (const week of weeks.points as P[]) expect(new Date(`${week.date}T00:00:00Z`).getUTCDay()).toBe(1);
      // The last observation, Tuesday 18 August 2026, leaves its week and its month incomplete.
      expect(weeks.incomplete_periods).toEqual(['2026-08-17']);
      expect((await get('/api/v1/datasets/brent-crude-daily/series?frequency=monthly&limit=1')).body).toMatchObject({
        points: [{ date: '2026-08-01' }],
        incomplete_periods: ['2026-08-01'],
      });
    });

    it('is a 400 for a cadence finer than the dataset’s, for aggregation_method alone, and for unknown values', async () => {
      await expectBadRequest(
        '/api/v1/datasets/uk-cpi-index/series?frequency=weekly',
        /frequency weekly is finer than uk-cpi-index's own cadence \(monthly\); it can be aggregated to monthly, quarterly, annual/,
      );
      await expectBadRequest(
        '/api/v1/datasets/de-road-deaths/series?frequency=quarterly&units=pc1',
        /cadence \(annual\); it can be aggregated to annual\./,
      );
      await expectBadRequest(
        '/api/v1/datasets/uk-cpi-index/series?aggregation_method=sum',
        /aggregation_method needs a frequency/,
      );
      await expectBadRequest(
        '/api/v1/datasets/uk-cpi-index/series?frequency=daily',
        /frequency must be one of weekly, monthly, quarterly, annual/,
      );
      await expectBadRequest(
        '/api/v1/datasets/uk-cpi-index/series?frequency=monthly&aggregation_method=median',
        /aggregation_method must be one of avg, sum, eop/,
      );
      await expectBadRequest(
        '/api/v1/datasets/uk-cpi-index/series?frequency=monthly&frequency=annual',
        /frequency must be one of/,
      );
      // The cadence is the dataset's: an unknown slug is still a 404.
      expect((await get('/api/v1/datasets/no-such-dataset/series?frequency=weekly')).status).toBe(404);
    });
  });

  describe('CSV', () => {
    it('answers format=csv with a header and one row per point, byte for byte', async () => {
      const { status, headers, text } = await get(
        '/api/v1/datasets/de-road-deaths/series?format=csv&direction=earliest&limit=3',
      );
      expect(status).toBe(200);
      expect(headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
      expect(text).toBe('date,value\n1991-01-01,11300\n1995-01-01,9454\n2000-01-01,7503\n');
      expect(headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
    });

    it('writes the same points as the JSON answer, with every parameter applied', async () => {
      const query = 'units=pc1&frequency=quarterly&limit=8';
      const json = (await get(`/api/v1/datasets/uk-cpi-index/series?${query}`)).body.points as P[];
      const csv = (await get(`/api/v1/datasets/uk-cpi-index/series?${query}&format=csv`)).text;
      expect(csv).toBe(`date,value\n${json.map((p) => `${p.date},${p.value}\n`).join('')}`);
      expect(csv.split('\n')).toHaveLength(json.length + 2); // the header, the rows, and the empty text after the last newline
    });

    it('is chosen by an Accept header preferring text/csv, unless format says otherwise, and varies on Accept', async () => {
      const path = '/api/v1/datasets/de-road-deaths/series?limit=2';
      const csv = await get(path, { Accept: 'text/csv' });
      expect(csv.text).toMatch(/^date,value\n/);
      expect(csv.headers.get('vary')).toMatch(/Accept/);
      expect((await get(path, { Accept: 'text/csv;q=0.5, application/json' })).body).toMatchObject({
        slug: 'de-road-deaths',
      });
      expect((await get(path, { Accept: 'application/json;q=0.2, text/csv' })).text).toMatch(/^date,value\n/);
      expect((await get(path, { Accept: '*/*' })).body).toMatchObject({ slug: 'de-road-deaths' });
      expect((await get(`${path}&format=json`, { Accept: 'text/csv' })).body).toMatchObject({ slug: 'de-road-deaths' });
      expect((await get(`${path}&format=csv`, { Accept: 'application/json' })).text).toMatch(/^date,value\n/);
      // Errors keep the JSON error shape whatever was asked for.
      const bad = await get('/api/v1/datasets/de-road-deaths/series?format=xlsx', { Accept: 'text/csv' });
      expect(bad.status).toBe(400);
      expect(bad.headers.get('content-type')).toMatch(/^application\/json/);
      expect(JSON.parse(bad.text)).toMatchObject({
        error: 'invalid_parameter',
        message: expect.stringMatching(/format must be one of json, csv/),
      });
    });

    it('gives CSV its own ETag and a 304 for it', async () => {
      const csv = await get('/api/v1/datasets/de-road-deaths/series?format=csv');
      const json = await get('/api/v1/datasets/de-road-deaths/series');
      expect(csv.headers.get('etag')).not.toBe(json.headers.get('etag'));
      expect(
        (await get('/api/v1/datasets/de-road-deaths/series?format=csv', { 'If-None-Match': csv.headers.get('etag')! }))
          .status,
      ).toBe(304);
    });
  });

  describe('GET /api/v1/series', () => {
    it('aligns several series on their dates, null where one has no point', async () => {
      const cpi = await all('uk-cpi-index');
      const rate = await all('uk-bank-rate');
      const { status, body, headers } = await get(
        '/api/v1/series?slugs=uk-cpi-index,uk-bank-rate&observation_end=2025-05-31&limit=4',
      );
      expect(status).toBe(200);
      expect(headers.get('cache-control')).toBe('public, max-age=300');
      expect(Object.keys(body)).toEqual(['slugs', 'direction', 'limit', 'observation_end', 'units', 'dates', 'values']);
      // CPI is dated on the 1st, Bank Rate on month ends: at their own dates they never meet.
      expect(body.dates).toEqual(['2025-04-01', '2025-04-30', '2025-05-01', '2025-05-31']);
      const valueOn = (points: P[], date: string) => points.find((p) => p.date === date)!.value;
      expect(body.values).toEqual({
        'uk-cpi-index': [valueOn(cpi, '2025-04-01'), null, valueOn(cpi, '2025-05-01'), null],
        'uk-bank-rate': [null, valueOn(rate, '2025-04-30'), null, valueOn(rate, '2025-05-31')],
      });
    });

    it('shares dates once frequency puts both at period starts, and applies units to each', async () => {
      const cpiGrowth = (
        await get('/api/v1/datasets/uk-cpi-index/series?frequency=monthly&units=pc1&observation_end=2025-05-31&limit=3')
      ).body.points as P[];
      const rate = (
        await get('/api/v1/datasets/uk-bank-rate/series?frequency=monthly&units=pc1&observation_end=2025-05-31&limit=3')
      ).body.points as P[];
      const { body } = await get(
        '/api/v1/series?slugs=uk-cpi-index,uk-bank-rate&frequency=monthly&units=pc1&observation_end=2025-05-31&limit=3',
      );
      expect(body).toMatchObject({ units: 'pc1', frequency: 'monthly', aggregation_method: 'avg' });
      expect(body.dates).toEqual(['2025-03-01', '2025-04-01', '2025-05-01']);
      expect(body.values).toEqual({
        'uk-cpi-index': cpiGrowth.map((p) => p.value),
        'uk-bank-rate': rate.map((p) => p.value),
      });
      expect(body.incomplete_periods).toEqual({ 'uk-cpi-index': [], 'uk-bank-rate': [] });
    });

    it('keeps `limit` rows of the aligned table from the end `direction` names, and lists each series’ incomplete periods', async () => {
      // Weekly Brent runs to Friday 14 August 2026 (Q3 under way); CPI to February 2026 (Q1 under way).
      const latest = (await get('/api/v1/series?slugs=brent-crude-weekly,uk-cpi-index&frequency=quarterly&limit=3'))
        .body;
      expect(latest.dates).toEqual(['2026-01-01', '2026-04-01', '2026-07-01']);
      expect(latest.values['uk-cpi-index'].slice(1)).toEqual([null, null]);
      expect(latest.incomplete_periods).toEqual({
        'brent-crude-weekly': ['2026-07-01'],
        'uk-cpi-index': ['2026-01-01'],
      });
      const earliest = (
        await get('/api/v1/series?slugs=brent-crude-weekly,uk-cpi-index&frequency=quarterly&direction=earliest&limit=2')
      ).body;
      // CPI begins in January 1988, weekly Brent in May 1987 (Q2, begun before the series).
      expect(earliest.dates).toEqual(['1987-04-01', '1987-07-01']);
      expect(earliest.values['uk-cpi-index']).toEqual([null, null]);
      expect(earliest.incomplete_periods).toEqual({ 'brent-crude-weekly': ['1987-04-01'], 'uk-cpi-index': [] });
    });

    it('answers CSV with a date column and one column per slug, byte for byte', async () => {
      const months = (
        await get('/api/v1/datasets/uk-cpi-index/series?limit=1000&direction=earliest&observation_end=1992-12-31')
      ).body.points as P[];
      const december = (year: number) => months.find((p) => p.date === `${year}-12-01`)!.value;
      const path =
        '/api/v1/series?slugs=de-road-deaths,uk-cpi-index&frequency=annual&aggregation_method=eop&observation_start=1991-01-01&direction=earliest&limit=3';
      const { status, headers, text } = await get(`${path}&format=csv`);
      expect(status).toBe(200);
      expect(headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
      expect(text).toBe(
        `date,de-road-deaths,uk-cpi-index\n1991-01-01,11300,${december(1991)}\n1992-01-01,,${december(1992)}\n1993-01-01,,${(await get('/api/v1/datasets/uk-cpi-index/series?frequency=annual&aggregation_method=eop&observation_start=1993-01-01&direction=earliest&limit=1')).body.points[0].value}\n`,
      );
      expect((await get(path, { Accept: 'text/csv' })).text).toBe(text);
    });

    it('is a 400 for a bad list of slugs or bad series parameters', async () => {
      await expectBadRequest('/api/v1/series', /slugs must be one comma-separated list/);
      await expectBadRequest(
        '/api/v1/series?slugs=uk-cpi-index&slugs=uk-bank-rate',
        /slugs must be one comma-separated list/,
      );
      await expectBadRequest('/api/v1/series?slugs=', /slugs: "" is not a dataset slug/);
      await expectBadRequest('/api/v1/series?slugs=uk-cpi-index,,uk-bank-rate', /is not a dataset slug/);
      await expectBadRequest(
        '/api/v1/series?slugs=uk-cpi-index,UK-BANK-RATE',
        /slugs: "UK-BANK-RATE" is not a dataset slug/,
      );
      await expectBadRequest(`/api/v1/series?slugs=${encodeURIComponent('uk-cpi-index,\u0000x')}`, /not valid text/);
      await expectBadRequest(
        `/api/v1/series?slugs=${Array.from({ length: 11 }, (_, i) => `s${i}`).join(',')}`,
        /slugs names 11 datasets; at most 10 at once/,
      );
      await expectBadRequest('/api/v1/series?slugs=uk-cpi-index,uk-cpi-index', /slugs names a dataset twice/);
      await expectBadRequest(
        '/api/v1/series?slugs=uk-cpi-index&aggregation_method=sum',
        /aggregation_method needs a frequency/,
      );
      await expectBadRequest('/api/v1/series?slugs=uk-cpi-index&limit=1001', /limit must be an integer from 1 to 1000/);
      await expectBadRequest(
        '/api/v1/series?slugs=brent-crude-daily,uk-cpi-index&frequency=weekly',
        /frequency weekly is finer than uk-cpi-index's own cadence \(monthly\)/,
      );
    });

    it('is a 404 naming the first slug that names no dataset', async () => {
      const { status, body } = await get('/api/v1/series?slugs=uk-cpi-index,no-such-dataset,other-missing');
      expect(status).toBe(404);
      expect(body).toEqual({ error: 'not_found', message: 'No dataset with slug "no-such-dataset".', code: 404 });
    });

    it('answers a single slug and spaces around commas', async () => {
      const one = (await get('/api/v1/series?slugs=de-road-deaths&limit=2')).body;
      const series = (await get('/api/v1/datasets/de-road-deaths/series?limit=2')).body.points as P[];
      expect(one).toMatchObject({
        slugs: ['de-road-deaths'],
        dates: series.map((p) => p.date),
        values: { 'de-road-deaths': series.map((p) => p.value) },
      });
      expect((await get('/api/v1/series?slugs=de-road-deaths%20,%20uk-cpi-index&limit=1')).body.slugs).toEqual([
        'de-road-deaths',
        'uk-cpi-index',
      ]);
    });
  });
});
