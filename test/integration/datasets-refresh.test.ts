// The refresh workflow and its schedules on the real Temporal dev server, a real database and a real HTTP
// source server.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WorkflowFailedError, type Client } from '@temporalio/client';
import type { Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetActivities } from '../../activities/datasets.js';
import { requireTemporal } from '../../bin/context.js';
import { startWorker, type Running } from '../../bin/service.js';
import { CATALOGUE, CATALOGUE_SLUGS } from '../../domain/datasets/catalogue.js';
import { datasetMigrations } from '../../infra/datasets/migrations.js';
import { datasetsReady } from '../../infra/datasets/queries.js';
import { BUNDLED_DATASETS_DIR } from '../../infra/datasets/sources.js';
import { ensureDatasetSchedules, loadAllDatasets } from '../../infra/datasets/temporal.js';
import { migrate } from '../../infra/sql/migrate.js';
import type { Sql } from '../../infra/sql/sql.js';
import { createWorker } from '../../infra/temporal/worker.js';
import { contractClient } from '../../infra/temporal/contract-client.js';
import { openTestContext, type TestContext } from '../support/context.js';
import { freePort } from '../support/net.js';
import { sealedDataConverter } from '../../infra/temporal/payload-codec.js';
import { DATASET_REFRESH_WORKFLOW } from '../../contracts/dataset-refresh.js';

const WORKFLOWS = fileURLToPath(new URL('../../workflows/datasets.ts', import.meta.url));

let t: TestContext;
let sql: Sql;
let client: Client;
let queue: string;
let idScope: string;
let prefix: string;
const running: Running[] = [];
let brokenWorker: { worker: Worker; run: Promise<void>; close(): Promise<void> } | null = null;
let brokenDir: string;

// The "publisher": serves what each test sets, counts requests, and can hang.
let source: Server;
let sourceUrl: string;
const routes = new Map<string, { status: number; body: string } | 'hang'>();
const hits = new Map<string, number>();

const euribor3m = readFileSync(path.join(BUNDLED_DATASETS_DIR, 'euribor-emmi/euribor-3m-monthly.csv'), 'utf8');

beforeAll(async () => {
  t = await openTestContext();
  sql = t.context.engines.sql;
  await migrate(sql, datasetMigrations);
  client = requireTemporal(t.context).client;
  queue = t.config.TEMPORAL_TASK_QUEUE;
  idScope = `${queue}-`;
  prefix = `${idScope}${DATASET_REFRESH_WORKFLOW.idOf({ slug: '' })}`;

  source = createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1);
    const route = routes.get(url.pathname);
    if (route === 'hang') return; // never answers; the client's timeout must end it
    res.writeHead(route?.status ?? 404, { 'content-type': 'text/csv' }).end(route?.body ?? 'not found');
  });
  source.listen(0, '127.0.0.1');
  await new Promise((resolve) => source.once('listening', resolve));
  sourceUrl = `http://127.0.0.1:${(source.address() as AddressInfo).port}`;
  routes.set('/hang', 'hang');
  const closedPort = await freePort();

  running.push(
    await startWorker(t.context, {
      workflowsPath: WORKFLOWS,
      activities: datasetActivities({
        sql,
        logger: t.context.logger,
        fetchTimeoutMs: 1500,
        refreshUrls: {
          'euribor-3m': `${sourceUrl}/euribor-3m.csv`,
          'brent-crude-weekly': `${sourceUrl}/brent-weekly.csv`,
          'euribor-6m': `${sourceUrl}/euribor-6m.csv?token=s3cret`,
          'euribor-1w': `${sourceUrl}/hang`,
          'wti-crude-monthly': `http://127.0.0.1:${closedPort}/wti.csv`,
        },
      }),
    }),
  );

  // A second worker whose bundled copy of one file is damaged, on a queue of its own.
  brokenDir = mkdtempSync(path.join(os.tmpdir(), 'pvs-datasets-'));
  mkdirSync(path.join(brokenDir, 'uk-gilt-10y-yield-boe'));
  writeFileSync(path.join(brokenDir, 'uk-gilt-10y-yield-boe/quarterly.csv'), 'Date,Rate\n2025-03-31,four point five\n');
  const { worker, connection } = await createWorker({
    address: requireTemporal(t.context).connection.options.address,
    namespace: t.config.TEMPORAL_NAMESPACE,
    taskQueue: `${queue}-broken`,
    workflowsPath: WORKFLOWS,
    activities: datasetActivities({ sql, logger: t.context.logger, dataDir: brokenDir }),
    dataConverter: sealedDataConverter(t.context.secrets.payloadKeys, t.context.engines.keys),
  });
  const run = worker.run();
  brokenWorker = {
    worker,
    run,
    async close() {
      worker.shutdown();
      await run;
      await connection.close();
    },
  };
});

afterAll(async () => {
  for (const definition of CATALOGUE) {
    await client?.schedule
      .getHandle(`${prefix}${definition.slug}`)
      .delete()
      .catch(() => undefined);
  }
  await brokenWorker?.close();
  for (const part of running.reverse()) await part.stop();
  source?.closeAllConnections();
  source?.close();
  await t?.close();
  if (brokenDir) rmSync(brokenDir, { recursive: true, force: true });
});

const refresh = (slug: string, taskQueue = queue) =>
  contractClient(client, taskQueue, { idScope }).execute(DATASET_REFRESH_WORKFLOW, { slug });

const pointsOf = (slug: string) =>
  sql.query<{ date: string; value: number }>(
    'select date::text as date, value from dataset_points where slug = $1 order by date',
    [slug],
  );

const refreshesOf = (slug: string) =>
  sql.query<{
    id: string;
    origin: string | null;
    url: string | null;
    points: number;
    outcome: string;
    message: string | null;
  }>('select id, origin, url, points, outcome, message from dataset_refreshes where slug = $1 order by finished_at', [
    slug,
  ]);

describe('the refresh workflow', () => {
  it('loads a dataset from its bundled file and records the refresh', async () => {
    const result = await refresh('uk-cpi-index');
    expect(result).toEqual({
      status: 'refreshed',
      slug: 'uk-cpi-index',
      origin: 'file',
      url: null,
      points: 458,
      firstDate: '1988-01-01',
      lastDate: '2026-02-01',
      note: null,
    });
    expect(await pointsOf('uk-cpi-index')).toHaveLength(458);
    const [record] = await refreshesOf('uk-cpi-index');
    expect(record).toMatchObject({ origin: 'file', url: null, points: 458, outcome: 'success', message: null });
    expect(record!.id).toMatch(new RegExp(`^${prefix}uk-cpi-index/`));
  });

  it('re-runs idempotently: the series is replaced, never duplicated, and each run is recorded once', async () => {
    const before = await pointsOf('uk-cpi-index');
    await refresh('uk-cpi-index');
    await refresh('uk-cpi-index');
    expect(await pointsOf('uk-cpi-index')).toEqual(before);
    const [row] = await sql.query<{ observation_count: number }>(
      `select observation_count from datasets where slug = 'uk-cpi-index'`,
    );
    expect(row!.observation_count).toBe(458);
    const records = await refreshesOf('uk-cpi-index');
    expect(records).toHaveLength(3);
    expect(new Set(records.map((r) => r.id)).size).toBe(3);
  });

  it('fetches the refresh URL when it answers, replacing revised and withdrawn points', async () => {
    // First the publisher is down: the bundled file is used.
    routes.set('/euribor-3m.csv', { status: 503, body: 'maintenance' });
    expect(await refresh('euribor-3m')).toMatchObject({
      origin: 'file',
      points: 328,
      note: expect.stringMatching(/HTTP 503/),
    });
    expect((await pointsOf('euribor-3m')).find((p) => p.date === '1999-02-01')).toEqual({
      date: '1999-02-01',
      value: 3.078,
    });

    // Then it publishes a new month, revises one and withdraws another.
    const revised =
      euribor3m.replace('1999-02-01,3.078,', '1999-02-01,3.1,').replace(/^1999-03-01,.*\n/m, '') +
      '2026-06-01,2.25,3m,monthly\n';
    routes.set('/euribor-3m.csv', { status: 200, body: revised });
    const result = await refresh('euribor-3m');
    expect(result).toMatchObject({
      origin: 'url',
      url: `${sourceUrl}/euribor-3m.csv`,
      points: 328,
      lastDate: '2026-06-01',
      note: null,
    });
    const points = await pointsOf('euribor-3m');
    expect(points).toHaveLength(328);
    expect(points.at(-1)).toEqual({ date: '2026-06-01', value: 2.25 });
    expect(points.find((p) => p.date === '1999-02-01')!.value).toBe(3.1);
    expect(points.find((p) => p.date === '1999-03-01')).toBeUndefined();
    expect((await refreshesOf('euribor-3m')).map((r) => r.origin)).toEqual(['file', 'url']);
    expect(hits.get('/euribor-3m.csv')).toBe(2);
  });

  it.each([
    ['an HTTP error', 'brent-crude-weekly', 2049, /answered HTTP 404/],
    ['a closed port', 'wti-crude-monthly', 487, /unreachable \(ECONNREFUSED\)/],
    ['a source that never answers', 'euribor-1w', 328, /no answer within 1500 ms|timed out/],
  ])('falls back to the bundled file on %s', async (_name, slug, count, reason) => {
    const result = await refresh(slug);
    expect(result).toMatchObject({
      status: 'refreshed',
      origin: 'file',
      points: count,
      note: expect.stringMatching(reason),
    });
    const [record] = (await refreshesOf(slug)).slice(-1);
    expect(record).toMatchObject({
      origin: 'file',
      outcome: 'success',
      points: count,
      message: expect.stringMatching(reason),
    });
    expect(await pointsOf(slug)).toHaveLength(count);
  });

  it('falls back when the fetched file is not in the expected format, and never records the URL query', async () => {
    routes.set('/euribor-6m.csv', {
      status: 200,
      body: '<!doctype html>\n<html>\n<body>Please log in</body>\n</html>\n',
    });
    const result = await refresh('euribor-6m');
    expect(result).toMatchObject({
      origin: 'file',
      points: 328,
      url: `${sourceUrl}/euribor-6m.csv`,
      note: expect.stringMatching(/no column/),
    });
    const [record] = await refreshesOf('euribor-6m');
    expect(record!.url).toBe(`${sourceUrl}/euribor-6m.csv`);
    expect(JSON.stringify(await refreshesOf('euribor-6m'))).not.toContain('s3cret');
  });

  it('fails the run and records the failure when the bundled file is damaged', async () => {
    const error = await refresh('uk-gilt-10y-yield', `${queue}-broken`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkflowFailedError);
    expect(String((error as WorkflowFailedError).cause?.message)).toMatch(
      /refresh of uk-gilt-10y-yield failed: .*quarterly\.csv: row 2: "four point five" is not a number/,
    );
    const records = await refreshesOf('uk-gilt-10y-yield');
    expect(records).toEqual([
      expect.objectContaining({
        outcome: 'failed',
        origin: null,
        points: 0,
        message: expect.stringMatching(/not a number/),
      }),
    ]);
    expect(await pointsOf('uk-gilt-10y-yield')).toHaveLength(0);
  });
});

describe('first load and readiness', () => {
  it('loads every dataset that never loaded, skips the others, and then reports ready', async () => {
    expect(await datasetsReady(sql)).toBe(false);
    const cpiRecords = (await refreshesOf('uk-cpi-index')).length;

    await loadAllDatasets(client, queue, { idScope });
    expect(await datasetsReady(sql)).toBe(true);
    const loaded = await sql.query<{ slug: string }>(
      `select distinct slug from dataset_refreshes where outcome = 'success' order by slug`,
    );
    expect(loaded.map((r) => r.slug)).toEqual([...CATALOGUE_SLUGS].sort());
    expect(await refreshesOf('uk-cpi-index')).toHaveLength(cpiRecords); // already loaded: skipped

    const [{ total }] = (await sql.query<{ total: number }>(
      'select count(*)::int as total from dataset_refreshes',
    )) as [{ total: number }];
    await loadAllDatasets(client, queue, { idScope });
    const [{ total: after }] = (await sql.query<{ total: number }>(
      'select count(*)::int as total from dataset_refreshes',
    )) as [{ total: number }];
    expect(after).toBe(total);
  });

  it('names the datasets that failed to load', async () => {
    await sql.query(`delete from dataset_refreshes where slug = 'uk-gilt-10y-yield'`);
    await expect(
      loadAllDatasets(client, `${queue}-broken`, {
        idScope: `${idScope}broken-`,
        slugs: ['uk-gilt-10y-yield', 'uk-cpi-index'],
      }),
    ).rejects.toThrow(/datasets failed to load: uk-gilt-10y-yield \(first:/);
    expect(await datasetsReady(sql)).toBe(false);
  });
});

describe('schedules', () => {
  const describeSchedule = (slug: string) => client.schedule.getHandle(`${prefix}${slug}`).describe();

  it('creates one schedule per dataset, at its cadence, starting the refresh workflow', async () => {
    await ensureDatasetSchedules(client, queue, { idScope });
    for (const definition of CATALOGUE) {
      const schedule = await describeSchedule(definition.slug);
      expect(schedule.action).toMatchObject({
        type: 'startWorkflow',
        workflowType: DATASET_REFRESH_WORKFLOW.type,
        workflowId: `${prefix}${definition.slug}`,
        taskQueue: queue,
        args: [{ slug: definition.slug }],
      });
      expect(schedule.policies.overlap).toBe('SKIP');
      expect(schedule.spec.calendars).toHaveLength(1);
    }
    const calendar = async (slug: string) => (await describeSchedule(slug)).spec.calendars![0]!;
    const every = (start: number | string, end = start) => [{ start, end, step: 1 }];
    expect(await calendar('brent-crude-daily')).toMatchObject({
      hour: every(6),
      dayOfMonth: [{ start: 1, end: 31, step: 1 }],
    });
    expect(await calendar('brent-crude-weekly')).toMatchObject({ hour: every(6), dayOfWeek: every('MONDAY') });
    expect(await calendar('uk-cpi-annual-rate')).toMatchObject({
      hour: every(6),
      dayOfMonth: every(1),
      month: [{ start: 'JANUARY', end: 'DECEMBER', step: 1 }],
    });
    expect(await calendar('uk-gilt-10y-yield')).toMatchObject({
      dayOfMonth: every(1),
      month: ['JANUARY', 'APRIL', 'JULY', 'OCTOBER'].map((m) => every(m)[0]),
    });
    expect(await calendar('de-road-deaths')).toMatchObject({ dayOfMonth: every(1), month: every('JANUARY') });
  });

  it('is idempotent and puts back a schedule that was changed', async () => {
    const handle = client.schedule.getHandle(`${prefix}euribor-1m`);
    await handle.update((previous) => ({ ...previous, spec: { intervals: [{ every: '1 hour' }] } }));
    expect((await handle.describe()).spec.intervals).toHaveLength(1);
    await ensureDatasetSchedules(client, queue, { idScope });
    await ensureDatasetSchedules(client, queue, { idScope });
    const spec = (await handle.describe()).spec;
    expect(spec.intervals ?? []).toHaveLength(0);
    expect(spec.calendars![0]).toMatchObject({ dayOfMonth: [{ start: 1, end: 1, step: 1 }] });
  });

  it('runs the refresh workflow when the schedule fires', async () => {
    const before = (await refreshesOf('uk-cpi-annual-rate')).length;
    await client.schedule.getHandle(`${prefix}uk-cpi-annual-rate`).trigger();
    let records = await refreshesOf('uk-cpi-annual-rate');
    for (let i = 0; i < 100 && records.length === before; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      records = await refreshesOf('uk-cpi-annual-rate');
    }
    expect(records).toHaveLength(before + 1);
    // Scheduled runs are named after the schedule plus the time they were due.
    expect(records.at(-1)).toMatchObject({
      outcome: 'success',
      origin: 'file',
      points: 446,
      id: expect.stringMatching(new RegExp(`^${prefix}uk-cpi-annual-rate-.+/`)),
    });
  });
});
