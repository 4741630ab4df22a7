// Issue 57, item 5: no dead ends. Every link of the pages for people (home, portal, docs with the repository's
// guides, datasets, the signed-in dashboard) is followed, page after page, and each answers 200, with the
// element a link's #fragment names; and in real Chromium the dashboard's "ledger verification guide" opens the
// guide.
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { checkPage, launchBrowser, navigation, watchedPage } from '../support/browser.js';
import { loadDatasets } from '../support/datasets.js';

let app: TestApp;
let browser: Browser;
let signedIn: BrowserContext;

beforeAll(async () => {
  // TRUST_PROXY: each crawled request comes from an address of its own (X-Forwarded-For), so that the anonymous
  // dataset downloads' per-address limit does not stop the crawl.
  app = await startTestApp({ env: { TRUST_PROXY: 'loopback' } });
  await loadDatasets(app.context.engines.sql);
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** A browser signed in to the dashboard of a new account (the portal's name path: a test key at once). */
async function dashboardSession() {
  const watched = await watchedPage(browser);
  const { page } = watched;
  await page.goto(`${app.url}/portal`);
  await page.getByLabel('E-mail address or name').fill('Link Crawler');
  await navigation(page, () => page.getByRole('button', { name: 'Get a key' }).click());
  await navigation(page, () => page.getByRole('link', { name: 'Go to your dashboard' }).click());
  expect(await page.locator('h1').textContent()).toBe('Overview');
  return watched;
}

describe('the dashboard', () => {
  it('links its ledger verification guide, which opens the guide', async () => {
    const { page, context, problems } = await dashboardSession();
    signedIn = context;
    const link = page.getByRole('link', { name: 'ledger verification guide' });
    expect(await link.getAttribute('href')).toBe('/docs/ledger-verification');
    const opened = await navigation(page, () => link.click());
    expect(opened.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/docs/ledger-verification');
    expect(await page.locator('h1').textContent()).toMatch(/^Verifying the credit ledger/);
    // Rendered from the Markdown: its sections are headings, its commands code.
    expect(await page.locator('.markdown h2').count()).toBeGreaterThan(2);
    expect(await page.locator('.markdown code', { hasText: 'pvs-verify-ledger' }).count()).toBeGreaterThan(0);
    await checkPage(page, 'docs-ledger-verification-from-dashboard', { dir: 'docs', problems });
  });
});

describe('every link of the pages', () => {
  it('answers 200, and its #fragment names an element of the page', async () => {
    expect(signedIn).toBeDefined();
    const starts = ['/', '/portal', '/docs', '/docs/ledger-verification', '/docs/operations', '/datasets', '/account'];
    const queue = [...starts];
    const seen = new Set(queue);
    const ids = new Map<string, Set<string>>();
    const fragments: { from: string; page: string; id: string }[] = [];
    const broken: string[] = [];
    let n = 0;
    while (queue.length > 0) {
      const target = queue.shift()!;
      n += 1;
      const res = await signedIn.request.get(app.url + target, {
        headers: { 'x-forwarded-for': `198.51.100.${n % 250}` },
        maxRedirects: 0,
      });
      if (res.status() !== 200) {
        broken.push(`${target}: ${res.status()}`);
        continue;
      }
      if (!(res.headers()['content-type'] ?? '').startsWith('text/html')) continue;
      const html = await res.text();
      const page = new URL(app.url + target).pathname;
      ids.set(page, new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!)));
      for (const [, raw] of html.matchAll(/<(?:a|link|script|img)\b[^>]*\s(?:href|src)="([^"]+)"/g)) {
        const url = new URL(raw!.replace(/&amp;/g, '&'), app.url + target);
        if (url.origin !== new URL(app.url).origin) continue;
        if (url.hash) fragments.push({ from: target, page: url.pathname, id: decodeURIComponent(url.hash.slice(1)) });
        const next = url.pathname + url.search;
        if (!seen.has(next)) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
    for (const { from, page, id } of fragments) {
      const known = ids.get(page);
      if (known && !known.has(id)) broken.push(`${from} -> ${page}#${id}: no such element`);
    }
    // The crawl reached the pages it is about: the repository's guides, every dataset, the dashboard's pages.
    expect([...seen]).toEqual(
      expect.arrayContaining(['/docs/verification', '/docs/architecture', '/account/keys', '/assets/docs.js']),
    );
    expect([...seen].filter((path) => /^\/datasets\/[a-z0-9-]+$/.test(path)).length).toBeGreaterThan(20);
    expect(broken).toEqual([]);
  }, 300_000);
});
