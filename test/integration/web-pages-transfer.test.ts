// The pages for people in the whole service, as a browser receives them (issue 17): /, /docs, /datasets and a
// dataset page go out compressed (br, else gzip) and decode to the page sent without compression; the portal's
// pages, which carry a CSRF token, never do; and a dataset page with every stylesheet and script it loads comes
// to under 300 KB on the wire (bench/pages.ts measures the same, with pages per second).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { loadDatasets } from '../support/datasets.js';
import { getOnTheWire } from '../support/net.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  await loadDatasets(app.context.engines.sql, ['brent-crude-daily', 'uk-cpi-index']);
});
afterAll(async () => app?.stop());

/** A GET that counts the body as it came over the wire. */
async function get(path: string, headers: Record<string, string> = {}) {
  const { status, headers: sent, raw, body } = await getOnTheWire(app.url + path, headers);
  return {
    status,
    encoding: sent['content-encoding'] as string | undefined,
    type: String(sent['content-type']),
    wire: raw.length,
    body,
  };
}

const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

describe('the public pages in the service', () => {
  it.each([
    '/',
    '/docs',
    '/docs/errors',
    '/datasets',
    '/datasets?category=energy',
    '/datasets/brent-crude-daily',
    '/datasets/brent-crude-daily.json',
  ])('%s is sent compressed to a browser, and plain to a client that asks for no encoding', async (path) => {
    const br = await get(path, BROWSER);
    expect(br.status).toBe(200);
    expect(br.encoding).toBe('br');
    expect(br.wire).toBeLessThan(Buffer.byteLength(br.body) / 2);
    const gzip = await get(path, { 'accept-encoding': 'gzip' });
    expect(gzip.encoding).toBe('gzip');
    const plain = await get(path);
    expect(plain.encoding).toBeUndefined();
    // The same page but for the per-visitor cookie-bound parts, which none of these pages shows.
    expect(br.body).toBe(plain.body);
    expect(gzip.body).toBe(plain.body);
  });

  it('never compresses the portal, whose forms carry a CSRF token', async () => {
    const res = await get('/portal', BROWSER);
    expect(res.status).toBe(200);
    expect(res.body).toContain('name="_csrf"');
    expect(res.encoding).toBeUndefined();
  });

  it('a dataset page, its stylesheets and scripts come to under 300 KB on the wire', async () => {
    const page = await get('/datasets/brent-crude-daily', BROWSER);
    const assets = [
      ...page.body.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="stylesheet"[^>]*\shref)="(\/[^"]+)"/g),
    ].map((m) => m[1]!);
    expect(assets).toEqual(
      expect.arrayContaining([
        '/assets/site.css',
        '/assets/site.js',
        '/assets/datasets/uPlot.iife.min.js',
        '/assets/datasets.js',
      ]),
    );
    let total = page.wire;
    for (const asset of assets) {
      const res = await get(asset, BROWSER);
      expect(res.status).toBe(200);
      expect(res.encoding).toBe('br');
      // No fonts or imports of their own to fetch.
      if (res.type.startsWith('text/css')) expect(res.body).not.toMatch(/url\((?!\s*['"]?data:)|@import/);
      total += res.wire;
    }
    expect(total).toBeLessThan(300 * 1024);
  });
});
