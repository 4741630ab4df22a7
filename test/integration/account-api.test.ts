// The key holder's own view (GET /api/v1/account) and the quota rules around it: reads have a per-minute window
// of their own and leave the monthly quota alone; an upgrade grants the new allowance at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithKey, startTestApp, type TestApp } from '../support/app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ worker: true });
});
afterAll(async () => app?.stop());

async function call(method: string, path: string, key: string, body?: unknown) {
  const res = await fetch(app.url + path, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as any, headers: res.headers };
}

const AXA = { policy_number: 'AXK12345678', country: 'UK', insurance_type: 'motor', provider: 'AXA' };

describe('GET /api/v1/account', () => {
  it('shows plan, credits and this key’s requests against the plan’s limits, with any key of the account', async () => {
    const { key, accountId } = await accountWithKey(app);
    const first = await call('GET', '/api/v1/account', key);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      account_id: accountId,
      mode: 'live',
      plan: 'free',
      credits: { available: 10, reserved: 0, monthly_allowance: 10 },
      requests: { this_month: 0, monthly_limit: 2000, this_minute: 0, per_minute_limit: 10 },
    });
    expect(Date.parse(first.body.credits.period_end)).toBeGreaterThan(Date.now());
    expect((await call('POST', '/api/v1/verify', key, AXA)).body.status).toBe('verified');
    expect((await call('GET', '/api/v1/account', key)).body).toMatchObject({
      credits: { available: 9 },
      requests: { this_month: 1, this_minute: 1 },
    });
    const testKey = await app.admin<any>('POST', `/admin/accounts/${accountId}/keys`, {
      mode: 'test',
      scopes: ['verify'],
    });
    expect(await call('GET', '/api/v1/account', testKey.body.key)).toMatchObject({
      status: 200,
      body: { account_id: accountId, mode: 'test' },
    });
  });

  it('refuses a missing or unknown key like every keyed endpoint', async () => {
    expect((await fetch(`${app.url}/api/v1/account`)).status).toBe(401);
    expect((await call('GET', '/api/v1/account', 'pk_live_000')).status).toBe(401);
  });
});

describe('quota', () => {
  it('polls of a job keep a per-minute window of their own and do not spend the monthly quota', async () => {
    const { key } = await accountWithKey(app, { requestsPerMinute: 2 });
    const submitted = await call('POST', '/api/v1/verify/async', key, AXA);
    expect(submitted.status).toBe(202);
    for (let i = 0; i < 5; i += 1) {
      const poll = await call('GET', `/api/v1/jobs/${submitted.body.job_id}`, key);
      expect(poll.status).toBe(200);
      expect(Number(poll.headers.get('x-ratelimit-limit'))).toBe(60);
    }
    expect((await call('GET', '/api/v1/account', key)).body.requests).toMatchObject({ this_month: 1, this_minute: 1 });
    expect((await call('POST', '/api/v1/verify', key, AXA)).status).toBe(200);
    expect((await call('POST', '/api/v1/verify', key, AXA)).status).toBe(429);
  });

  it('an upgrade grants the difference of the allowances at once', async () => {
    const { key, accountId } = await accountWithKey(app);
    expect((await call('POST', '/api/v1/verify', key, AXA)).status).toBe(200);
    expect((await app.admin('POST', `/admin/accounts/${accountId}/plan`, { plan: 'pro' })).status).toBe(200);
    expect((await call('GET', '/api/v1/account', key)).body).toMatchObject({
      plan: 'pro',
      credits: { available: 499, monthly_allowance: 500 },
    });
    expect((await app.admin('POST', `/admin/accounts/${accountId}/plan`, { plan: 'free' })).status).toBe(200);
    expect((await call('GET', '/api/v1/account', key)).body).toMatchObject({
      plan: 'free',
      credits: { available: 499 },
    });
  });
});
