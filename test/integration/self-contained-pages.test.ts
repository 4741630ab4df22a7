// The pages for people and /openapi.json as the service serves them: no reference to a document outside the
// repository, and every link, script and stylesheet of a page that stays on the service answers (no 404).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_GUIDES as GUIDES } from '../../api/web/docs/library.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { loadDatasets } from '../support/datasets.js';
import { outsideReferences } from '../support/self-contained.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  await loadDatasets(app.context.engines.sql, ['uk-cpi-index']);
}, 120_000);
afterAll(async () => app?.stop());

const PAGES = [
  '/',
  '/portal',
  '/account',
  '/docs',
  ...GUIDES.map((guide) => guide.path),
  '/datasets',
  '/datasets/uk-cpi-index',
];

describe('the pages and the OpenAPI document', () => {
  it('cite nothing outside the repository, and link only to what the service answers', async () => {
    const problems: string[] = [];
    const links = new Set<string>();
    for (const page of [...PAGES, '/openapi.json']) {
      const response = await fetch(app.url + page);
      const body = await response.text();
      if (response.status !== 200) problems.push(`${page}: ${response.status}`);
      problems.push(...outsideReferences(body).map((hit) => `${page}: ${hit}`));
      if (page.endsWith('.json')) continue;
      for (const [, target] of body.matchAll(/\b(?:href|src)="([^"]+)"/g)) {
        const url = new URL(target!.replace(/&amp;/g, '&'), app.url + page);
        if (url.origin === app.url && url.pathname !== page) links.add(url.pathname + url.search);
      }
    }
    expect(links.size).toBeGreaterThan(10);
    for (const link of links) {
      const response = await fetch(app.url + link, { redirect: 'manual' });
      await response.arrayBuffer();
      if (response.status === 404 || response.status >= 500) problems.push(`link ${link}: ${response.status}`);
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
