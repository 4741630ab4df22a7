// The alerting rules against the real service (issue 58, acceptance): Debian's Prometheus server scrapes the
// service's /metrics with the admin token and evaluates ops/prometheus/alerts.yml as it is; a read model that parks
// an event makes ProjectionParkedEvents fire for that read model, and nothing fires before it.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditsStream, type LedgerEvent } from '../../domain/ledger/ledger.js';
import { fromRoot } from '../../infra/paths.js';
import type { Projection } from '../../projections/projection.js';
import { accountWithKey, startTestApp, until, type TestApp } from '../support/app.js';
import { runsWhere } from '../support/ci.js';
import { freePort } from '../support/net.js';

const hasPrometheus = spawnSync('sh', ['-c', 'command -v prometheus']).status === 0;

const poisoned = new Set<string>();
const sickReadModel: Projection<LedgerEvent> = {
  name: 'test_alerting_mirror',
  migrations: [
    { id: 'test-alerting-mirror-001', sql: 'create table test_alerting_mirror (event_id text primary key)' },
  ],
  tables: ['test_alerting_mirror'],
  streams: [creditsStream],
  forget: async () => undefined,
  async apply(tx, event, accountId) {
    if (poisoned.has(accountId)) throw new Error('this read model cannot take the account');
    await tx.query('insert into test_alerting_mirror (event_id) values ($1) on conflict do nothing', [event.id]);
  },
};

interface Alert {
  labels: Record<string, string>;
  state: 'pending' | 'firing';
}

describe.runIf(runsWhere(hasPrometheus))('Prometheus evaluating the alerting rules over the service', () => {
  let app: TestApp;
  let prometheus: ChildProcess;
  let base: string;
  let dir: string;

  beforeAll(async () => {
    app = await startTestApp({ projections: [sickReadModel] });
    dir = mkdtempSync(path.join(os.tmpdir(), 'pvs-prometheus-'));
    const target = new URL(app.url).host;
    // The token goes in a file of the test's own, as a deployment mounts it: never on a command line.
    writeFileSync(path.join(dir, 'token'), app.config.ADMIN_TOKEN ?? '', { mode: 0o600 });
    writeFileSync(
      path.join(dir, 'prometheus.yml'),
      [
        'global: { scrape_interval: 1s, evaluation_interval: 1s }',
        `rule_files: [${JSON.stringify(fromRoot('ops/prometheus/alerts.yml'))}]`,
        'scrape_configs:',
        '  - job_name: pvs-api',
        `    authorization: { credentials_file: ${JSON.stringify(path.join(dir, 'token'))} }`,
        `    static_configs: [{ targets: [${JSON.stringify(target)}] }]`,
      ].join('\n'),
    );
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    prometheus = spawn(
      'prometheus',
      [
        `--config.file=${path.join(dir, 'prometheus.yml')}`,
        `--storage.tsdb.path=${path.join(dir, 'data')}`,
        `--web.listen-address=127.0.0.1:${port}`,
      ],
      { stdio: 'ignore' },
    );
  });
  afterAll(async () => {
    prometheus?.kill('SIGTERM');
    await app?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const query = async (expr: string) => {
    const res = await fetch(`${base}/api/v1/query?query=${encodeURIComponent(expr)}`);
    return ((await res.json()) as { data: { result: { metric: Record<string, string>; value: [number, string] }[] } })
      .data.result;
  };
  const alerts = async () => {
    const res = await fetch(`${base}/api/v1/alerts`);
    return ((await res.json()) as { data: { alerts: Alert[] } }).data.alerts;
  };

  it('scrapes the service, fires nothing while it is healthy, and fires ProjectionParkedEvents when an event parks', async () => {
    // Healthy: scraped, the read side's gauges present, no alert of the read side.
    await until(
      () => query('up{job="pvs-api"}').catch(() => []),
      (rows) => rows[0]?.value[1] === '1',
      'Prometheus scraping the service',
      60_000,
    );
    const lag = await until(
      () => query('pvs_projection_lag_seconds'),
      (rows) => rows.some((row) => row.metric.projection === 'test_alerting_mirror'),
      'the projections lag gauge',
      30_000,
    );
    expect(lag.map((row) => row.metric.projection)).toEqual(expect.arrayContaining(['balances', 'jobs']));
    // Temporal's backlog of both task queues, workflow and activity tasks apart.
    const backlog = await query('pvs_task_queue_backlog');
    expect(backlog.map((row) => `${row.metric.task_queue}/${row.metric.type}`).sort()).toEqual(
      [app.config.TEMPORAL_TASK_QUEUE, `${app.config.TEMPORAL_TASK_QUEUE}-extraction`]
        .flatMap((queue) => [`${queue}/activity`, `${queue}/workflow`])
        .sort(),
    );
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect((await alerts()).map((alert) => alert.labels.alertname)).not.toContain('ProjectionParkedEvents');

    // One account's ledger events cannot be applied by the sick read model: parked, and the alert fires for it.
    const sick = await accountWithKey(app, { plan: 'pro' });
    poisoned.add(sick.accountId);
    expect((await app.admin('POST', `/admin/accounts/${sick.accountId}/credits`, { amount: 5 })).status).toBe(200);
    const firing = await until(
      alerts,
      (list) => list.some((alert) => alert.labels.alertname === 'ProjectionParkedEvents' && alert.state === 'firing'),
      'ProjectionParkedEvents firing',
      60_000,
    );
    expect(firing.find((alert) => alert.labels.alertname === 'ProjectionParkedEvents')?.labels).toMatchObject({
      projection: 'test_alerting_mirror',
      severity: 'warning',
    });
  });
});
