// Business metrics at /metrics (issue 21 item 7): counted where the work happens, or read from the read models.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CATALOGUE_SLUGS } from '../../domain/datasets/catalogue.js';
import { loadDatasets } from '../support/datasets.js';
import { accountWithKey, startTestApp, until, type TestApp } from '../support/app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ worker: true });
  await loadDatasets(app.context.engines.sql, CATALOGUE_SLUGS.slice(0, 3));
});
afterAll(async () => app?.stop());

const AXA = { policy_number: 'AXK12345678', country: 'UK', insurance_type: 'motor', provider: 'AXA' };

async function post(path: string, key: string, body: unknown) {
  const res = await fetch(app.url + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as any;
}

/** The value of one sample of the exposition text, 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const ofMetric = (l: string) => l.startsWith(`${name}{`) || l.startsWith(`${name} `);
  const line = text
    .split('\n')
    .find((l) => ofMetric(l) && Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

const metrics = () => app.metrics();

it('counts verifications by status and mode, credits charged, and reports jobs and datasets from the read models', async () => {
  const live = await accountWithKey(app, { plan: 'pro' });
  const test = await accountWithKey(app, { mode: 'test' });
  const before = await metrics();
  expect((await post('/api/v1/verify', live.key, AXA)).status).toBe('verified');
  expect((await post('/api/v1/verify', test.key, { ...AXA, policy_number: 'FAIL_1' })).status).toBe('unverified');
  await post('/api/v1/verify', live.key, { ...AXA, policy_number: 'ZZZ99999999' });
  const job = await post('/api/v1/verify/async', live.key, AXA);
  for (let i = 0; i < 100; i += 1) {
    const res = await fetch(`${app.url}/api/v1/jobs/${job.job_id}`, {
      headers: { authorization: `Bearer ${live.key}` },
    });
    if (((await res.json()) as any).status !== 'pending') break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // The poll may answer from the job's events; the gauges read the read model, which follows.
  const after = await until(
    metrics,
    (text) => sample(text, 'pvs_jobs', { kind: 'verification', status: 'complete' }) >= 1,
    'the jobs read model',
  );
  const grew = (name: string, labels: Record<string, string> = {}) =>
    sample(after, name, labels) - sample(before, name, labels);
  expect(grew('pvs_verifications_total', { status: 'verified', mode: 'live' })).toBe(2);
  expect(grew('pvs_verifications_total', { status: 'unverified', mode: 'test' })).toBe(1);
  expect(
    sample(after, 'pvs_verifications_total', { mode: 'live', status: 'policy_not_found' }) +
      sample(after, 'pvs_verifications_total', { mode: 'live', status: 'invalid_policy_number' }),
  ).toBeGreaterThan(0);
  expect(grew('pvs_credits_charged_total')).toBe(2);
  expect(sample(after, 'pvs_jobs', { kind: 'verification', status: 'complete' })).toBeGreaterThanOrEqual(1);
  const datasets = ['fresh', 'due', 'overdue', 'stale'].reduce(
    (sum, status) => sum + sample(after, 'pvs_datasets', { freshness: status }),
    0,
  );
  expect(datasets).toBe(3);
});

it('ships a Grafana dashboard whose every query names a metric the service exports', async () => {
  const dashboard = JSON.parse(
    readFileSync(new URL('../../ops/grafana/dashboards/pvs-business.json', import.meta.url), 'utf8'),
  );
  const text = await metrics();
  const exported = new Set(
    text
      .split('\n')
      .filter((l) => l.startsWith('# TYPE '))
      .map((l) => l.split(' ')[2]!),
  );
  for (const panel of dashboard.panels) {
    for (const target of panel.targets) {
      const names = [
        ...String(target.expr).matchAll(/\b(pvs_[a-z_]+|http_request_duration_seconds)(?:_bucket|_count)?\b/g),
      ].map((m) => m[1]!);
      expect(names.length, panel.title).toBeGreaterThan(0);
      for (const name of names) expect(exported.has(name), `${panel.title}: ${name}`).toBe(true);
    }
  }
});
