// Every page for people on a desktop and a 390-px phone (issue 32): nothing scrolls sideways (the API reference
// with every answer opened), axe finds nothing serious, no request fails or leaves the service, and a screenshot
// of each is kept under test-artifacts/widths/. The dashboard's pages are seen signed in, with a key, a call in
// the request log and a delivery with its resend.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUIDES } from '../../api/web/docs/guides.js';
import { accountWithKey, callWithKey, startTestApp, type TestApp } from '../support/app.js';
import { checkPage, launchBrowser, visitStrict } from '../support/browser.js';
import { loadDatasets } from '../support/datasets.js';

let app: TestApp;
let browser: Browser;
let session: string;

beforeAll(async () => {
  app = await startTestApp();
  await loadDatasets(app.context.engines.sql);
  browser = await launchBrowser();
  // A verified account signed in, as the e-mailed links would make it: a key link opened, then a sign-in link.
  const { accountId, key } = await accountWithKey(app, { plan: 'pro' });
  const requested = await app.context.accounts.requestKey(accountId, 'test', { actor: 'test' });
  await app.context.accounts.activateRequestedKey(accountId, requested.token, { actor: 'test' });
  const signInLink = (await app.context.accounts.requestSignIn(accountId, { actor: 'test' }))!;
  const signedIn = await app.context.accounts.signIn(accountId, signInLink.token, { actor: 'test' });
  expect(await app.context.readModelsAt(signedIn.position!, 10_000)).toBe(true);
  session = signedIn.session;
  expect(
    (
      await callWithKey(app, key, 'POST', '/api/v1/verify', {
        policy_number: 'AXK12345678',
        country: 'UK',
        insurance_type: 'motor',
      })
    ).status,
  ).toBe(200);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const PUBLIC = [
  '/',
  '/docs',
  ...GUIDES.map((g) => g.path),
  '/datasets',
  '/datasets/uk-cpi-index',
  '/datasets/brent-crude-daily?units=pc1&frequency=monthly',
  '/portal',
  '/account',
];
const DASHBOARD = [
  '/account',
  '/account/keys',
  '/account/webhooks',
  '/account/webhooks/rotate',
  '/account/monitors',
  '/account/requests',
  '/account/close',
];

/** How far the page scrolls sideways once every <details> is open (0: it fits), and what sticks out. */
const sideways = (page: Page) =>
  page.evaluate(() => {
    document.querySelectorAll('details').forEach((d) => d.setAttribute('open', ''));
    const width = document.documentElement.clientWidth;
    const wide = Array.from(document.querySelectorAll('body *'))
      .filter((n) => !n.closest('pre, .table-wrap') && n.getBoundingClientRect().right > width + 1)
      .map((n) => `${n.tagName.toLowerCase()}.${Array.from(n.classList).join('.')}`)
      .slice(0, 5);
    return { overflow: document.documentElement.scrollWidth - width, wide };
  });

const name = (path: string) => (path === '/' ? 'home' : path.slice(1).replace(/[/?=&]+/g, '-'));

describe.each([
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
])('on a %s', (label, viewport) => {
  it.each(PUBLIC)('%s fits, and is accessible', async (path) => {
    const { page, problems, close } = await visitStrict(browser, app.url, path, viewport);
    try {
      if (path.startsWith('/datasets/')) await page.waitForSelector('#chart[data-points]:not([aria-busy])');
      expect(await sideways(page)).toEqual({ overflow: 0, wide: [] });
      await checkPage(page, `${name(path)}-${label}`, { dir: 'widths', problems });
    } finally {
      await close();
    }
  });

  it.each(DASHBOARD)('%s (signed in) fits, and is accessible', async (path) => {
    const { page, problems, close } = await visitStrict(browser, app.url, path, viewport, [
      { name: 'pvs_session', value: session },
    ]);
    try {
      expect(await page.getByRole('button', { name: 'Sign out' }).count()).toBe(1);
      expect(await sideways(page)).toEqual({ overflow: 0, wide: [] });
      await checkPage(page, `signed-in-${name(path)}-${label}`, { dir: 'widths', problems });
    } finally {
      await close();
    }
  });
});
