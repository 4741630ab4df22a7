// The refresh activities in Temporal's mock activity environment: which failures are worth a retry.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApplicationFailure } from '@temporalio/common';
import { DefaultLogger } from '@temporalio/worker';
import { MockActivityEnvironment } from '@temporalio/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { datasetActivities } from '../../activities/datasets.js';
import { datasetMigrations } from '../../infra/datasets/migrations.js';
import { migrate } from '../../infra/sql/migrate.js';
import { openPglite } from '../../infra/sql/pglite.js';
import type { Sql } from '../../infra/sql/sql.js';
import { silentLogger } from '../support/datasets.js';

let sql: Sql;
let dir: string;
// The SDK logs every failed activity; these failures are the point of the tests.
const env = new MockActivityEnvironment(undefined, { logger: new DefaultLogger('ERROR', () => undefined) });
const input = (slug: string) => ({ slug, refreshId: `unit-${slug}`, startedAt: '2026-11-22T06:00:00.000Z' });

beforeAll(async () => {
  sql = await openPglite();
  await migrate(sql, datasetMigrations);
  dir = mkdtempSync(path.join(os.tmpdir(), 'pvs-datasets-unit-'));
  mkdirSync(path.join(dir, 'uk-bank-rate-boe'));
  writeFileSync(path.join(dir, 'uk-bank-rate-boe/data.csv'), 'date,rate\n2025-05-08,4.25\n2025-02-30,4.5\n');
});

afterAll(async () => {
  await sql?.close();
  rmSync(dir, { recursive: true, force: true });
});

it('does not retry an unknown dataset or a bundled file that does not parse', async () => {
  const activities = datasetActivities({ sql, logger: silentLogger, dataDir: dir });
  const unknown = await env.run(activities.refreshDataset, input('no-such-dataset')).catch((e: unknown) => e);
  expect(unknown).toBeInstanceOf(ApplicationFailure);
  expect(unknown).toMatchObject({ nonRetryable: true, type: 'UnknownDataset' });

  const damaged = await env.run(activities.refreshDataset, input('uk-bank-rate')).catch((e: unknown) => e);
  expect(damaged).toMatchObject({
    nonRetryable: true,
    type: 'DatasetParseError',
    message: expect.stringMatching(/2025-02-30/),
  });
});

it('lets a missing bundled file fail as retryable (a deployment may still be copying it)', async () => {
  const activities = datasetActivities({ sql, logger: silentLogger, dataDir: dir });
  const missing = await env.run(activities.refreshDataset, input('uk-cpi-index')).catch((e: unknown) => e);
  expect(missing).not.toBeInstanceOf(ApplicationFailure);
  expect((missing as NodeJS.ErrnoException).code).toBe('ENOENT');
});

it('records a failure and reports whether a dataset ever loaded', async () => {
  const activities = datasetActivities({ sql, logger: silentLogger });
  expect(await env.run(activities.datasetHasLoaded, 'uk-cpi-index')).toBe(false);
  await env.run(activities.recordDatasetRefreshFailure, { ...input('uk-cpi-index'), error: 'boom' });
  expect(await env.run(activities.datasetHasLoaded, 'uk-cpi-index')).toBe(false);
  await env.run(activities.refreshDataset, input('uk-cpi-index'));
  expect(await env.run(activities.datasetHasLoaded, 'uk-cpi-index')).toBe(true);
  // The success of the same refresh id replaced the failure record rather than adding to it.
  expect(await sql.query(`select outcome, message from dataset_refreshes`)).toEqual([
    { outcome: 'success', message: null },
  ]);
});
