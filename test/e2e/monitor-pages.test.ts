// The dashboard's monitors pages in real Chromium (issue 55 item 7): the list shows each monitor's status, last
// check, next check and last change, and a monitor's page its timeline; both fit a 1280-px screen and a 390-px
// phone without scrolling sideways, axe finds nothing serious, and screenshots are kept under
// test-artifacts/monitors/. The monitors are real: a sandbox story run by the worker at a short `minutely`.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithKey, callWithKey, startTestApp, until, type TestApp } from '../support/app.js';
import { checkPage, launchBrowser, visitStrict } from '../support/browser.js';
import { startReceiver, type Receiver } from '../support/webhook-receiver.js';

let app: TestApp;
let browser: Browser;
let receiver: Receiver;
let session: string;
let watched: string;
let stopped: string;

beforeAll(async () => {
  receiver = await startReceiver({ host: '127.0.0.1', secrets: [], respond: (_q, res) => res.writeHead(204).end() });
  app = await startTestApp({
    worker: true,
    env: { WEBHOOK_ALLOWLIST: `127.0.0.1:${receiver.port}`, MONITOR_MINUTELY_SECONDS: '1' },
  });
  browser = await launchBrowser();
  const { accountId } = await accountWithKey(app, { plan: 'pro' });
  const requested = await app.context.accounts.requestKey(accountId, 'test', { actor: 'test' });
  const activated = await app.context.accounts.activateRequestedKey(accountId, requested.token, { actor: 'test' });
  const key = activated.key;
  const signInLink = (await app.context.accounts.requestSignIn(accountId, { actor: 'test' }))!;
  const signedIn = await app.context.accounts.signIn(accountId, signInLink.token, { actor: 'test' });
  expect(await app.context.readModelsAt(signedIn.position!, 10_000)).toBe(true);
  session = signedIn.session;
  const start = async (policy: string) =>
    (
      await callWithKey(app, key, 'POST', '/api/v1/monitors', {
        policy_number: policy,
        country: 'UK',
        insurance_type: 'motor',
        webhook_url: `${receiver.origin}/hooks/policies-of-the-fleet-department`,
        frequency: 'minutely',
        metadata: { vehicle_id: 'V-7' },
      })
    ).body.monitor_id as string;
  watched = await start('MONITOR_STORY_4');
  stopped = await start('MONITOR_CANCEL_5');
  await start('MONITOR_RENEW_6');
  await until(
    () => callWithKey(app, key, 'GET', `/api/v1/monitors/${watched}`),
    (r) => r.body.timeline.filter((e: { type: string }) => e.type === 'notice_sent').length >= 2,
    'two events of the story sent',
    60_000,
  );
  await callWithKey(app, key, 'DELETE', `/api/v1/monitors/${stopped}`);
  await callWithKey(app, key, 'DELETE', `/api/v1/monitors/${watched}`);
  // The dashboard reads the read model as it stands: both stops, and the story's last event, shown.
  await until(
    () => callWithKey(app, key, 'GET', '/api/v1/monitors?status=stopped'),
    (r) => r.body.count === 2,
    'both stops in the read model',
    20_000,
  );
  await until(
    () => callWithKey(app, key, 'GET', `/api/v1/monitors/${watched}`),
    (r) =>
      r.body.timeline.some(
        (e: { type: string; notice?: string }) => e.notice === 'monitor.stopped' && e.type === 'notice_sent',
      ),
    'monitor.stopped sent',
    20_000,
  );
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await receiver?.close();
});

/** How far the page scrolls sideways (0: it fits), and what sticks out. */
const sideways = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = Array.from(document.querySelectorAll('body *'))
      .filter((n) => !n.closest('pre, .table-wrap') && n.getBoundingClientRect().right > width + 1)
      .map((n) => `${n.tagName.toLowerCase()}.${Array.from(n.classList).join('.')}`)
      .slice(0, 5);
    return { overflow: document.documentElement.scrollWidth - width, wide };
  });

describe.each([
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
])('on a %s', (label, viewport) => {
  const visit = (path: string) =>
    visitStrict(browser, app.url, path, viewport, [{ name: 'pvs_session', value: session }]);

  it('lists the monitors with status, last check, next check and last change', async () => {
    const { page, problems, close } = await visit('/account/monitors');
    try {
      const rows = page.locator('table tbody tr');
      expect(await rows.count()).toBe(3);
      const text = await page.locator('table').innerText();
      expect(text).toContain('MONITOR_STORY_4');
      expect(text).toMatch(/stopped/i);
      expect(text).toMatch(/active/i);
      expect(text).toMatch(/insurer/);
      expect(await page.getByRole('link', { name: 'Monitors', exact: true }).getAttribute('aria-current')).toBe('page');
      expect(await sideways(page)).toEqual({ overflow: 0, wide: [] });
      await checkPage(page, `monitors-${label}`, { dir: 'monitors', problems });
    } finally {
      await close();
    }
  });

  it('shows a monitor’s timeline, newest first', async () => {
    const { page, problems, close } = await visit(`/account/monitors/${watched}`);
    try {
      const entries = await page.locator('ol.timeline > li').allInnerTexts();
      expect(entries[0]).toMatch(/^Monitor stopped|^Stopped/);
      expect(entries.at(-1)).toMatch(/^Monitor started/);
      expect(entries.join('\n')).toMatch(/insurer: Sandbox Insurance Ltd → Sandbox Mutual Assurance/);
      expect(entries.join('\n')).toMatch(/Policy changed: delivered/);
      expect(await sideways(page)).toEqual({ overflow: 0, wide: [] });
      await checkPage(page, `monitor-${label}`, { dir: 'monitors', problems });
    } finally {
      await close();
    }
  });
});

it('answers 404 for a monitor that is not the account’s', async () => {
  const res = await fetch(`${app.url}/account/monitors/mon_${'0'.repeat(32)}`, {
    headers: { cookie: `pvs_session=${session}` },
  });
  expect(res.status).toBe(404);
});

it('sends an event again from the timeline: the same webhook id and body arrive again, and the timeline says so', async () => {
  const { page, problems, close } = await visitStrict(browser, app.url, `/account/monitors/${watched}`, undefined, [
    { name: 'pvs_session', value: session },
  ]);
  try {
    const button = page.getByRole('button', { name: /^Send again: policy\.changed:check-\d+$/ }).first();
    const notice = (await button.getAttribute('aria-label'))!.replace(/^Send again: /, '');
    const id = `${watched}.${notice}`;
    const before = receiver.received.filter((r) => r.headers['webhook-id'] === id);
    expect(before).toHaveLength(1);
    await Promise.all([page.waitForURL(/\?resent=/), button.click()]);
    expect(await page.getByRole('status').innerText()).toContain(notice);
    await checkPage(page, 'monitor-resent-desktop', { dir: 'monitors', problems });
    await until(
      async () => receiver.received.filter((r) => r.headers['webhook-id'] === id),
      (copies) => copies.length === 2,
      'the event received a second time',
      30_000,
    );
    const copies = receiver.received.filter((r) => r.headers['webhook-id'] === id);
    expect(copies[1]!.body).toBe(copies[0]!.body);
    // Its page shows the resend's delivery once the read model has it.
    await until(
      async () =>
        (
          await fetch(`${app.url}/account/monitors/${watched}`, { headers: { cookie: `pvs_session=${session}` } })
        ).text(),
      (html) => html.includes('Policy changed: resend delivered'),
      'the resend delivered in the timeline',
      20_000,
    );
    expect(problems).toEqual([]);
  } finally {
    await close();
  }
});

it('refuses to send again an event the monitor never had, or an event of a monitor the account does not have', async () => {
  const { page, close } = await visitStrict(browser, app.url, `/account/monitors/${watched}`, undefined, [
    { name: 'pvs_session', value: session },
  ]);
  try {
    // Posted as the page's own form would be, with its CSRF field.
    const post = (monitor: string, notice: string) =>
      page.evaluate(
        async ({ path }) => {
          const token = document.querySelector<HTMLInputElement>('input[name="_csrf"]')!.value;
          const body = new URLSearchParams({ _csrf: token });
          return (await fetch(path, { method: 'POST', body, redirect: 'manual' })).status;
        },
        { path: `/account/monitors/${monitor}/events/${encodeURIComponent(notice)}/resend` },
      );
    expect(await post(watched, 'policy.renewed:2099-01-01')).toBe(404);
    expect(await post(`mon_${'0'.repeat(32)}`, 'monitor.stopped')).toBe(404);
  } finally {
    await close();
  }
});
