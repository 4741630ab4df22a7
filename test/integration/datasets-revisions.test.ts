// Refreshes over time, on each database: what freshness says changed (data or metadata), and the vintages a
// revision leaves behind. The refreshes are written directly with chosen times, as the refresh activity would
// write them on those days; the bundled data is the first vintage.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetRoutes } from '../../api/routes/datasets.js';
import { datasetBySlug } from '../../domain/datasets/catalogue.js';
import { parsePoints } from '../../domain/datasets/parse.js';
import type { DatasetDefinition, Point } from '../../domain/datasets/types.js';
import { datasetMigrations } from '../../infra/datasets/migrations.js';
import { readBundledFile } from '../../infra/datasets/sources.js';
import { replaceSeries } from '../../infra/datasets/writes.js';
import { migrate } from '../../infra/sql/migrate.js';
import type { Sql } from '../../infra/sql/sql.js';
import { serve, type Served } from '../support/datasets.js';
import { testDatabases } from '../support/sql.js';

const SLUG = 'de-road-deaths';

describe.each(testDatabases())('dataset revisions on $name', (database) => {
  let db: { sql: Sql; close(): Promise<void> };
  let api: Served;
  let definition: DatasetDefinition;
  let bundled: Point[];
  let clock = new Date('2026-05-01T12:00:00Z');

  const refreshAt = (iso: string, points: readonly Point[], def: DatasetDefinition = definition) =>
    replaceSeries(db.sql, def, points, {
      id: `refresh-${iso}`,
      startedAt: new Date(iso),
      finishedAt: new Date(iso),
      origin: 'file',
      url: null,
      message: null,
    });

  const get = async (path: string) => {
    const response = await fetch(`${api.url}${path}`);
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      text,
      body: response.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : null,
    };
  };

  beforeAll(async () => {
    db = await database.open();
    await migrate(db.sql, datasetMigrations);
    definition = datasetBySlug(SLUG)!;
    bundled = parsePoints(await readBundledFile(definition.file), definition.format);
    // Responses are not cached here, so each request sees the latest refresh at once.
    api = await serve([datasetRoutes({ sql: db.sql, now: () => clock, cacheTtlMs: 0 })]);
  });

  afterAll(async () => {
    await api?.close();
    await db?.close();
  });

  describe('freshness of data and metadata', () => {
    // Each step builds on the one before.
    const detail = async () => (await get(`/api/v1/datasets/${SLUG}`)).body;

    it('dates data and metadata at the first load', async () => {
      const changes = await refreshAt('2026-01-10T06:00:00.000Z', bundled);
      expect(changes).toEqual({ added: bundled, revised: [], removed: [] });
      expect((await detail()).freshness).toMatchObject({
        last_refreshed_at: '2026-01-10T06:00:00.000Z',
        data_updated_at: '2026-01-10T06:00:00.000Z',
        metadata_updated_at: '2026-01-10T06:00:00.000Z',
      });
    });

    it('leaves both where they were after a refresh that finds the same points and description', async () => {
      const changes = await refreshAt('2026-02-10T06:00:00.000Z', bundled);
      expect(changes).toEqual({ added: [], revised: [], removed: [] });
      expect((await detail()).freshness).toMatchObject({
        last_refreshed_at: '2026-02-10T06:00:00.000Z',
        data_updated_at: '2026-01-10T06:00:00.000Z',
        metadata_updated_at: '2026-01-10T06:00:00.000Z',
      });
    });

    it('moves data_updated_at when a point changes, and metadata_updated_at when the description does', async () => {
      const revised = bundled.map((p, i) => (i === bundled.length - 1 ? { ...p, value: p.value + 10 } : p));
      await refreshAt('2026-03-10T06:00:00.000Z', revised);
      expect((await detail()).freshness).toMatchObject({
        data_updated_at: '2026-03-10T06:00:00.000Z',
        metadata_updated_at: '2026-01-10T06:00:00.000Z',
      });
      await refreshAt('2026-04-10T06:00:00.000Z', revised, {
        ...definition,
        methodology: `${definition.methodology} Revised note.`,
      });
      const after = await detail();
      expect(after.freshness).toMatchObject({
        data_updated_at: '2026-03-10T06:00:00.000Z',
        metadata_updated_at: '2026-04-10T06:00:00.000Z',
      });
      expect(after.metadata.methodology).toMatch(/Revised note\.$/);
      // Back to the catalogue's own text: the description changed again.
      await refreshAt('2026-04-20T06:00:00.000Z', bundled);
      expect((await detail()).freshness).toMatchObject({
        data_updated_at: '2026-04-20T06:00:00.000Z',
        metadata_updated_at: '2026-04-20T06:00:00.000Z',
      });
    });

    it('gives the next release, estimated from the cadence, in the detail only', async () => {
      const last = bundled.at(-1)!.date;
      const body = await detail();
      expect(body.freshness.last_observation_date).toBe(last);
      expect(body.freshness.next_release).toEqual({
        date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        estimated: true,
        basis: 'cadence',
      });
      expect(body.freshness.next_release.date >= '2026-05-01').toBe(true);
      expect(body.freshness.next_release.date < '2027-05-02').toBe(true);
      const listed = (await get('/api/v1/datasets')).body.datasets.find((d: { slug: string }) => d.slug === SLUG);
      expect(Object.keys(listed.freshness).sort()).toEqual([
        'age_days',
        'last_observation_date',
        'last_refreshed_at',
        'next_expected_date',
        'status',
      ]);
      clock = new Date('2031-01-01T00:00:00Z');
      try {
        expect((await detail()).freshness.next_release.date >= '2031-01-01').toBe(true);
      } finally {
        clock = new Date('2026-05-01T12:00:00Z');
      }
    });
  });
  describe('vintages (as_of)', () => {
    // After the refreshes above: the first vintage on 10 January, the last point 10 higher on 10 March, back on
    // 20 April; 10 February and 10 April changed no point.
    const series = async (query: string) => (await get(`/api/v1/datasets/${SLUG}/series?${query}`)).body;
    const last = () => bundled.at(-1)!;

    it('lists the revision dates in the detail: the first load, then each refresh that changed a point', async () => {
      const { revisions } = (await get(`/api/v1/datasets/${SLUG}`)).body;
      expect(revisions).toEqual([
        { date: '2026-01-10', published_at: '2026-01-10T06:00:00.000Z', added: bundled.length, revised: 0, removed: 0 },
        { date: '2026-03-10', published_at: '2026-03-10T06:00:00.000Z', added: 0, revised: 1, removed: 0 },
        { date: '2026-04-20', published_at: '2026-04-20T06:00:00.000Z', added: 0, revised: 1, removed: 0 },
      ]);
    });

    it('answers the series as it was published on each date', async () => {
      const valueOn = async (asOf: string) => (await series(`as_of=${asOf}&limit=1`)).points[0].value;
      expect(await valueOn('2026-01-10')).toBe(last().value);
      expect(await valueOn('2026-03-09')).toBe(last().value);
      // The end of the UTC day: a revision published that morning is in.
      expect(await valueOn('2026-03-10')).toBe(last().value + 10);
      expect(await valueOn('2026-04-19')).toBe(last().value + 10);
      expect(await valueOn('2026-04-20')).toBe(last().value);
      const body = await series('as_of=2026-03-10&limit=1000&direction=earliest');
      expect(body).toMatchObject({ as_of: '2026-03-10', count: bundled.length });
      expect(body.points).toEqual(
        bundled.map((p, i) => (i === bundled.length - 1 ? { ...p, value: p.value + 10 } : p)),
      );
      // Without as_of the answer is today's series, and says nothing of vintages.
      expect(await series('limit=1')).not.toHaveProperty('as_of');
    });

    it('keeps removed points in the vintages before their removal and added ones out of those before their addition', async () => {
      const added = { date: '2099-12-31', value: 1 };
      await refreshAt('2026-04-25T06:00:00.000Z', [...bundled.slice(1), added]);
      const before = await series('as_of=2026-04-24&direction=earliest&limit=1');
      const after = await series('as_of=2026-04-25&direction=earliest&limit=1');
      expect(before.points).toEqual([bundled[0]]);
      expect(after.points).toEqual([bundled[1]]);
      expect((await series('as_of=2026-04-24&limit=1')).points).toEqual([last()]);
      expect((await series('as_of=2026-04-25&limit=1')).points).toEqual([added]);
      expect([before.count, after.count]).toEqual([bundled.length, bundled.length]);
      expect((await get(`/api/v1/datasets/${SLUG}`)).body.revisions.at(-1)).toMatchObject({
        date: '2026-04-25',
        added: 1,
        removed: 1,
        revised: 0,
      });
    });

    it('applies units, CSV and the several-series endpoint to the vintage', async () => {
      const change = await series('as_of=2026-03-10&units=chg&limit=1');
      const previous = bundled.at(-2)!.value;
      expect(change.points[0].value).toBeCloseTo(last().value + 10 - previous, 9);
      const csv = await get(`/api/v1/datasets/${SLUG}/series?as_of=2026-03-10&limit=1&format=csv`);
      expect(csv.text.trim().split('\n')).toEqual(['date,value', `${last().date},${last().value + 10}`]);
      const multi = (await get(`/api/v1/series?slugs=${SLUG}&as_of=2026-03-10&limit=1`)).body;
      expect(multi).toMatchObject({
        as_of: '2026-03-10',
        dates: [last().date],
        values: { [SLUG]: [last().value + 10] },
      });
    });

    it('refuses a date before the first vintage, or not a date, with a 400 in the error shape', async () => {
      const early = await get(`/api/v1/datasets/${SLUG}/series?as_of=2026-01-09`);
      expect(early.status).toBe(400);
      expect(early.body).toMatchObject({ error: 'invalid_parameter', code: 400 });
      expect(early.body.message).toContain('first vintage');
      const bad = await get(`/api/v1/datasets/${SLUG}/series?as_of=2026-02-30`);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toContain('as_of must be a date');
    });
  });
});
