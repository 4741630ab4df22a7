// The monthly quota and GET /api/v1/account's requests.this_month come from the durable usage (issue 33, item 4):
// an API process without Redis, restarted, and a plan change in between, go on counting from what the dashboard
// and the admin CLI show, instead of starting over at 0.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodOf } from '../../domain/plans.js';
import { usageFor } from '../../projections/usage.js';
import { accountWithKey, startTestApp, until, type TestApp } from '../support/app.js';
import { spawnService, type ServiceProcess } from '../support/processes.js';
import { runsWhere } from '../support/ci.js';

const AXA = { policy_number: 'AXK12345678', country: 'UK', insurance_type: 'motor', provider: 'AXA' };

describe.runIf(runsWhere(process.env.DATABASE_URL))('the monthly quota without Redis', () => {
  let app: TestApp;
  const children: ServiceProcess[] = [];
  beforeAll(async () => {
    app = await startTestApp();
  }, 120_000);
  afterAll(async () => {
    await Promise.all(children.map((child) => child.stop()));
    await app?.stop();
  });

  const call = (base: string, key: string, method: string, path: string, body?: unknown) =>
    fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as any }));

  it('goes on from the durable count after a restart and a plan change; the account API, the dashboard and the admin CLI agree', async () => {
    const { key, accountId } = await accountWithKey(app, { plan: 'pro', mode: 'test' });
    const first = await spawnService(app, 'api', { REDIS_URL: '' });
    children.push(first);
    for (let i = 0; i < 7; i += 1) expect((await call(first.url, key, 'POST', '/api/v1/verify', AXA)).status).toBe(200);
    expect((await call(first.url, key, 'GET', '/api/v1/account')).body.requests.this_month).toBe(7);
    // A graceful stop flushes the process's usage counts; the projector folds them into the read model.
    await first.stop();
    await until(
      () => usageFor(app.context.engines.sql, accountId, periodOf(new Date())),
      (rows) => Number(rows[0]?.requests ?? 0) === 7,
      'the durable usage',
    );

    const second = await spawnService(app, 'api', { REDIS_URL: '' });
    children.push(second);
    expect((await app.admin('POST', `/admin/accounts/${accountId}/plan`, { plan: 'growth' })).status).toBe(200);
    // The plan change reaches the new process's key cache within its TTL.
    const account = await until(
      () => call(second.url, key, 'GET', '/api/v1/account'),
      (r) => r.body.plan === 'growth',
      'the new plan',
    );
    expect(account.body.requests.this_month).toBe(7);

    expect((await call(second.url, key, 'POST', '/api/v1/verify', AXA)).status).toBe(200);
    expect((await call(second.url, key, 'GET', '/api/v1/account')).body.requests.this_month).toBe(8);
    await second.stop();
    const admin = await until(
      () => app.admin<any>('GET', `/admin/accounts/${accountId}`),
      (r) => r.body.usage.requests === 8,
      'the admin view',
    );
    expect(admin.body.usage.requests).toBe(8);
    expect(Number((await usageFor(app.context.engines.sql, accountId, periodOf(new Date())))[0]!.requests)).toBe(8);
  }, 120_000);

  it('refuses past the month’s limit counted from the durable usage, not from the restart', async () => {
    // A live key: a test key's limits are its own, not the plan's (domain/plans.ts keyLimits).
    const { key, accountId } = await accountWithKey(app, { plan: 'pro', mode: 'live' });
    const first = await spawnService(app, 'api', { REDIS_URL: '' });
    children.push(first);
    for (let i = 0; i < 3; i += 1) expect((await call(first.url, key, 'POST', '/api/v1/verify', AXA)).status).toBe(200);
    await first.stop();
    await until(
      () => usageFor(app.context.engines.sql, accountId, periodOf(new Date())),
      (rows) => Number(rows[0]?.requests ?? 0) === 3,
      'the durable usage',
    );
    // A custom plan of 4 requests a month: one more is allowed after the restart, not four.
    expect(
      (await app.admin('POST', `/admin/accounts/${accountId}/plan`, { plan: 'pro', requests_per_month: 4 })).status,
    ).toBe(200);
    const second = await spawnService(app, 'api', { REDIS_URL: '' });
    children.push(second);
    await until(
      () => call(second.url, key, 'GET', '/api/v1/account'),
      (r) => r.body.requests.monthly_limit === 4,
      'the new limit',
    );
    expect((await call(second.url, key, 'POST', '/api/v1/verify', AXA)).status).toBe(200);
    const refused = await call(second.url, key, 'POST', '/api/v1/verify', AXA);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('rate_limit_exceeded');
  }, 120_000);
});
