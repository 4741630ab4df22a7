// Which answers carry X-RateLimit-* (issue 32, item 5), exactly as the README says: every answer of a request
// counted against a limit, errors included; none of those refused before the count, nor pages and probes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithKey, startTestApp, type TestApp } from '../support/app.js';

let app: TestApp;
let key: string;
let noScope: string;
beforeAll(async () => {
  app = await startTestApp();
  ({ key } = await accountWithKey(app, { plan: 'pro' }));
  ({ key: noScope } = await accountWithKey(app, { plan: 'pro', scopes: ['verify'] }));
}, 120_000);
afterAll(() => app?.stop());

const AXA = { policy_number: 'AXK12345678', country: 'UK', insurance_type: 'motor', provider: 'AXA' };

async function headersOf(method: string, path: string, options: { key?: string; body?: string } = {}) {
  const res = await fetch(app.url + path, {
    method,
    headers: { ...(options.key ? { authorization: `Bearer ${options.key}` } : {}), 'content-type': 'application/json' },
    ...(options.body === undefined ? {} : { body: options.body }),
  });
  await res.arrayBuffer();
  return {
    status: res.status,
    limited: ['limit', 'remaining', 'reset'].every((h) => res.headers.get(`x-ratelimit-${h}`) !== null),
  };
}

describe('X-RateLimit-* headers', () => {
  it('are on every answer of a counted request, errors included', async () => {
    expect(await headersOf('POST', '/api/v1/verify', { key, body: JSON.stringify(AXA) })).toEqual({
      status: 200,
      limited: true,
    });
    expect(await headersOf('POST', '/api/v1/verify', { key, body: '{not json' })).toEqual({
      status: 400,
      limited: true,
    });
    expect(await headersOf('POST', '/api/v1/verify', { key, body: JSON.stringify({ country: 'UK' }) })).toEqual({
      status: 400,
      limited: true,
    });
    expect(await headersOf('GET', '/api/v1/jobs/00000000-0000-4000-8000-000000000000', { key })).toEqual({
      status: 404,
      limited: true,
    });
    expect(await headersOf('GET', '/api/v1/account', { key })).toEqual({ status: 200, limited: true });
    expect(await headersOf('GET', '/api/v1/datasets')).toEqual({ status: 200, limited: true });
    expect(await headersOf('GET', '/api/v1/insurers?q=axa&country=UK')).toMatchObject({ limited: true });
  });

  it('are not on answers refused before the count, nor on pages and probes', async () => {
    expect(await headersOf('POST', '/api/v1/verify', { body: JSON.stringify(AXA) })).toEqual({
      status: 401,
      limited: false,
    });
    expect(await headersOf('POST', '/api/v1/verify', { key: 'pk_live_not-a-key', body: JSON.stringify(AXA) })).toEqual({
      status: 401,
      limited: false,
    });
    expect(
      await headersOf('POST', '/api/v1/verify/batch', { key: noScope, body: JSON.stringify({ policies: [AXA] }) }),
    ).toEqual({ status: 403, limited: false });
    expect(await headersOf('GET', '/api/v1/nothing-here', { key })).toEqual({ status: 404, limited: false });
    expect(await headersOf('DELETE', '/api/v1/verify', { key })).toEqual({ status: 405, limited: false });
    for (const path of ['/docs', '/openapi.json', '/healthz'])
      expect((await headersOf('GET', path)).limited).toBe(false);
  });
});
