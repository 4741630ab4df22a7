// TRUST_PROXY (issue 31, item 4): behind a reverse proxy every visitor arrives from the proxy's address, so the
// per-IP limits must key on the client address the proxy forwards, and only when told to believe it. Issue 54: a
// client that writes X-Forwarded-For entries of its own, a new one each time, is still one client, under a hop count
// and under the proxies' addresses alike: the admin-token lockout and the anonymous limits still meet it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { loadDatasets } from '../support/datasets.js';

let app: TestApp;

beforeAll(async () => {
  // The test connects from loopback: the proxy it plays is on loopback.
  app = await startTestApp({ env: { TRUST_PROXY: 'loopback' } });
  await loadDatasets(app.context.engines.sql, ['uk-bank-rate']);
}, 120_000);

afterAll(() => app?.stop());

const anonymous = (client: string, path = '/api/v1/datasets') =>
  fetch(`${app.url}${path}`, { headers: { 'x-forwarded-for': client } });

describe('per-IP limits behind a trusted proxy', () => {
  it('count each forwarded client apart: one exhausting its limit leaves another untouched', async () => {
    let refusedAt = 0;
    for (let n = 1; n <= 60 && refusedAt === 0; n++) if ((await anonymous('203.0.113.7')).status === 429) refusedAt = n;
    // The anonymous limit is per minute and per client; it ran out for this client.
    expect(refusedAt).toBeGreaterThan(1);
    expect((await anonymous('203.0.113.7')).status).toBe(429);
    // Another client behind the same proxy still gets its answer.
    expect((await anonymous('198.51.100.20')).status).toBe(200);
  });
});

describe("the dataset pages' downloads", () => {
  it('share the anonymous limit of the dataset API: a client spending it on either finds both closed', async () => {
    const client = '192.0.2.55';
    const download = (format: string) => anonymous(client, `/datasets/uk-bank-rate.${format}?download`);
    const first = await download('csv');
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^text\/csv/);
    const limit = Number(first.headers.get('x-ratelimit-limit'));
    expect(limit).toBeGreaterThan(1);
    expect(Number(first.headers.get('x-ratelimit-remaining'))).toBe(limit - 1);
    // Half the minute's allowance on the API, the rest on the page's downloads.
    for (let n = 1; n < limit; n++) expect((await (n % 2 ? anonymous(client) : download('json'))).status).toBe(200);
    const refused = await download('json');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ error: 'rate_limit_exceeded', code: 429 });
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await download('csv')).status).toBe(429);
    expect((await anonymous(client)).status).toBe(429);
    // The page itself is not data: it stays open.
    expect((await anonymous(client, '/datasets/uk-bank-rate')).status).toBe(200);
  });
});

describe.each(['1', 'loopback'])('X-Forwarded-For rotated by a client under TRUST_PROXY=%s', (trust) => {
  let proxied: TestApp;
  beforeAll(async () => {
    // The test plays the one proxy, on loopback: it appends the client's real address to what the client wrote.
    proxied = await startTestApp({ env: { TRUST_PROXY: trust } });
  }, 120_000);
  afterAll(() => proxied?.stop());

  let n = 0;
  /** The client's own made-up entries, new each request, then the address the proxy saw. */
  const rotated = (client: string) => ({
    'x-forwarded-for': `198.18.${n % 250}.${++n % 250}, 10.9.${n % 250}.1, ${client}`,
  });

  it('meets the admin-token lockout: wrong tokens from one client are slowed however it rotates', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await fetch(`${proxied.url}/admin/accounts`, {
        headers: { authorization: 'Bearer wrong-token', ...rotated('203.0.113.40') },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 9)).toEqual(Array(9).fill(401));
    expect(statuses).toContain(429);
    // Another client behind the same proxy, with the right token, is not slowed.
    const other = await fetch(`${proxied.url}/admin/accounts`, {
      headers: { authorization: `Bearer ${proxied.config.ADMIN_TOKEN}`, ...rotated('203.0.113.41') },
    });
    expect(other.status).not.toBe(429);
  });

  it('meets the anonymous dataset limit however the client rotates', async () => {
    let refusedAt = 0;
    for (let i = 1; i <= 200 && refusedAt === 0; i++) {
      const res = await fetch(`${proxied.url}/api/v1/datasets`, { headers: rotated('203.0.113.50') });
      if (res.status === 429) refusedAt = i;
    }
    expect(refusedAt).toBeGreaterThan(1);
    expect((await fetch(`${proxied.url}/api/v1/datasets`, { headers: rotated('203.0.113.50') })).status).toBe(429);
    expect((await fetch(`${proxied.url}/api/v1/datasets`, { headers: rotated('203.0.113.51') })).status).toBe(200);
  });
});
