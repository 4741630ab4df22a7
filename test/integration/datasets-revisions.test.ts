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
    replaceSeries(db.sql, def, points, { id: `refresh-${iso}`, startedAt: new Date(iso), finishedAt: new Date(iso), origin: 'file', url: null, message: null });

  const get = async (path: string) => {
    const response = await fetch(`${api.url}${path}`);
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, body: response.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : null };
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
      expect((await detail()).freshness).toMatchObject({ data_updated_at: '2026-03-10T06:00:00.000Z', metadata_updated_at: '2026-01-10T06:00:00.000Z' });
      await refreshAt('2026-04-10T06:00:00.000Z', revised, { ...definition, methodology: `${definition.methodology} Revised note.` });
      const after = await detail();
      expect(after.freshness).toMatchObject({ data_updated_at: '2026-03-10T06:00:00.000Z', metadata_updated_at: '2026-04-10T06:00:00.000Z' });
      expect(after.metadata.methodology).toMatch(/Revised note\.$/);
      // Back to the catalogue's own text: the description changed again.
      await refreshAt('2026-04-20T06:00:00.000Z', bundled);
      expect((await detail()).freshness).toMatchObject({ data_updated_at: '2026-04-20T06:00:00.000Z', metadata_updated_at: '2026-04-20T06:00:00.000Z' });
    });

    it('gives the next release, estimated from the cadence, in the detail only', async () => {
      const last = bundled.at(-1)!.date;
      const body = await detail();
      expect(body.freshness.last_observation_date).toBe(last);
      expect(body.freshness.next_release).toEqual({ date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), estimated: true, basis: 'cadence' });
      expect(body.freshness.next_release.date >= '2026-05-01').toBe(true);
      expect(body.freshness.next_release.date < '2027-05-02').toBe(true);
      const listed = (await get('/api/v1/datasets')).body.datasets.find((d: { slug: string }) => d.slug === SLUG);
      expect(Object.keys(listed.freshness).sort()).toEqual(['age_days', 'last_observation_date', 'last_refreshed_at', 'next_expected_date', 'status']);
      clock = new Date('2031-01-01T00:00:00Z');
      try {
        expect((await detail()).freshness.next_release.date >= '2031-01-01').toBe(true);
      } finally {
        clock = new Date('2026-05-01T12:00:00Z');
      }
    });
  });
});
