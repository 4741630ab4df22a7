import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyDirectory } from '../../api/middleware/auth.js';
import { creditsStream } from '../../domain/ledger/ledger.js';
import { TEST_KEY_LIMITS } from '../../domain/plans.js';
import type { Queryable } from '../../infra/sql/sql.js';
import { accountWithKey, startTestApp, type TestApp } from '../support/app.js';

// POST /api/v1/verify on the running app, real engines (PostgreSQL when DATABASE_URL is set, Redis when
// REDIS_URL is): every error row of docs/architecture.md#errors it can produce, the {error, detail} variants, the sandbox (#keys-and-the-sandbox).

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.stop());

async function verify(key: string | null, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${app.url}/api/v1/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
}

const AXA = { policy_number: 'AXK12345678', country: 'UK', insurance_type: 'motor', provider: 'AXA' };

describe('the documented example on a live key', () => {
  it('is verified with the FCA register entry of AXA Insurance UK plc, and costs one credit', async () => {
    const { key, accountId } = await accountWithKey(app, { plan: 'pro' });
    const res = await verify(key, AXA);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual([
      'status',
      'confidence_score',
      'verification_sources',
      'insurer',
      'flags',
      'credits_charged',
      'processed_in_ms',
    ]);
    expect(res.body).toMatchObject({
      status: 'verified',
      verification_sources: ['format', 'fca_register', 'registry'],
      insurer: { name: 'AXA Insurance UK plc', reference: '202312', regulated: 'YES', authorised: true },
      flags: [],
      credits_charged: 1,
    });
    expect(res.body.confidence_score).toBeGreaterThan(0.9);
    expect(Number.isInteger(res.body.processed_in_ms)).toBe(true);
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect((await app.admin<any>('GET', `/admin/accounts/${accountId}/credits`)).body).toMatchObject({ balance: 499 });
  });

  it('charges unverified answers, not inconclusive ones or errors', async () => {
    const { key, accountId } = await accountWithKey(app, { plan: 'pro' });
    expect(
      (await verify(key, { policy_number: 'EXP10000001', country: 'UK', insurance_type: 'motor' })).body,
    ).toMatchObject({
      status: 'unverified',
      flags: ['expired'],
      credits_charged: 1,
    });
    expect(
      (await verify(key, { policy_number: 'TRV1234567', country: 'UK', insurance_type: 'travel', provider: 'AXA' }))
        .body,
    ).toMatchObject({
      status: 'inconclusive',
      credits_charged: 0,
    });
    expect((await verify(key, { ...AXA, policy_number: 'ZZZ99999999' })).status).toBe(404);
    expect((await app.admin<any>('GET', `/admin/accounts/${accountId}/credits`)).body).toMatchObject({ balance: 499 });
  });
});

describe('errors, with the exact bodies', () => {
  let key: string;
  beforeAll(async () => {
    key = (await accountWithKey(app, { plan: 'growth' })).key;
  });

  it('names missing fields in request order (docs/architecture.md#errors), accepting `type` for insurance_type', async () => {
    expect(await verify(key, { country: 'UK' })).toMatchObject({
      status: 400,
      body: { error: 'missing_required_fields', detail: 'Required fields missing: policy_number, insurance_type' },
    });
    expect((await verify(key, { policy_number: 'AXK12345678', country: 'UK' })).body).toEqual({
      error: 'missing_required_fields',
      detail: 'Required fields missing: insurance_type',
    });
    expect((await verify(key, {})).body.detail).toBe('Required fields missing: policy_number, country, insurance_type');
    expect((await verify(key, { ...AXA, policy_number: '  ' })).body.detail).toBe(
      'Required fields missing: policy_number',
    );
    const { insurance_type: _t, ...withoutType } = AXA;
    expect((await verify(key, { ...withoutType, type: 'motor' })).body.status).toBe('verified');
  });

  it.each([
    [{ ...AXA, country: 'US' }, 400, 'unsupported_country'],
    [{ ...AXA, insurance_type: 'life' }, 400, 'unsupported_insurance_type'],
    [{ ...AXA, policy_number: '12' }, 400, 'invalid_policy_number'],
    [{ ...AXA, provider: 'Totally Unknown Insurer Co' }, 404, 'insurer_not_found'],
    [{ ...AXA, policy_number: 'ZZZ99999999' }, 404, 'policy_not_found'],
  ])('%j gives %i %s in the catalogue shape', async (body, status, error) => {
    const res = await verify(key, body);
    expect(res.status).toBe(status);
    expect(Object.keys(res.body).sort()).toEqual(['code', 'error', 'message']);
    expect(res.body).toMatchObject({ error, code: status });
    expect(res.body.message.length).toBeGreaterThan(10);
  });

  it('answers bad bodies with 4xx, never 500', async () => {
    expect(await verify(key, '{"policy_number":')).toMatchObject({
      status: 400,
      body: { error: 'invalid_request', code: 400 },
    });
    expect(await verify(key, '[1,2]')).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    expect(await verify(key, { ...AXA, policy_number: 42 })).toMatchObject({
      status: 400,
      body: { error: 'invalid_request' },
    });
    expect(await verify(key, { ...AXA, document: 'JVBERi0=' })).toMatchObject({
      status: 400,
      body: { error: 'invalid_request' },
    });
    expect(await verify(key, { ...AXA, provider: 'x'.repeat(20_000) })).toMatchObject({
      status: 413,
      body: { error: 'payload_too_large', code: 413 },
    });
    for (const body of ['null', '"text"', '{"country":{"a":1},"policy_number":[],"insurance_type":true}', '\u0000']) {
      const res = await verify(key, body);
      expect(res.status, body).toBeGreaterThanOrEqual(400);
      expect(res.status, body).toBeLessThan(500);
    }
  });

  it('answers 402 with the docs/architecture.md#errors body when the credits are gone', async () => {
    const { key: poor } = await accountWithKey(app, { credits: 1 });
    expect((await verify(poor, AXA)).status).toBe(200);
    const res = await verify(poor, AXA);
    expect(res.status).toBe(402);
    expect(res.body).toEqual({ error: 'insufficient_credits', detail: 'Credit balance is 0.' });
  });
});

describe('authentication', () => {
  it('401 unauthorized without a header or with a foreign token; 401 invalid_api_key for unknown and revoked keys', async () => {
    const variants: Record<string, string>[] = [
      {},
      { authorization: 'Basic dXNlcjpwYXNz' },
      { authorization: 'Bearer sk_live_abcdef' },
      { authorization: 'Bearer' },
    ];
    for (const headers of variants) {
      const res = await fetch(`${app.url}/api/v1/verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: '{}',
      });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: 'unauthorized', code: 401 });
    }
    const { key, keyId } = await accountWithKey(app, { plan: 'pro' });
    const typo = key.slice(0, 12) + (key[12] === 'a' ? 'b' : 'a') + key.slice(13);
    expect(await verify(typo, AXA)).toMatchObject({ status: 401, body: { error: 'invalid_api_key', code: 401 } });
    const other = (await accountWithKey(app)).key;
    expect((await verify(key, AXA)).status).toBe(200);
    await app.admin('POST', `/admin/keys/${keyId}/revoke`);
    expect(await verify(key, AXA)).toMatchObject({ status: 401, body: { error: 'invalid_api_key' } });
    expect((await verify(other, AXA)).status).toBe(200);
  });

  it('stops a revoked key within one second in another process’s cache too', async () => {
    const { key, keyId } = await accountWithKey(app, { plan: 'pro' });
    expect((await verify(key, AXA)).status).toBe(200);
    // Revoke behind the API's back (as another API process would), then poll.
    await app.context.accounts.revokeKey((await app.context.keys.find(key))!.accountId, keyId);
    const revokedAt = Date.now();
    let status = 200;
    while (status === 200 && Date.now() - revokedAt < 3000) {
      status = (await verify(key, AXA)).status;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(status).toBe(401);
    expect(Date.now() - revokedAt).toBeLessThan(1000);
  });

  it('shares one key look-up among concurrent requests, and forget() outdates a look-up in flight', async () => {
    const { key, keyId, accountId } = await accountWithKey(app, { plan: 'pro' });
    // The service's own read model, counted, and with a gate that can hold an answer after it was read.
    let queries = 0;
    let gate: Promise<void> = Promise.resolve();
    let onRead = () => undefined as void;
    const sql = app.context.engines.sql;
    const held: Queryable = {
      async query(text, params) {
        queries += 1;
        const rows = await sql.query(text, params);
        onRead();
        await gate;
        return rows as never;
      },
      exec: (text) => sql.exec(text),
    };
    const keys = new KeyDirectory(held, app.context.secrets.keyPepper, 60_000);
    // 50 requests arriving together on a cold cache make one query.
    const answers = await Promise.all(Array.from({ length: 50 }, () => keys.find(key)));
    expect(queries).toBe(1);
    expect(new Set(answers.map((principal) => principal?.keyId))).toEqual(new Set([keyId]));

    // A look-up reads the key as active; the key is revoked in this process before that answer arrives.
    let release!: () => void;
    gate = new Promise((resolve) => (release = resolve));
    const read = new Promise<void>((resolve) => (onRead = resolve));
    keys.forget();
    const inFlight = keys.find(key);
    await read;
    await app.admin('POST', `/admin/keys/${keyId}/revoke`);
    keys.forget();
    release();
    expect(await inFlight).toMatchObject({ keyId, accountId });
    // What it read is not cached: the next request looks again and finds the key revoked.
    expect(await keys.find(key)).toBeNull();
    expect(queries).toBe(3);
  });

  it('403 forbidden for a key without the verify scope', async () => {
    const { key } = await accountWithKey(app, { plan: 'pro', scopes: ['jobs'] });
    expect(await verify(key, AXA)).toMatchObject({ status: 403, body: { error: 'forbidden', code: 403 } });
    // And again once the key's answer is cached.
    expect(await verify(key, AXA)).toMatchObject({ status: 403, body: { error: 'forbidden', code: 403 } });
  });

  it('accepts the Bearer scheme in any case and spacing, and refuses every form once the key is revoked', async () => {
    const { key, keyId } = await accountWithKey(app, { plan: 'pro' });
    const forms = [`Bearer ${key}`, `bearer ${key}`, `Bearer  ${key} `, `BEARER\t${key}`];
    const send = (authorization: string) =>
      fetch(`${app.url}/api/v1/verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization },
        body: JSON.stringify(AXA),
      });
    for (const form of forms) expect((await send(form)).status).toBe(200);
    await app.admin('POST', `/admin/keys/${keyId}/revoke`);
    for (const form of forms) {
      const res = await send(form);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: 'invalid_api_key' });
    }
    // A header that only starts like a key is refused by its shape, not looked up.
    expect((await send(`Bearer ${key}x`)).status).toBe(401);
  });
});

describe('rate limits', () => {
  it('counts down the headers and refuses the 11th request in a minute on a free key', async () => {
    const { key } = await accountWithKey(app);
    const remaining: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const res = await verify(key, { ...AXA, policy_number: 'INVALID' });
      expect(res.headers.get('x-ratelimit-limit')).toBe('10');
      remaining.push(Number(res.headers.get('x-ratelimit-remaining')));
      expect(Number(res.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
    }
    expect(remaining).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    const refused = await verify(key, AXA);
    expect(refused.status).toBe(429);
    expect(Object.keys(refused.body).sort()).toEqual(['code', 'error', 'message', 'retry_after']);
    expect(refused.body).toMatchObject({ error: 'rate_limit_exceeded', code: 429 });
    expect(refused.body.retry_after).toBeGreaterThan(0);
    expect(refused.body.retry_after).toBeLessThanOrEqual(60);
    expect(refused.headers.get('retry-after')).toBe(String(refused.body.retry_after));
    expect(refused.body.message).toContain(`${refused.body.retry_after} seconds`);
  });
  it('holds a test key to limits of its own, above the free plan’s, while its live key keeps the plan’s', async () => {
    const live = await accountWithKey(app);
    const test = await accountWithKey(app, { mode: 'test' });
    for (let i = 0; i < 15; i += 1) {
      const res = await verify(test.key, AXA);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-limit')).toBe(String(TEST_KEY_LIMITS.requestsPerMinute));
    }
    const account = await fetch(`${app.url}/api/v1/account`, { headers: { authorization: `Bearer ${test.key}` } });
    expect(await account.json()).toMatchObject({
      requests: {
        per_minute_limit: TEST_KEY_LIMITS.requestsPerMinute,
        monthly_limit: TEST_KEY_LIMITS.requestsPerMonth,
      },
    });
    expect((await verify(live.key, AXA)).headers.get('x-ratelimit-limit')).toBe('10');
  });
});

describe('sandbox (test keys, docs/architecture.md#keys-and-the-sandbox)', () => {
  it.each([
    ['FAIL_123', 'unverified', 0.1],
    ['INCONCLUSIVE_9', 'inconclusive', 0.5],
    ['AXK12345678', 'verified', 0.95],
    ['anything-else', 'verified', 0.95],
  ])('%s gives %s at %d, free', async (policyNumber, status, confidence) => {
    const { key, accountId } = await accountWithKey(app, { mode: 'test', plan: 'pro' });
    const res = await verify(key, { ...AXA, policy_number: policyNumber });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status, confidence_score: confidence, sandbox: true, credits_charged: 0 });
    if (status === 'unverified') {
      expect(res.body).toMatchObject({
        verification_sources: ['format'],
        flags: ['sandbox_forced_fail'],
        processed_in_ms: 1,
      });
    }
    expect((await app.admin<any>('GET', `/admin/accounts/${accountId}/credits`)).body).toMatchObject({ balance: 500 });
  });

  it('still validates the request', async () => {
    const { key } = await accountWithKey(app, { mode: 'test' });
    expect((await verify(key, { policy_number: 'FAIL_1' })).body).toEqual({
      error: 'missing_required_fields',
      detail: 'Required fields missing: country, insurance_type',
    });
  });
});

it('puts a request id on every response, errors and unknown routes included', async () => {
  for (const res of [
    await fetch(`${app.url}/healthz`),
    await fetch(`${app.url}/nowhere`),
    await fetch(`${app.url}/api/v1/verify`, { method: 'POST' }),
  ]) {
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  }
  const echoed = await fetch(`${app.url}/healthz`, { headers: { 'x-request-id': 'client-chosen-id-1' } });
  expect(echoed.headers.get('x-request-id')).toBe('client-chosen-id-1');
  const notFound = await fetch(`${app.url}/nowhere`);
  expect(notFound.status).toBe(404);
  expect(await notFound.json()).toMatchObject({ error: 'not_found', code: 404 });
});

it('charges under the service’s own request id, whatever X-Request-Id the caller sends (twice the same)', async () => {
  const { key, accountId } = await accountWithKey(app, { plan: 'pro' });
  for (let i = 0; i < 2; i++) {
    const res = await fetch(`${app.url}/api/v1/verify`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        'x-request-id': 'client-chosen-id-2',
      },
      body: JSON.stringify({ policy_number: 'AXK12345678', country: 'UK', insurance_type: 'motor', provider: 'AXA' }),
    });
    expect(res.status).toBe(200);
    // The caller's id still comes back, for its own correlation.
    expect(res.headers.get('x-request-id')).toBe('client-chosen-id-2');
  }
  const charges = (await app.context.engines.events.readStream(creditsStream(accountId))).filter(
    (e) => e.type === 'CreditsCharged',
  );
  const references = charges.map((e) => (e.data as { reference: string }).reference);
  expect(references).toHaveLength(2);
  expect(new Set(references).size).toBe(2);
  expect(references).not.toContain('client-chosen-id-2');
  expect(charges.map((e) => e.metadata.request_id)).toEqual(['client-chosen-id-2', 'client-chosen-id-2']);
});

it('counts requests by route and status in the /metrics histogram', async () => {
  const { key } = await accountWithKey(app, { plan: 'pro', mode: 'test' });
  const count = async (status: number) => {
    const text = await app.metrics();
    const line = new RegExp(
      `^http_request_duration_seconds_count\\{method="POST",route="/api/v1/verify",status="${status}"\\} (\\d+)$`,
      'm',
    ).exec(text);
    return line ? Number(line[1]) : 0;
  };
  const [ok, bad] = [await count(200), await count(400)];
  await verify(key, AXA);
  await verify(key, AXA);
  await verify(key, { country: 'UK' });
  expect(await count(200)).toBe(ok + 2);
  expect(await count(400)).toBe(bad + 1);
});
