// /docs in real Chromium (issue 17): the reference drawn by Swagger UI from /openapi.json lists every operation of
// the document, the guides load, nothing fails, no request leaves the service, axe finds nothing serious, and a
// screenshot of each page is kept under test-artifacts/docs/.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUIDES } from '../../api/web/docs/guides.js';
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

const visit = (path: string, viewport?: { width: number; height: number }) => visitStrict(browser, app.url, path, viewport);

type PathItems = Record<string, Record<string, unknown>>;
// The paths' operations and the OpenAPI 3.1 webhooks (the service's own calls, e.g. jobResult), which Swagger UI
// draws in a Webhooks section the same way, named by the webhook's key.
const operationsOf = (document: { paths: PathItems; webhooks?: PathItems }) =>
  Object.entries({ ...document.paths, ...document.webhooks }).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map((method) => `${method.toUpperCase()} ${path}`),
  );

async function renderedOperations(page: Page): Promise<string[]> {
  await page.waitForSelector('#api-reference[data-loaded] .opblock', { timeout: 30_000 });
  return page.$$eval('#api-reference .opblock .opblock-summary', (nodes) =>
    nodes.map((node) => {
      const method = node.querySelector('.opblock-summary-method')?.textContent?.trim() ?? '';
      const summaryPath = node.querySelector('.opblock-summary-path');
      const path = summaryPath?.getAttribute('data-path') ?? summaryPath?.textContent?.trim() ?? '';
      return `${method.toUpperCase()} ${path.replace(/\u200b/g, '')}`;
    }),
  );
}

describe('/docs', () => {
  it('lists every operation of /openapi.json, drawn from the document by Swagger UI', async () => {
    const document = (await (await fetch(`${app.url}/openapi.json`)).json()) as { paths: PathItems; webhooks?: PathItems };
    const expected = operationsOf(document);
    expect(expected.length).toBeGreaterThan(0);
    const { page, problems, close } = await visit('/docs');
    try {
      const rendered = await renderedOperations(page);
      expect(rendered.sort()).toEqual(expected.sort());
      await checkPage(page, 'docs-reference', { dir: 'docs', problems });
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
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await checkPage(page, 'docs-webhooks-phone', { dir: 'docs', problems });
    } finally {
      await close();
    }
  });
});
