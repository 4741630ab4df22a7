// Issue 21's findings on the running app (real engines: PostgreSQL when DATABASE_URL is set): slugs and ids
// PostgreSQL cannot compare never reach SQL; text it cannot store is refused with a 400 naming the field or
// parameter; unknown fields of a verification request are refused alike on /verify, /verify/async and each batch
// item; a wrong method on a path of the API answers 405 with Allow; GB is pointed to UK.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithKey, startTestApp, type TestApp } from '../support/app.js';
import { loadDatasets } from '../support/datasets.js';

let app: TestApp;
let key: string;
let admin: string;

beforeAll(async () => {
  app = await startTestApp();
  await loadDatasets(app.context.engines.sql, ['uk-cpi-annual-rate']);
  ({ key } = await accountWithKey(app, { plan: 'enterprise', mode: 'test' }));
  admin = app.context.secrets.adminToken;
});
afterAll(async () => app?.stop());

async function call(method: string, path: string, options: { auth?: string; body?: unknown } = {}) {
  const res = await fetch(app.url + path, {
    method,
    headers: {
      ...(options.auth ? { authorization: `Bearer ${options.auth}` } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as Record<string, any>) : null };
}

const AXA = { policy_number: 'AXK12345678', country: 'UK', insurance_type: 'motor', provider: 'AXA' };

describe('slugs and ids are checked before any query', () => {
  it.each([
    '/api/v1/datasets/%00',
    '/api/v1/datasets/%00/series',
    '/data/%00/preview',
    '/api/v1/datasets/uk-cpi%00annual-rate',
    '/api/v1/datasets/UK-CPI-ANNUAL-RATE',
    `/api/v1/datasets/${'a'.repeat(101)}`,
    '/data/..%2F..%2Fetc/preview',
    '/api/v1/datasets/uk-cpi--annual-rate/series',
  ])('%s answers 404 not_found', async (path) => {
    const res = await call('GET', path);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'not_found', message: expect.any(String), code: 404 });
  });

  it('still serves a dataset by its slug', async () => {
    expect((await call('GET', '/api/v1/datasets/uk-cpi-annual-rate')).status).toBe(200);
    expect((await call('GET', '/data/uk-cpi-annual-rate/preview')).status).toBe(200);
  });

  it('answers 404 to a NUL in a job id, a batch id and an admin account id', async () => {
    for (const [path, auth] of [
      ['/api/v1/jobs/%00', key],
      ['/api/v1/batches/abc%00', key],
      ['/admin/accounts/acct_%00', admin],
      ['/admin/keys/%00/revoke', admin],
    ] as const) {
      const res = await call(path.endsWith('revoke') ? 'POST' : 'GET', path, {
        auth,
        ...(path.endsWith('revoke') ? { body: {} } : {}),
      });
      expect(res.status, path).toBe(404);
      expect(res.body).toMatchObject({ error: 'not_found', code: 404 });
    }
  });
});

describe('text PostgreSQL cannot store, in query parameters', () => {
  it.each([
    ['/api/v1/datasets?q=infl%00ation', 'q'],
    ['/api/v1/insurers?country=UK&q=AX%00A', 'q'],
    ['/api/v1/insurers?country=U%00K&q=AXA', 'country'],
    ['/api/v1/datasets/uk-cpi-annual-rate/series?direction=%00', 'direction'],
  ])('%s answers 400 invalid_parameter naming %s', async (path, name) => {
    const res = await call('GET', path);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'invalid_parameter', message: expect.stringContaining(name), code: 400 });
    expect(res.body!.message).toMatch(/NUL/);
  });

  it('names the parameter of the admin API too', async () => {
    const res = await call('GET', '/admin/ledger/replay?account=acct%00', { auth: admin });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: 'invalid_parameter',
      message: expect.stringContaining('"account"'),
      code: 400,
    });
  });
});

describe('text PostgreSQL cannot store, in verification bodies', () => {
  it.each([
    ['/api/v1/verify', { ...AXA, provider: 'AXA\u0000' }, 'provider'],
    ['/api/v1/verify/async', { ...AXA, policy_number: '\ud800' }, 'policy_number'],
    ['/api/v1/verify/async', { ...AXA, webhook_url: 'https://example.com/\u0000' }, 'webhook_url'],
    ['/api/v1/verify/batch', { policies: [AXA, { ...AXA, provider: '\udc00' }] }, 'policies[1]: provider'],
  ])('%s refuses it with a 400 naming the field', async (path, body, field) => {
    const res = await call('POST', path, { auth: key, body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'invalid_request', message: expect.stringContaining(field), code: 400 });
  });
});

describe('unknown fields of a verification request: one rule', () => {
  it('refuses them on /verify, naming them and the accepted fields', async () => {
    const res = await call('POST', '/api/v1/verify', { auth: key, body: { ...AXA, provder: 'AXA' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'invalid_request',
      message: expect.stringContaining('Unknown field "provder"'),
      code: 400,
    });
    expect(res.body!.message).toContain('Accepted: policy_number, country, insurance_type, provider, type');
  });

  it('refuses them on /verify/async, which also accepts document and webhook_url', async () => {
    const res = await call('POST', '/api/v1/verify/async', {
      auth: key,
      body: { ...AXA, callback: 'https://example.com/' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: 'invalid_request',
      message: expect.stringContaining('Unknown field "callback"'),
    });
    expect(res.body!.message).toContain('document, webhook_url');
    // A known field is judged for what it holds, not refused as unknown.
    const known = await call('POST', '/api/v1/verify/async', {
      auth: key,
      body: { ...AXA, webhook_url: 'http://127.0.0.1:1/hook' },
    });
    expect(known.status).toBe(422);
    expect(known.body).toMatchObject({ error: 'invalid_webhook_url' });
  });

  it('refuses them in each batch item, naming the item', async () => {
    const res = await call('POST', '/api/v1/verify/batch', {
      auth: key,
      body: { policies: [AXA, { ...AXA, colour: 'red', size: 2 }] },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'invalid_request',
      message: expect.stringMatching(/^policies\[1\]: Unknown fields "colour", "size"\./),
      code: 400,
    });
  });

  it('still accepts the deprecated type, and reports missing fields first (docs/architecture.md#errors)', async () => {
    const { policy_number, country, provider } = AXA;
    const ok = await call('POST', '/api/v1/verify', {
      auth: key,
      body: { policy_number, country, provider, type: 'motor' },
    });
    expect(ok.status).toBe(200);
    const missing = await call('POST', '/api/v1/verify', {
      auth: key,
      body: { policy_number, country, colour: 'red' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      error: 'missing_required_fields',
      detail: 'Required fields missing: insurance_type',
    });
    // A missing field sent under another spelling is named by it: the spelling is the fix (issue 57).
    const misspelt = await call('POST', '/api/v1/verify', {
      auth: key,
      body: { policy_number, country, insurancetype: 'motor' },
    });
    expect(misspelt.status).toBe(400);
    expect(misspelt.body?.message).toMatch(/^Unknown field "insurancetype" \(did you mean insurance_type\?\)/);
  });
});

describe('a wrong method on a path of the API', () => {
  it.each([
    ['GET', '/api/v1/verify', 'POST'],
    ['PUT', '/api/v1/verify/async', 'POST'],
    ['GET', '/api/v1/verify/batch', 'POST'],
    ['GET', '/api/v1/documents/extract', 'POST'],
    ['DELETE', '/api/v1/jobs/00000000-0000-4000-8000-000000000000', 'GET, HEAD'],
    ['POST', '/api/v1/datasets', 'GET, HEAD'],
    ['PATCH', '/data/uk-cpi-annual-rate/preview', 'GET, HEAD'],
    ['POST', '/openapi.json', 'GET, HEAD'],
  ])('%s %s answers 405 with Allow: %s', async (method, path, allow) => {
    const res = await call(method, path, { auth: key });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe(allow);
    expect(res.body).toEqual({ error: 'method_not_allowed', message: expect.stringContaining(allow), code: 405 });
  });

  it('answers 405 on the admin API once the token is right (401 before)', async () => {
    expect((await call('GET', '/admin/accounts', { auth: admin })).status).toBe(405);
    expect((await call('GET', '/admin/accounts')).status).toBe(401);
  });

  it('answers OPTIONS with 2xx and the Allow header, and an unknown path with 404', async () => {
    const options = await fetch(`${app.url}/api/v1/verify`, { method: 'OPTIONS' });
    expect([200, 204]).toContain(options.status);
    expect(options.headers.get('allow')).toBe('POST');
    expect((await call('GET', '/api/v1/nothing-here')).status).toBe(404);
  });
});

describe('GB', () => {
  it('is pointed to UK on /verify and on the insurer look-up', async () => {
    const verify = await call('POST', '/api/v1/verify', { auth: key, body: { ...AXA, country: 'GB' } });
    expect(verify.status).toBe(400);
    expect(verify.body).toEqual({
      error: 'unsupported_country',
      message: 'Country "GB" is not supported. Supported: UK, DE, FR. For the United Kingdom use UK.',
      code: 400,
    });
    const insurers = await call('GET', '/api/v1/insurers?country=gb&q=AXA');
    expect(insurers.status).toBe(400);
    expect(insurers.body).toMatchObject({ error: 'unsupported_country', message: expect.stringContaining('use UK') });
  });
});
