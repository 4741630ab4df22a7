import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetRoutes } from '../../api/routes/datasets.js';
import { CATALOGUE } from '../../domain/datasets/catalogue.js';
import type { Sql } from '../../infra/sql/sql.js';
import { loadDatasets, serve, type Served } from '../support/datasets.js';
import { testDatabases } from '../support/sql.js';

const TOTAL = CATALOGUE.length;

describe.each(testDatabases())('dataset endpoints on $name', (database) => {
  let db: { sql: Sql; close(): Promise<void> };
  let api: Served;
  // The clock freshness is judged against; tests move it.
  let clock = new Date('2026-11-22T12:00:00Z');

  beforeAll(async () => {
    db = await database.open();
    await loadDatasets(db.sql);
    api = await serve([datasetRoutes({ sql: db.sql, now: () => clock })]);
  });

  afterAll(async () => {
    await api?.close();
    await db?.close();
  });

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${api.url}${path}`, { headers });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, body: text ? JSON.parse(text) : null };
  };
  const slugs = (body: { datasets: { slug: string }[] }) => body.datasets.map((d) => d.slug);

  describe('GET /api/v1/datasets', () => {
    it('lists every dataset with the default page', async () => {
      const { status, body } = await get('/api/v1/datasets');
      expect(status).toBe(200);
      expect(body).toMatchObject({ count: TOTAL, limit: 50, offset: 0 });
      expect(body.datasets).toHaveLength(TOTAL);
      const cpi = body.datasets.find((d: { slug: string }) => d.slug === 'uk-cpi-annual-rate');
      expect(Object.keys(cpi).sort()).toEqual(
        ['cadence', 'category', 'description', 'freshness', 'latest', 'slug', 'source', 'title', 'unit'].sort(),
      );
      expect(cpi).toMatchObject({
        category: 'inflation',
        source: 'ons',
        cadence: 'monthly',
        unit: '%',
        latest: { date: '2026-02-01', value: 3 },
      });
      expect(Object.keys(cpi.freshness).sort()).toEqual([
        'age_days',
        'last_observation_date',
        'last_refreshed_at',
        'next_expected_date',
        'status',
      ]);
    });

    it.each([
      ['category=fx', ['eur-per-usd', 'gbp-per-usd']],
      ['source=emmi', ['euribor-12m', 'euribor-1m', 'euribor-1w', 'euribor-3m', 'euribor-6m']],
      ['cadence=daily', ['brent-crude-daily']],
      ['cadence=weekly', ['brent-crude-weekly']],
      ['category=interest-rates&source=boe', ['uk-bank-rate', 'uk-gilt-10y-yield']],
      ['category=housing&cadence=quarterly&q=germany', ['de-residential-property-prices']],
      ['category=energy&source=ons', []],
    ])('filters by %s', async (query, expected) => {
      const { status, body } = await get(`/api/v1/datasets?${query}`);
      expect(status).toBe(200);
      expect(slugs(body).sort()).toEqual(expected);
      expect(body.count).toBe(expected.length);
    });

    it('ranks the consumer-price datasets first for "inflation"', async () => {
      const { body } = await get('/api/v1/datasets?q=inflation');
      const consumerPrices = [
        'uk-cpi-annual-rate',
        'uk-cpi-index',
        'uk-inflation-annual',
        'de-inflation-annual',
        'fr-inflation-annual',
      ];
      expect(slugs(body).slice(0, consumerPrices.length).sort()).toEqual([...consumerPrices].sort());
      expect(slugs(body)).toContain('uk-rpi-annual-rate');
      expect(body.datasets.every((d: { category: string }) => d.category === 'inflation')).toBe(true);
      expect(body.count).toBe(body.datasets.length);
    });

    it.each([
      ['infl', 'uk-cpi-annual-rate'],
      ['house prices germany', 'de-residential-property-prices'],
      ['nationwide', 'uk-house-price-nationwide'],
      ['Bank of England', 'uk-bank-rate'],
      ['road deaths', 'de-road-deaths'],
      ['crude', 'brent-crude-daily'],
    ])('finds %j', async (q, slug) => {
      const { body } = await get(`/api/v1/datasets?q=${encodeURIComponent(q)}`);
      expect(slugs(body)).toContain(slug);
      expect(body.count).toBeLessThan(TOTAL);
    });

    it('finds the insurance price components by a word in their titles', async () => {
      const { body } = await get('/api/v1/datasets?q=insurance');
      expect(slugs(body).sort()).toEqual(['uk-rpi-dwelling-insurance', 'uk-rpi-vehicle-tax-insurance']);
    });

    it('answers an empty list, not an error, for a search that matches nothing or has no words', async () => {
      for (const q of ['zzzqqq', '!!! ***', "'); drop table datasets; --"]) {
        const { status, body } = await get(`/api/v1/datasets?q=${encodeURIComponent(q)}`);
        expect(status).toBe(200);
        expect(body).toMatchObject({ datasets: [], count: 0 });
      }
      expect((await get('/api/v1/datasets?q=')).body.count).toBe(TOTAL);
    });

    it('pages through every dataset exactly once', async () => {
      const seen: string[] = [];
      for (let offset = 0; offset < TOTAL; offset += 7) {
        const { body } = await get(`/api/v1/datasets?limit=7&offset=${offset}`);
        expect(body).toMatchObject({ count: TOTAL, limit: 7, offset });
        expect(body.datasets.length).toBe(Math.min(7, TOTAL - offset));
        seen.push(...slugs(body));
      }
      expect(new Set(seen).size).toBe(TOTAL);
      expect(seen).toEqual(slugs((await get('/api/v1/datasets?limit=1000')).body));
    });

    it.each([
      ['limit=1', 1, 0],
      ['limit=1000', TOTAL, 0],
      [`offset=${TOTAL - 1}`, 1, TOTAL - 1],
      [`offset=${TOTAL}`, 0, TOTAL],
      ['offset=1000000', 0, 1_000_000],
    ])('accepts the boundary %s', async (query, length, offset) => {
      const { status, body } = await get(`/api/v1/datasets?${query}`);
      expect(status).toBe(200);
      expect(body.datasets).toHaveLength(length);
      expect(body).toMatchObject({ count: TOTAL, offset });
    });
  });

  describe('bad parameters', () => {
    it.each([
      ['/api/v1/datasets?limit=1001', /limit must be an integer from 1 to 1000/],
      ['/api/v1/datasets?limit=0', /limit must be an integer from 1 to 1000/],
      ['/api/v1/datasets?limit=-5', /limit/],
      ['/api/v1/datasets?limit=ten', /limit/],
      ['/api/v1/datasets?limit=2.5', /limit/],
      ['/api/v1/datasets?limit=', /limit/],
      ['/api/v1/datasets?limit=5&limit=6', /limit/],
      ['/api/v1/datasets?offset=-1', /offset must be an integer from 0/],
      ['/api/v1/datasets?category=weather', /category must be one of inflation, interest-rates, housing/],
      ['/api/v1/datasets?source=nasa', /source must be one of/],
      ['/api/v1/datasets?cadence=hourly', /cadence must be one of daily, weekly, monthly, quarterly, annual/],
      ['/api/v1/datasets?q=a&q=b', /q must be a single string/],
      [`/api/v1/datasets?q=${'a'.repeat(201)}`, /q must be at most 200 characters/],
      ['/api/v1/datasets/uk-cpi-index/series?direction=sideways', /direction must be one of latest, earliest/],
      ['/api/v1/datasets/uk-cpi-index/series?limit=1001', /limit must be an integer from 1 to 1000/],
      ['/api/v1/datasets/uk-cpi-index/series?limit=0', /limit/],
    ])('%s is a 400 in the error shape', async (path, message) => {
      const { status, body } = await get(path);
      expect(status).toBe(400);
      expect(Object.keys(body).sort()).toEqual(['code', 'error', 'message']);
      expect(body).toMatchObject({ error: 'invalid_parameter', code: 400 });
      expect(body.message).toMatch(message);
    });

    it.each([
      '/api/v1/datasets/no-such-dataset',
      '/api/v1/datasets/no-such-dataset/series',
      '/data/no-such-dataset/preview',
      '/api/v1/datasets/%E2%9C%93',
    ])('%s is a 404 not_found', async (path) => {
      const { status, body } = await get(path);
      expect(status).toBe(404);
      expect(body).toEqual({ error: 'not_found', message: expect.stringMatching(/No dataset with slug/), code: 404 });
    });

    it('checks the parameters before the slug', async () => {
      expect((await get('/api/v1/datasets/no-such-dataset/series?limit=0')).status).toBe(400);
    });
  });

  describe('GET /api/v1/datasets/{slug}', () => {
    it('gives metadata, links and freshness', async () => {
      const { status, body } = await get('/api/v1/datasets/uk-residential-property-prices');
      expect(status).toBe(200);
      expect(body).toMatchObject({
        slug: 'uk-residential-property-prices',
        category: 'housing',
        source: 'bis',
        cadence: 'quarterly',
        unit: 'index, 2010=100',
        latest: { date: '2025-12-31', value: 172.7348 },
        metadata: {
          publisher: 'Bank for International Settlements',
          licence: expect.stringContaining('attribution'),
          source_url: 'https://data.bis.org/topics/RPP',
          coverage: { start: '1968-06-30', end: '2025-12-31' },
          observation_count: 231,
        },
        links: {
          self: '/api/v1/datasets/uk-residential-property-prices',
          series: '/api/v1/datasets/uk-residential-property-prices/series',
          preview: '/data/uk-residential-property-prices/preview',
          source: 'https://data.bis.org/topics/RPP',
        },
      });
      expect(body.metadata.methodology.length).toBeGreaterThan(40);
      expect(Date.parse(body.freshness.last_refreshed_at)).toBeGreaterThan(Date.now() - 10 * 60_000);
    });

    it.each([
      ['2026-03-26T09:00:00Z', 'fresh'],
      ['2026-04-20T09:00:00Z', 'due'],
      ['2026-06-01T09:00:00Z', 'overdue'],
      ['2026-08-01T09:00:00Z', 'stale'],
    ])('judges freshness against the clock: at %s CPI is %s', async (now, status) => {
      clock = new Date(now);
      try {
        const { body } = await get('/api/v1/datasets/uk-cpi-annual-rate');
        expect(body.freshness).toMatchObject({
          last_observation_date: '2026-02-01',
          next_expected_date: '2026-04-15',
          status,
        });
        // The list judges by the same clock.
        const listed = (await get('/api/v1/datasets?source=ons&category=inflation')).body.datasets;
        expect(listed.find((d: { slug: string }) => d.slug === 'uk-cpi-annual-rate').freshness.status).toBe(status);
      } finally {
        clock = new Date('2026-11-22T12:00:00Z');
      }
    });
  });

  describe('GET /api/v1/datasets/{slug}/series', () => {
    it('returns the latest 100 points by default, in date order', async () => {
      const { status, body } = await get('/api/v1/datasets/brent-crude-daily/series');
      expect(status).toBe(200);
      expect(body).toMatchObject({ slug: 'brent-crude-daily', direction: 'latest', limit: 100, count: 9958 });
      expect(body.points).toHaveLength(100);
      expect(body.points.at(-1)).toEqual({ date: '2026-08-18', value: 95.29 });
      const dates = body.points.map((p: { date: string }) => p.date);
      expect(dates).toEqual([...dates].sort());
    });

    it('returns the first points for direction=earliest, also in date order', async () => {
      const { body } = await get('/api/v1/datasets/brent-crude-daily/series?direction=earliest&limit=3');
      expect(body).toMatchObject({ direction: 'earliest', limit: 3, count: 9958 });
      expect(body.points).toEqual([
        { date: '1987-05-20', value: 18.63 },
        { date: '1987-05-21', value: 18.45 },
        { date: '1987-05-22', value: 18.55 },
      ]);
    });

    it('returns the whole series, the same way from either end, when the limit exceeds it', async () => {
      const latest = (await get('/api/v1/datasets/de-road-deaths/series?limit=1000')).body;
      const earliest = (await get('/api/v1/datasets/de-road-deaths/series?limit=1000&direction=earliest')).body;
      expect(latest.points).toHaveLength(23);
      expect(earliest.points).toEqual(latest.points);
      expect(latest.points[0]).toEqual({ date: '1991-01-01', value: 11300 });
    });

    it('takes an inclusive date range first, then the limit from the chosen end, and echoes the range', async () => {
      const all = (await get('/api/v1/datasets/de-road-deaths/series?limit=1000')).body.points as { date: string }[];
      const inRange = all.filter((p) => p.date >= '2000-01-01' && p.date <= '2005-01-01');
      expect(inRange.length).toBeGreaterThan(3);
      const range = (
        await get('/api/v1/datasets/de-road-deaths/series?observation_start=2000-01-01&observation_end=2005-01-01')
      ).body;
      expect(range).toMatchObject({ observation_start: '2000-01-01', observation_end: '2005-01-01' });
      expect(range.points).toEqual(inRange);
      // count is the range's points, before the limit; observation_count the dataset's (issue 57).
      expect(range.count).toBe(inRange.length);
      expect(range.observation_count).toBe(all.length);
      const latestTwo = (await get('/api/v1/datasets/de-road-deaths/series?observation_end=2005-01-01&limit=2')).body
        .points;
      expect(latestTwo).toEqual(inRange.slice(-2));
      const earliestTwo = (
        await get('/api/v1/datasets/de-road-deaths/series?observation_start=2000-01-01&limit=2&direction=earliest')
      ).body.points;
      expect(earliestTwo).toEqual(inRange.slice(0, 2));
      // Without a range there are no range fields; the units are always said.
      expect(Object.keys((await get('/api/v1/datasets/de-road-deaths/series?limit=1')).body)).toEqual([
        'slug',
        'direction',
        'limit',
        'units',
        'count',
        'observation_count',
        'points',
      ]);
    });

    it('transforms the whole series before the range and limit, leaving out points without the earlier one they need', async () => {
      const levels = (await get('/api/v1/datasets/de-road-deaths/series?limit=1000')).body.points as {
        date: string;
        value: number;
      }[];
      const changes = await get('/api/v1/datasets/de-road-deaths/series?limit=1000&units=chg');
      expect(changes.body.units).toBe('chg');
      expect(changes.body.points).toHaveLength(levels.length - 1);
      expect(changes.body.points[0]).toEqual({ date: levels[1]!.date, value: levels[1]!.value - levels[0]!.value });
      // The first point of a range still gets its change: the point before it lies outside the range, not the data.
      const ranged = (
        await get(
          `/api/v1/datasets/de-road-deaths/series?units=pc1&observation_start=${levels[5]!.date}&limit=1&direction=earliest`,
        )
      ).body;
      expect(ranged.points).toEqual([
        { date: levels[5]!.date, value: Number(((levels[5]!.value / levels[4]!.value - 1) * 100).toPrecision(12)) },
      ]);
      expect((await get('/api/v1/datasets/de-road-deaths/series?units=percent')).status).toBe(400);
    });

    it('refuses a date that is not one, and a range that ends before it starts (400)', async () => {
      for (const [query, message] of [
        ['observation_start=2020-13-01', /observation_start must be a date, YYYY-MM-DD/],
        ['observation_end=2021-02-29', /observation_end must be a date/],
        ['observation_start=01/02/2020', /observation_start must be a date/],
        // Year 0000 passes JavaScript's Date and fails PostgreSQL's (22008); 10000 has five digits.
        ['observation_start=0000-01-01', /observation_start must be a date, YYYY-MM-DD, from 0001-01-01 to 9999-12-31/],
        ['observation_end=0000-12-31', /observation_end must be a date/],
        ['as_of=0000-06-01', /as_of must be a date/],
        ['as_of=10000-01-01', /as_of must be a date/],
        ['observation_end=10000-01-01', /observation_end must be a date/],
        [
          'observation_start=2010-01-01&observation_end=2000-01-01',
          /observation_start must not be after observation_end/,
        ],
      ] as const) {
        const { status, body } = await get(`/api/v1/datasets/de-road-deaths/series?${query}`);
        expect(status, query).toBe(400);
        expect(body.message).toMatch(message);
      }
      // The first and last days of the range are dates like any other.
      const widest = await get(
        '/api/v1/datasets/de-road-deaths/series?observation_start=0001-01-01&observation_end=9999-12-31&as_of=9999-12-31',
      );
      expect(widest.status, JSON.stringify(widest.body)).toBe(200);
      expect((await get('/api/v1/datasets/de-road-deaths/series?as_of=0001-01-01')).body).toMatchObject({
        error: 'invalid_parameter',
        code: 400,
      });
    });

    it('sends an ETag and Cache-Control, and 304 for a matching If-None-Match', async () => {
      const first = await get('/api/v1/datasets/uk-cpi-index/series?limit=12');
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      expect(first.headers.get('cache-control')).toBe('public, max-age=300');
      expect(first.headers.get('content-type')).toMatch(/^application\/json/);

      const again = await get('/api/v1/datasets/uk-cpi-index/series?limit=12', { 'If-None-Match': etag });
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
      expect(
        (await get('/api/v1/datasets/uk-cpi-index/series?limit=12', { 'If-None-Match': `"other", W/${etag}` })).status,
      ).toBe(304);
      expect((await get('/api/v1/datasets/uk-cpi-index/series?limit=12', { 'If-None-Match': '"other"' })).status).toBe(
        200,
      );

      const other = await get('/api/v1/datasets/uk-cpi-index/series?limit=13');
      expect(other.headers.get('etag')).not.toBe(etag);
      expect((await get('/api/v1/datasets/uk-cpi-index/series?limit=13', { 'If-None-Match': etag })).status).toBe(200);
    });
  });

  describe('GET /data/{slug}/preview', () => {
    it('gives the last 24 points with min, max, latest and the change across them', async () => {
      const { status, body, headers } = await get('/data/uk-bank-rate/preview');
      expect(status).toBe(200);
      const series = (await get('/api/v1/datasets/uk-bank-rate/series?limit=24')).body.points as {
        date: string;
        value: number;
      }[];
      const values = series.map((p) => p.value);
      expect(body).toEqual({
        slug: 'uk-bank-rate',
        title: 'Bank of England Bank Rate, month end',
        unit: '% per year',
        cadence: 'monthly',
        points: series,
        min: Math.min(...values),
        max: Math.max(...values),
        latest: { date: '2025-05-31', value: 4.25 },
        change: { absolute: 4.25 - values[0]!, percent: Math.round(((4.25 - values[0]!) / values[0]!) * 10_000) / 100 },
      });
      expect(headers.get('cache-control')).toBe('public, max-age=300');
      expect((await get('/data/uk-bank-rate/preview', { 'If-None-Match': headers.get('etag')! })).status).toBe(304);
    });
  });
});
