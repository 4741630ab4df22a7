// The pages follow what a person chose, on a desktop (1280 px) and a phone (390 px) (issue 42, items 7 and 8):
// no select cuts its choice off; a dataset page's labels and its table of latest observations follow the view
// (units, frequency, aggregation), and a shared address shows the same; a touch screen is not told to
// double-click; the catalogue's titles have their card's width; the dashboard's tabs sit on one line and none is
// named like the top menu's Account; the request log's ids are one short line that still holds the whole id.
// axe finds nothing serious on any of them, and a screenshot of each is kept under test-artifacts/choices/.
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPeriod, formatTableValue } from '../../api/web/datasets/format.js';
import { accountWithKey, startTestApp, type TestApp } from '../support/app.js';
import { checkPage, launchBrowser, visitStrict } from '../support/browser.js';
import { loadDatasets } from '../support/datasets.js';

let app: TestApp;
let browser: Browser;
let session: string;
let key: string;
/** The X-Request-Id of each call the account's key made, oldest first. */
const requestIds: string[] = [];

beforeAll(async () => {
  app = await startTestApp();
  // Every dataset: the catalogue's longest titles are the ones that wrapped.
  await loadDatasets(app.context.engines.sql);
  browser = await launchBrowser();
  const account = await accountWithKey(app, { plan: 'pro' });
  key = account.key;
  // Signed in as the e-mailed links would make it: a key link opened (the address verified), then a sign-in link.
  const requested = await app.context.accounts.requestKey(account.accountId, 'test', { actor: 'test' });
  await app.context.accounts.activateRequestedKey(account.accountId, requested.token, { actor: 'test' });
  const link = (await app.context.accounts.requestSignIn(account.accountId, { actor: 'test' }))!;
  const signedIn = await app.context.accounts.signIn(account.accountId, link.token, { actor: 'test' });
  expect(await app.context.readModelsAt(signedIn.position!, 10_000)).toBe(true);
  session = signedIn.session;
  for (let i = 0; i < 3; i++) {
    const res = await fetch(`${app.url}/api/v1/account`, { headers: { authorization: `Bearer ${key}` } });
    expect(res.status).toBe(200);
    requestIds.push(res.headers.get('x-request-id')!);
  }
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const WIDTHS = [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const;
/** A phone as a person holds it: a touch screen, no mouse. */
const TOUCH: BrowserContextOptions = { hasTouch: true, isMobile: true };

/** Every option of every select on the page whose text is wider than the select leaves it: none, on a good page. */
const cutSelects = (page: Page) =>
  page.evaluate(() => {
    const pen = document.createElement('canvas').getContext('2d')!;
    const cut: string[] = [];
    for (const select of Array.from(document.querySelectorAll('select'))) {
      const style = getComputedStyle(select);
      pen.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      for (const option of Array.from(select.options)) {
        const need = pen.measureText(option.text).width;
        if (need > room + 0.5)
          cut.push(`${select.name}: "${option.text}" needs ${Math.ceil(need)} px, has ${Math.floor(room)}`);
      }
    }
    return cut;
  });

/** The table of latest observations as shown: its column heads and its rows' cells. */
const latestTable = (page: Page) =>
  page.evaluate(() => {
    const table = document.querySelector('section[aria-labelledby="latest-heading"] table')!;
    const cells = (row: Element) => Array.from(row.children).map((cell) => cell.textContent!.trim());
    return {
      heads: cells(table.querySelector('thead tr')!),
      rows: Array.from(table.querySelectorAll('tbody tr')).map(cells),
    };
  });

const chartReady = (page: Page) => page.waitForSelector('#chart[data-points]:not([aria-busy])');
const textOf = async (page: Page, selector: string) => ((await page.locator(selector).textContent()) ?? '').trim();

/** The series endpoint's latest `limit` points of a view, newest first, as the page's table lists them. */
async function latestOf(slug: string, params: Record<string, string>, limit = 12) {
  const query = new URLSearchParams({ ...params, direction: 'latest', limit: String(limit) });
  const res = await fetch(`${app.url}/api/v1/datasets/${slug}/series?${query}`, {
    headers: { authorization: `Bearer ${key}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { points: { date: string; value: number }[] }).points.reverse();
}

describe.each(WIDTHS)('on a %s', (label, viewport) => {
  it('/datasets: the filters show their longest choice, and each title has its card’s width', async () => {
    const { page, problems, close } = await visitStrict(browser, app.url, '/datasets', viewport);
    try {
      expect(await cutSelects(page)).toEqual([]);
      const titles = await page.locator('.dataset-card').evaluateAll((cards) =>
        cards.map((card) => {
          const title = card.querySelector('h2')!;
          const style = getComputedStyle(card);
          const room = card.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          return {
            title: title.textContent!.trim(),
            lines: Math.round(title.getBoundingClientRect().height / parseFloat(getComputedStyle(title).lineHeight)),
            share: title.getBoundingClientRect().width / room,
          };
        }),
      );
      expect(titles.length).toBeGreaterThan(3);
      // Not squeezed beside the sparkline: a title spans its card.
      expect(titles.filter((t) => t.share < 0.98)).toEqual([]);
      if (label === 'desktop') expect(titles.filter((t) => t.lines > 2)).toEqual([]);
      await checkPage(page, `catalogue-${label}`, { dir: 'choices', problems });
    } finally {
      await close();
    }
  });

  it('/datasets/uk-cpi-index: the view’s labels and table follow the units and frequency chosen', async () => {
    const { page, problems, close } = await visitStrict(browser, app.url, '/datasets/uk-cpi-index', viewport);
    try {
      await chartReady(page);
      expect(await cutSelects(page)).toEqual([]);
      // As published: the table is the latest monthly levels, and aggregating means nothing yet.
      expect(await textOf(page, '#chart-heading')).toBe('Index, 2015=100');
      expect(await textOf(page, '#chart-basis')).toBe('Monthly, as published');
      expect(await page.locator('#view-method').isDisabled()).toBe(true);
      const levels = await latestOf('uk-cpi-index', {});
      expect(await latestTable(page)).toEqual({
        heads: ['Month', 'Value (index, 2015=100)'],
        rows: levels.map((p) => [formatPeriod(p.date, 'monthly'), formatTableValue(p.value)]),
      });

      await page.selectOption('#view-frequency', 'quarterly');
      await page.selectOption('#view-units', 'pc1');
      await page.waitForSelector(
        '#chart[data-params*="units=pc1"][data-params*="frequency=quarterly"]:not([aria-busy])',
      );
      expect(await page.locator('#view-method').isDisabled()).toBe(false);
      expect(await cutSelects(page)).toEqual([]);
      const growth = await latestOf('uk-cpi-index', {
        units: 'pc1',
        frequency: 'quarterly',
        aggregation_method: 'avg',
      });
      const expected = {
        heads: ['Quarter', 'Value (%)'],
        rows: growth.map((p) => [formatPeriod(p.date, 'quarterly'), formatTableValue(p.value)]),
      };
      expect(expected.rows).toHaveLength(12);
      expect(await latestTable(page)).toEqual(expected);
      expect(await textOf(page, '#chart-heading')).toBe('Percent change from a year ago (%)');
      expect(await textOf(page, '#chart-basis')).toBe('Quarterly averages of the monthly figures');
      expect(await textOf(page, '#latest-basis')).toBe(
        'Percent change from a year ago (%); quarterly averages of the monthly figures. Newest first.',
      );
      expect(await textOf(page, '#chart-readout')).toMatch(/^-?[\d.,]+% in Q[1-4] \d{4}$/);
      expect(await page.locator('#chart').getAttribute('aria-label')).toContain(
        'Percent change from a year ago (%), quarterly averages',
      );
      await checkPage(page, `dataset-view-${label}`, { dir: 'choices', problems });

      // The end of each quarter instead of its average: the table says so and lists those values.
      await page.selectOption('#view-method', 'eop');
      await page.waitForSelector('#chart[data-params*="aggregation_method=eop"]:not([aria-busy])');
      const ends = await latestOf('uk-cpi-index', { units: 'pc1', frequency: 'quarterly', aggregation_method: 'eop' });
      expect((await latestTable(page)).rows).toEqual(
        ends.map((p) => [formatPeriod(p.date, 'quarterly'), formatTableValue(p.value)]),
      );
      expect(await textOf(page, '#chart-basis')).toBe('End-of-quarter values of the monthly figures');

      // The shared address: the server draws the same labels and table before any script runs.
      const shared = page.url();
      const html = await (await fetch(shared)).text();
      expect(html).toContain('<h2 id="chart-heading">Percent change from a year ago (%)</h2>');
      expect(html).toContain('<th scope="col">Quarter</th>');
      await page.goto(shared);
      await chartReady(page);
      expect((await latestTable(page)).rows).toEqual(
        ends.map((p) => [formatPeriod(p.date, 'quarterly'), formatTableValue(p.value)]),
      );
    } finally {
      await close();
    }
  });

  it('/datasets/uk-bank-rate?units=pch: a percent change of a rate is headed as one, in %', async () => {
    const { page, problems, close } = await visitStrict(browser, app.url, '/datasets/uk-bank-rate?units=pch', viewport);
    try {
      await chartReady(page);
      const heading = await textOf(page, '#chart-heading');
      expect(heading).toBe('Percent change from the previous month (%)');
      expect(heading).not.toContain('per year');
      expect((await latestTable(page)).heads).toEqual(['Month', 'Value (%)']);
      const changes = await latestOf('uk-bank-rate', { units: 'pch' });
      expect((await latestTable(page)).rows).toEqual(
        changes.map((p) => [formatPeriod(p.date, 'monthly'), formatTableValue(p.value)]),
      );
      await checkPage(page, `bank-rate-pch-${label}`, { dir: 'choices', problems });
    } finally {
      await close();
    }
  });

  it('/datasets/brent-crude-daily: the zoom gestures are told to a mouse, not to a touch screen', async () => {
    const mouse = await visitStrict(browser, app.url, '/datasets/brent-crude-daily', viewport);
    try {
      await chartReady(mouse.page);
      expect(await textOf(mouse.page, '#chart-caption')).toMatch(
        /observations, .+\. Drag across the chart to zoom; double-click to zoom out\.$/,
      );
    } finally {
      await mouse.close();
    }
    const touch = await visitStrict(browser, app.url, '/datasets/brent-crude-daily', viewport, [], TOUCH);
    try {
      await chartReady(touch.page);
      const caption = await textOf(touch.page, '#chart-caption');
      expect(caption).toMatch(/^[\d,]+ observations, .+ to .+\.$/);
      expect(caption).not.toMatch(/double-click|drag/i);
      expect(await touch.page.locator('body').textContent()).not.toMatch(/double-click/i);
      await checkPage(touch.page, `dataset-touch-${label}`, { dir: 'choices', problems: touch.problems });
    } finally {
      await touch.close();
    }
  });

  it('/portal: the key type shows its choice, and says what a name gets', async () => {
    const { page, problems, close } = await visitStrict(browser, app.url, '/portal', viewport);
    try {
      expect(await cutSelects(page)).toEqual([]);
      expect(
        await page.getByText('A live key needs an e-mail address: a name always gets a test key.').isVisible(),
      ).toBe(true);
      await checkPage(page, `portal-${label}`, { dir: 'choices', problems });
    } finally {
      await close();
    }
  });

  it('/account (signed in): the tabs sit on one line, none named like the top menu’s Account', async () => {
    const { page, problems, close } = await visitStrict(browser, app.url, '/account', viewport, [
      { name: 'pvs_session', value: session },
    ]);
    try {
      const tabs = page.getByRole('navigation', { name: 'Account' }).getByRole('link');
      expect(await tabs.allTextContents()).toEqual(['Overview', 'Keys', 'Webhooks', 'Monitors', 'Requests']);
      const row = await tabs.evaluateAll((links) => ({
        tops: new Set(links.map((link) => Math.round(link.getBoundingClientRect().top))).size,
        // Nothing hidden off the edge of a strip that scrolls.
        hidden: links.filter(
          (link) => link.getBoundingClientRect().right > link.closest('nav')!.getBoundingClientRect().right + 1,
        ).length,
      }));
      expect(row).toEqual({ tops: 1, hidden: 0 });
      // Closing the account is the overview's last card.
      expect(await page.getByRole('link', { name: 'Close account…' }).getAttribute('href')).toBe('/account/close');
      await checkPage(page, `overview-${label}`, { dir: 'choices', problems });
    } finally {
      await close();
    }
  });

  it('/account/requests (signed in): each request id is one short line holding the whole id', async () => {
    const { page, problems, close } = await visitStrict(browser, app.url, '/account/requests', viewport, [
      { name: 'pvs_session', value: session },
    ]);
    try {
      expect(await cutSelects(page)).toEqual([]);
      const ids = await page.locator('code.request-id').evaluateAll((codes) =>
        codes.map((code) => {
          const range = document.createRange();
          range.selectNodeContents(code);
          const selection = getSelection()!;
          selection.removeAllRanges();
          selection.addRange(range);
          const copied = selection.toString();
          selection.removeAllRanges();
          const box = code.getBoundingClientRect();
          return {
            title: code.getAttribute('title'),
            copied,
            lines: code.getClientRects().length,
            // In characters of the monospace font (about 0.6 em wide).
            chars: box.width / (parseFloat(getComputedStyle(code).fontSize) * 0.6),
          };
        }),
      );
      // The calls of this test's key (the first three, and those its other tests made since), each under its
      // whole id, the oldest last.
      expect(ids.map((id) => id.title).slice(-3)).toEqual([...requestIds].reverse());
      expect(new Set(ids.map((id) => id.title)).size).toBe(ids.length);
      for (const id of ids) {
        expect(id.copied).toBe(id.title);
        expect(id.lines).toBe(1);
        // 8 characters, an ellipsis and 6: about 15 of the 36.
        expect(id.chars).toBeLessThan(18);
      }
      await checkPage(page, `requests-${label}`, { dir: 'choices', problems });
    } finally {
      await close();
    }
  });

  it('/account/keys (signed in): the key type shows its choice', async () => {
    const { page, problems, close } = await visitStrict(browser, app.url, '/account/keys', viewport, [
      { name: 'pvs_session', value: session },
    ]);
    try {
      expect(await cutSelects(page)).toEqual([]);
      await checkPage(page, `keys-${label}`, { dir: 'choices', problems });
    } finally {
      await close();
    }
  });
});
