// The datasets pages in real Chromium (issue 17): the home page, the catalogue (its search narrows the list, its
// filters are the API's query parameters), and two dataset pages (a monthly series and a daily one longer than
// one page of the API): the chart draws exactly the points the series endpoint returns for the selected range,
// the CSV download equals the endpoint's points, nothing fails, no request leaves the service, axe finds nothing
// serious, and a screenshot of each page is kept under test-artifacts/datasets/.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithKey, startTestApp, type TestApp } from '../support/app.js';
import { checkPage, launchBrowser, visitStrict } from '../support/browser.js';
import { loadDatasets } from '../support/datasets.js';

let app: TestApp;
let browser: Browser;
/** The test's own calls to the API go with a key of a large plan: anonymous calls have 30 a minute per address. */
let key: string;
const api = async (path: string) =>
  (await fetch(app.url + path, { headers: { authorization: `Bearer ${key}` } })).json();

beforeAll(async () => {
  app = await startTestApp();
  await loadDatasets(app.context.engines.sql);
  ({ key } = await accountWithKey(app, { plan: 'enterprise' }));
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const visit = (path: string, viewport?: { width: number; height: number }) =>
  visitStrict(browser, app.url, path, viewport);

/** Every point of a series from `start` on, through the API as a client pages it. */
async function seriesFrom(slug: string, start: string | null): Promise<{ date: string; value: number }[]> {
  const out: { date: string; value: number }[] = [];
  let end: string | null = null;
  for (;;) {
    const params = new URLSearchParams({
      direction: 'latest',
      limit: '1000',
      ...(start ? { observation_start: start } : {}),
      ...(end ? { observation_end: end } : {}),
    });
    const body = (await api(`/api/v1/datasets/${slug}/series?${params}`)) as {
      points: { date: string; value: number }[];
    };
    out.unshift(...body.points);
    if (body.points.length < 1000) return out;
    const first = new Date(`${body.points[0]!.date}T00:00:00Z`);
    first.setUTCDate(first.getUTCDate() - 1);
    end = first.toISOString().slice(0, 10);
  }
}

describe('the home page', () => {
  it('says what the service does and links the portal, the docs and the datasets', async () => {
    const { page, problems, close } = await visit('/');
    try {
      const main = page.locator('main');
      for (const href of ['/portal', '/docs', '/datasets'])
        expect(await main.locator(`a[href="${href}"]`).count()).toBeGreaterThan(0);
      await checkPage(page, 'home', { dir: 'datasets', problems });
    } finally {
      await close();
    }
  });
});

describe('/datasets', () => {
  it('lists every dataset with a sparkline, and the search narrows the list', async () => {
    const { page, problems, close } = await visit('/datasets');
    try {
      const all = (await api('/api/v1/datasets?limit=1000')) as { count: number };
      const cards = page.locator('.dataset-card');
      expect(await cards.count()).toBe(all.count);
      expect(Number(await cards.first().locator('svg.sparkline').getAttribute('data-points'))).toBeGreaterThan(1);
      await checkPage(page, 'catalogue', { dir: 'datasets', problems });

      await page.fill('input[name="q"]', 'euribor');
      await Promise.all([page.waitForURL(/q=euribor/), page.click('.dataset-filters button[type="submit"]')]);
      const found = (await api('/api/v1/datasets?q=euribor&limit=1000')) as { datasets: { slug: string }[] };
      expect(found.datasets.length).toBeGreaterThan(0);
      expect(found.datasets.length).toBeLessThan(all.count);
      expect(
        (
          await page.locator('.dataset-card').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-slug')))
        ).sort(),
      ).toEqual(found.datasets.map((d) => d.slug).sort());
      await checkPage(page, 'catalogue-search', { dir: 'datasets', problems });
    } finally {
      await close();
    }
  });

  it('filters by the API’s own query parameters, so a URL can be shared', async () => {
    const { page, problems, close } = await visit('/datasets?category=energy&cadence=daily');
    try {
      const listed = (await api('/api/v1/datasets?category=energy&cadence=daily&limit=1000')) as {
        datasets: { slug: string }[];
      };
      expect(await page.locator('.dataset-card').count()).toBe(listed.datasets.length);
      expect(await page.locator('select[name="category"]').inputValue()).toBe('energy');
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe.each([
  ['uk-cpi-index', 'monthly'],
  ['brent-crude-daily', 'daily, longer than a page of the API'],
])('/datasets/%s (%s)', (slug) => {
  it('charts the points of the selected range, exactly as the series endpoint returns them', async () => {
    const { page, problems, close } = await visit(`/datasets/${slug}`);
    try {
      const chart = page.locator('#chart');
      await page.waitForSelector('#chart[data-points]:not([aria-busy])');
      expect(Number(await chart.getAttribute('data-points'))).toBe((await seriesFrom(slug, null)).length);
      expect(await page.locator('#chart canvas').count()).toBeGreaterThan(0);
      await checkPage(page, slug, { dir: 'datasets', problems });

      await page.selectOption('#view-range', '5Y');
      await page.waitForSelector('#chart[data-params*="observation_start"]:not([aria-busy])');
      const start = new URLSearchParams((await chart.getAttribute('data-params')) ?? '').get('observation_start');
      expect(start).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Number(await chart.getAttribute('data-points'))).toBe((await seriesFrom(slug, start)).length);
      // The view is in the address, to be shared, and in the download links.
      expect(new URL(page.url()).searchParams.get('range')).toBe('5Y');
      expect(await page.locator('[data-download="csv"]').getAttribute('href')).toContain(`observation_start=${start}`);
    } finally {
      await close();
    }
  });

  it('downloads the whole series as CSV, equal to the series endpoint’s points', async () => {
    const { page, problems, close } = await visit(`/datasets/${slug}`);
    try {
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('a[href$=".csv?download"]')]);
      const stream = await download.createReadStream();
      let text = '';
      for await (const chunk of stream) text += String(chunk);
      const points = await seriesFrom(slug, null);
      expect(text).toBe(`date,value\n${points.map((p) => `${p.date},${p.value}`).join('\n')}\n`);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('a dataset page’s view', () => {
  it('charts units and a lower frequency as the series endpoint gives them, and a shared address shows the same view', async () => {
    const { page, problems, close } = await visit('/datasets/uk-cpi-index');
    try {
      await page.waitForSelector('#chart[data-points]:not([aria-busy])');
      await page.selectOption('#view-frequency', 'quarterly');
      await page.selectOption('#view-units', 'pc1');
      await page.waitForSelector(
        '#chart[data-params*="units=pc1"][data-params*="frequency=quarterly"]:not([aria-busy])',
      );
      const expected = (await api('/api/v1/datasets/uk-cpi-index/series?units=pc1&frequency=quarterly&limit=1000')) as {
        points: unknown[];
      };
      expect(Number(await page.locator('#chart').getAttribute('data-points'))).toBe(expected.points.length);
      expect(await page.locator('#chart-readout').textContent()).toMatch(/ in Q[1-4] \d{4}$/);
      const shared = page.url();
      expect(shared).toContain('units=pc1');
      const csv = await (
        await fetch(app.url + (await page.locator('[data-download="csv"]').getAttribute('href'))!)
      ).text();
      expect(csv.split('\n').filter(Boolean)).toHaveLength(expected.points.length + 1);
      await checkPage(page, 'dataset-view', { dir: 'datasets', problems });

      await page.goto(shared);
      await page.waitForSelector('#chart[data-points]:not([aria-busy])');
      expect(await page.locator('#view-units').inputValue()).toBe('pc1');
      expect(await page.locator('#view-frequency').inputValue()).toBe('quarterly');
      expect(Number(await page.locator('#chart').getAttribute('data-points'))).toBe(expected.points.length);
    } finally {
      await close();
    }
  });

  it('refuses a view the API refuses, in its error shape', async () => {
    const res = await fetch(`${app.url}/datasets/uk-cpi-index.json?units=nonsense`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_parameter', code: 400 });
  });
});

describe('a dataset page on a phone', () => {
  it('fits the screen', async () => {
    const { page, problems, close } = await visit('/datasets/uk-bank-rate', { width: 390, height: 844 });
    try {
      await page.waitForSelector('#chart[data-points]:not([aria-busy])');
      // The elements wider than the screen, named, so a failure says what to fix (those inside a box that scrolls
      // on its own, the curl commands and the table, do not widen the page).
      const wide = await page.evaluate(() =>
        Array.from(document.querySelectorAll('body *'))
          .filter(
            (n) =>
              !n.closest('pre, .table-wrap') &&
              n.getBoundingClientRect().right > document.documentElement.clientWidth + 1,
          )
          .map((n) => `${n.tagName.toLowerCase()}.${Array.from(n.classList).join('.')}`)
          .slice(0, 8),
      );
      expect(wide).toEqual([]);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBeLessThanOrEqual(0);
      await checkPage(page, 'dataset-phone', { dir: 'datasets', problems });
    } finally {
      await close();
    }
  });
});
