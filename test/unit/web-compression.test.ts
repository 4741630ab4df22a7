// The pages' and assets' compression (issue 17: a dataset page's transfer under 300 KB) and the datasets pages'
// snapshot of the database: which responses go out compressed, that the bytes decode to the same body, that the
// pages carrying a secret never do (BREACH), and that the snapshot is read once per TTL and not kept on failure.
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetRoutes } from '../../api/web/assets.js';
import { datasetSnapshots } from '../../api/web/datasets/snapshot.js';
import { pageHeaders } from '../../api/web/security.js';
import type { AccountRow } from '../../projections/account-rows.js';
import type { Queryable, Row } from '../../infra/sql/sql.js';
import { getOnTheWire, listenOnLoopback } from '../support/net.js';

let base = '';
let close = async () => {};
const PAGE = `<!doctype html><html><body>${'<p>A page of the service, long enough to be worth compressing.</p>'.repeat(100)}</body></html>`;

beforeAll(async () => {
  // As api/portal/index.ts mounts them: the headers on the pages and on /assets; a signed-in visitor is marked
  // by the session middleware (here: a header) before the page is sent.
  const pages = express.Router();
  pages.use(pageHeaders(false), (req, _res, next) => {
    req.portal = req.get('x-signed-in')
      ? { account: {} as AccountRow, sessionHash: 'hash' }
      : { account: null, sessionHash: null };
    next();
  });
  for (const path of ['/', '/docs', '/docs/errors', '/datasets', '/datasets/uk-cpi', '/portal', '/account'])
    pages.get(path, (_req, res) => res.type('html').send(PAGE));
  pages.get('/datasets/uk-cpi.json', (_req, res) =>
    res.json({ points: Array.from({ length: 500 }, (_, i) => ({ date: '2024-01-01', value: i })) }),
  );
  const app = express();
  app.use('/assets', pageHeaders(false));
  app.use(assetRoutes());
  app.use(pages);
  ({ base, close } = await listenOnLoopback(app));
});
afterAll(() => close());

describe('the public pages', () => {
  it.each(['/', '/docs', '/docs/errors', '/datasets', '/datasets/uk-cpi', '/datasets/uk-cpi.json'])(
    '%s goes out compressed, br before gzip',
    async (path) => {
      const br = await getOnTheWire(base + path, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.status).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(br.headers['content-security-policy']).toContain("default-src 'self'");
      expect(br.raw.length).toBeLessThan(Buffer.byteLength(br.body) / 5);
      const gzip = await getOnTheWire(base + path, { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gzip.body).toBe(br.body);
      const plain = await getOnTheWire(base + path);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(br.body);
    },
  );

  it('is not compressed for a signed-in visitor, whose layout carries a CSRF token', async () => {
    const res = await getOnTheWire(`${base}/datasets`, { 'accept-encoding': 'gzip, br', 'x-signed-in': '1' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(PAGE);
  });

  it.each(['/portal', '/account'])('%s (forms with a CSRF token, keys shown) is never compressed', async (path) => {
    const res = await getOnTheWire(base + path, { 'accept-encoding': 'gzip, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(PAGE);
  });
});

describe('the assets', () => {
  it.each([
    ['br', 'gzip, deflate, br'],
    ['br', 'br;q=0.5, gzip;q=1'],
    ['gzip', 'gzip'],
    ['gzip', 'br;q=0, gzip'],
    [undefined, 'identity'],
    [undefined, ''],
  ])('/assets/site.css is sent as %s for Accept-Encoding "%s", the same stylesheet', async (encoding, accept) => {
    const plain = await getOnTheWire(`${base}/assets/site.css`);
    const res = await getOnTheWire(`${base}/assets/site.css`, accept ? { 'accept-encoding': accept } : {});
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(Number(res.headers['content-length'])).toBe(res.raw.length);
    expect(res.body).toBe(plain.body);
    if (encoding) expect(res.raw.length).toBeLessThan(plain.raw.length / 3);
  });

  it('answers 304 to its ETag whatever the encoding', async () => {
    const first = await getOnTheWire(`${base}/assets/site.js`, { 'accept-encoding': 'br' });
    const again = await getOnTheWire(`${base}/assets/site.js`, {
      'accept-encoding': 'br',
      'if-none-match': String(first.headers.etag),
    });
    expect(again.status).toBe(304);
    expect(again.raw.length).toBe(0);
  });
});

describe('datasetSnapshots', () => {
  /** A database that counts its queries and answers every dataset query with one row, or fails when told to. */
  function fakeDb() {
    const state = { queries: 0, fail: false };
    const db: Queryable = {
      async query<R extends Row>(text: string) {
        state.queries += 1;
        if (state.fail) throw new Error('database gone');
        if (text.includes('count(*)')) return [{ total: 1 }] as unknown as R[];
        if (text.includes('from datasets'))
          return [{ slug: 'uk-cpi', category: 'inflation', title: 'UK CPI' }] as unknown as R[];
        return [
          { date: '2024-02-01', value: 2 },
          { date: '2024-01-01', value: 1 },
        ] as unknown as R[];
      },
      async exec() {},
    };
    return { db, state };
  }

  it('reads once per TTL, shares a read in flight, and keeps no failed read', async () => {
    const { db, state } = fakeDb();
    let now = 0;
    const snapshot = datasetSnapshots(db, { ttlMs: 5000, points: 24, now: () => now });
    const [a, b] = await Promise.all([snapshot(), snapshot()]);
    expect(a).toBe(b);
    expect(state.queries).toBe(3); // the count, the rows, the points of the one dataset
    expect(a.bySlug.get('uk-cpi')?.title).toBe('UK CPI');
    expect(a.latest.get('uk-cpi')).toEqual([
      { date: '2024-01-01', value: 1 },
      { date: '2024-02-01', value: 2 },
    ]);
    now = 4999;
    expect(await snapshot()).toBe(a);
    expect(state.queries).toBe(3);
    now = 5000;
    state.fail = true;
    await expect(snapshot()).rejects.toThrow('database gone');
    state.fail = false;
    const c = await snapshot();
    expect(c).not.toBe(a);
    expect(c.rows).toHaveLength(1);
  });
});
