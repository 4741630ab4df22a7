// GET /api/v1/series in the whole service: behind the same optional key and rate limit as the dataset endpoints.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithKey, startTestApp, type TestApp } from '../support/app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.stop());

const get = async (path: string, key?: string) => {
  const res = await fetch(app.url + path, { headers: key ? { authorization: `Bearer ${key}` } : {} });
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
};

describe('GET /api/v1/series in the service', () => {
  it('needs no key, refuses a bad one, and counts a good one against its per-minute limit', async () => {
    // Answered by the route (200, or 404 before the catalogue has loaded), not refused at the door.
    expect([200, 404]).toContain((await get('/api/v1/series?slugs=uk-cpi-index')).status);
    expect(await get('/api/v1/series?slugs=uk-cpi-index', 'pk_live_000')).toMatchObject({
      status: 401,
      body: { error: expect.stringMatching(/unauthorized|invalid_api_key/) },
    });

    const { key } = await accountWithKey(app, { requestsPerMinute: 2 });
    const first = await get('/api/v1/series?slugs=uk-cpi-index', key);
    expect([200, 404]).toContain(first.status);
    expect(first.headers.get('x-ratelimit-limit')).toBe('2');
    await get('/api/v1/series?slugs=uk-cpi-index', key);
    const third = await get('/api/v1/series?slugs=uk-cpi-index', key);
    expect(third.status).toBe(429);
    expect(third.body).toMatchObject({ error: 'rate_limit_exceeded', code: 429, retry_after: expect.any(Number) });
  });
});
