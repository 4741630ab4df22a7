// Dataset writes against each database directly (no Temporal): concurrency and readiness.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_SLUGS, datasetBySlug } from '../../domain/datasets/catalogue.js';
import { parsePoints } from '../../domain/datasets/parse.js';
import { datasetsReady } from '../../infra/datasets/queries.js';
import { readBundledFile } from '../../infra/datasets/sources.js';
import { replaceSeries } from '../../infra/datasets/writes.js';
import type { Sql } from '../../infra/sql/sql.js';
import { loadDatasets } from '../support/datasets.js';
import { testDatabases } from '../support/sql.js';

describe.each(testDatabases())('dataset refresh writes on $name', (database) => {
  let db: { sql: Sql; close(): Promise<void> };

  beforeAll(async () => {
    db = await database.open();
    await loadDatasets(db.sql, ['uk-cpi-index']);
  });

  afterAll(async () => {
    await db?.close();
  });

  it('lets concurrent refreshes of one dataset take turns, leaving one copy of the series', async () => {
    // Parsed first, so the three transactions really overlap.
    const definition = datasetBySlug('brent-crude-daily')!;
    const points = parsePoints(await readBundledFile(definition.file), definition.format);
    const startedAt = new Date();
    await Promise.all(
      [1, 2, 3].map((n) =>
        replaceSeries(db.sql, definition, points, {
          id: `concurrent-${n}`,
          startedAt,
          finishedAt: new Date(),
          origin: 'file',
          url: null,
          message: null,
        }),
      ),
    );
    const [row] = await db.sql.query<{ total: number; dates: number }>(
      `select count(*)::int as total, count(distinct date)::int as dates from dataset_points where slug = 'brent-crude-daily'`,
    );
    expect(row).toEqual({ total: 9958, dates: 9958 });
    const records = await db.sql.query(
      `select id from dataset_refreshes where slug = 'brent-crude-daily' and outcome = 'success'`,
    );
    expect(records).toHaveLength(3);
  });

  it('reports ready only once every dataset of the catalogue has loaded', async () => {
    expect(await datasetsReady(db.sql)).toBe(false);
    const rest = CATALOGUE_SLUGS.filter((slug) => slug !== 'uk-cpi-index' && slug !== 'brent-crude-daily');
    await loadDatasets(db.sql, rest.slice(0, -1));
    expect(await datasetsReady(db.sql)).toBe(false);
    await loadDatasets(db.sql, rest.slice(-1));
    expect(await datasetsReady(db.sql)).toBe(true);
  });
});
