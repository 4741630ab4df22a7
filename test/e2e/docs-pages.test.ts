// /docs in real Chromium (issues 17, 32): the reference drawn on the server from /openapi.json lists every
// operation of the document, fits a desktop and a 390-px phone with every answer opened, searches, shows samples
// with the reader's test key; the guides load, nothing fails, no request leaves the service, axe finds nothing
// serious, and a screenshot of each page is kept under test-artifacts/docs/.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_GUIDES as GUIDES } from '../../api/web/docs/library.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { checkPage, launchBrowser, visitStrict } from '../support/browser.js';

let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const visit = (path: string, viewport?: { width: number; height: number }) =>
  visitStrict(browser, app.url, path, viewport);

type PathItems = Record<string, Record<string, unknown>>;
// The paths' operations and the OpenAPI 3.1 webhooks (the service's own calls, e.g. jobResult).
const operationsOf = (document: { paths: PathItems; webhooks?: PathItems }) =>
  Object.entries({ ...document.paths, ...document.webhooks }).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map((method) => `${method.toUpperCase()} ${path}`),
  );

const renderedOperations = (page: Page): Promise<string[]> =>
  page.$$eval('.ref-op', (nodes) =>
    nodes.map((node) => {
      const method = node.querySelector('.ref-op-line .ref-method')?.textContent?.trim() ?? '';
      const path = node.querySelector('.ref-path')?.textContent?.trim() ?? '';
      return `${method} ${path.replace(/^your webhook URL \((.*)\)$/, '$1')}`;
    }),
  );

/** How far the page scrolls sideways (0: it fits), with every answer and example opened. */
const sidewaysWithAllOpen = (page: Page) =>
  page.evaluate(() => {
    document.querySelectorAll('details').forEach((d) => d.setAttribute('open', ''));
    return document.documentElement.scrollWidth - document.documentElement.clientWidth;
  });

describe('/docs', () => {
  it('lists every operation of /openapi.json, drawn on the server, and fits the desktop with every answer open', async () => {
    const document = (await (await fetch(`${app.url}/openapi.json`)).json()) as {
      paths: PathItems;
      webhooks?: PathItems;
    };
    const expected = operationsOf(document);
    expect(expected.length).toBeGreaterThan(0);
    const { page, problems, close } = await visit('/docs');
    try {
      expect((await renderedOperations(page)).sort()).toEqual(expected.sort());
      expect(await sidewaysWithAllOpen(page)).toBeLessThanOrEqual(0);
      // Who may call what, in words: a dataset operation is public, a verification needs a key.
      expect(await page.locator('#getDatasetSeries .ref-access').textContent()).toBe('Public');
      expect(await page.locator('#verifyPolicy .ref-access').textContent()).toBe('API key');
      await checkPage(page, 'docs-reference', { dir: 'docs', problems });
    } finally {
      await close();
    }
  });

  it('fits a 390-px phone with every operation and answer open', async () => {
    const { page, problems, close } = await visit('/docs', { width: 390, height: 844 });
    try {
      expect(await sidewaysWithAllOpen(page)).toBeLessThanOrEqual(0);
      await checkPage(page, 'docs-reference-phone', { dir: 'docs', problems });
    } finally {
      await close();
    }
  });

  it('searches as the reader types, and without a script through ?q=', async () => {
    const { page, problems, close } = await visit('/docs');
    try {
      await page.fill('#ref-q', 'batch');
      const visible = await page.$$eval('.ref-op', (nodes) =>
        nodes.filter((n) => !(n as HTMLElement).hidden).map((n) => n.id),
      );
      expect(visible).toContain('verifyBatch');
      expect(visible).not.toContain('verifyPolicy');
      expect(await page.locator('[data-ref-status]').textContent()).toMatch(/^\d+ of \d+ operations match\.$/);
      if (problems.length) throw new Error(problems.join('\n'));
    } finally {
      await close();
    }
    const html = await (await fetch(`${app.url}/docs?q=series`)).text();
    expect(html).toContain('id="getDatasetSeries"');
    expect(html).not.toContain('id="verifyPolicy"');
  });

  it('shows samples in one language at a time, with the test key the dashboard just showed in this session', async () => {
    const { page, problems, close } = await visit('/docs');
    try {
      await page.evaluate(() =>
        window.sessionStorage.setItem('pvs:test-key', 'pk_test_Abc123Def456Ghi789Jkl012Mno345Pq6R7s8'),
      );
      await page.reload();
      const sample = page.locator('#verifyPolicy .ref-sample:not([hidden]) code');
      expect(await sample.count()).toBe(1);
      expect(await sample.textContent()).toContain('Bearer pk_test_Abc123Def456Ghi789Jkl012Mno345Pq6R7s8');
      await page.locator('#verifyPolicy [role="tab"][data-lang="python"]').click();
      expect(await page.locator('#getAccount .ref-sample:not([hidden])').getAttribute('data-lang')).toBe('python');
      expect(await page.locator('#verifyPolicy .ref-sample:not([hidden]) code').textContent()).toContain(
        'requests.post(',
      );
      await checkPage(page, 'docs-reference-samples', { dir: 'docs', problems });
    } finally {
      await close();
    }
  });

  it.each(GUIDES.map((g) => [g.path, g.title]))('serves the guide %s (%s)', async (path, title) => {
    const { page, problems, close } = await visit(path);
    try {
      expect(await page.locator('h1').textContent()).toBe(title);
      // The docs navigation marks where the reader is and links every other page of the docs.
      expect(await page.locator('.docs-nav a[aria-current="page"]').getAttribute('href')).toBe(path);
      expect(await page.locator('.docs-nav a').count()).toBe(GUIDES.length + 2);
      await checkPage(page, `docs-${path.split('/').pop()}`, { dir: 'docs', problems });
    } finally {
      await close();
    }
  });

  it('reads on a phone: the navigation above the content, nothing wider than the screen', async () => {
    const { page, problems, close } = await visit('/docs/webhooks', { width: 390, height: 844 });
    try {
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await checkPage(page, 'docs-webhooks-phone', { dir: 'docs', problems });
    } finally {
      await close();
    }
  });
});
