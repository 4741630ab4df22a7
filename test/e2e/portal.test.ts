import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceShown, startTestApp, type TestApp } from '../support/app.js';
import { ARTIFACTS, checkPage, launchBrowser, navigation, watchedPage } from '../support/browser.js';
import { freePort } from '../support/net.js';
import { linkIn, startMailReceiver, type MailReceiver } from '../support/smtp.js';
import { startReceiver, type Receiver } from '../support/webhook-receiver.js';

// The portal and the dashboard in real Chromium, as a person uses them (docs/architecture.md#portal-and-admin, #pages-for-people): mail goes over real SMTP
// to a local receiver, callbacks to a real webhook receiver, and the service's own log is read at the end.
// The tests of this file run in order and share a little state: the address the e-mail path verifies is the one
// that later signs in to the dashboard.

let app: TestApp;
let browser: Browser;
let mail: MailReceiver;
let hooks: Receiver;
/** The webhook signing secrets of the dashboard's account, in the order they were shown (the receiver's list). */
const webhookSecrets: string[] = [];
/** Everything that must never appear in the service's log: keys, secrets, link tokens, session cookies, addresses. */
const confidential = new Set<string>();
const logLines: string[] = [];
const contexts: BrowserContext[] = [];

const run = randomBytes(4).toString('hex');
const address = `ada.${run}@example.com`;
const AXA = { policy_number: 'AXK12345678', country: 'UK', insurance_type: 'motor', provider: 'AXA' };

/** The account the e-mail path opens and the dashboard tests sign in to. */
const verified = { liveKey: '', testKey: '', jobId: '' };

beforeAll(async () => {
  [mail, hooks] = await Promise.all([
    startMailReceiver(),
    startReceiver({ host: '127.0.0.1', secrets: webhookSecrets }),
  ]);
  const port = await freePort();
  app = await startTestApp({
    worker: true,
    port,
    logStream: { write: (line: string) => logLines.push(line) },
    env: {
      LOG_LEVEL: 'debug',
      PORT: String(port),
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: mail.url,
      WEBHOOK_ALLOWLIST: `127.0.0.1:${hooks.port}`,
      WEBHOOK_RETRY_SECONDS: '1',
    },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await app?.stop();
  await Promise.all([mail?.close(), hooks?.close()]);
});

/** A fresh browser (its own cookies), whose pages remember CSP violations for checkPage. */
async function visitor() {
  const watched = await watchedPage(browser);
  contexts.push(watched.context);
  const check = (name: string) => checkPage(watched.page, name, { problems: watched.problems });
  return { ...watched, check };
}

async function api(method: string, path: string, key: string, body?: unknown) {
  const res = await fetch(app.url + path, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

async function until<T>(
  what: string,
  probe: () => Promise<T> | T,
  done: (value: T) => boolean,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** Fills the portal's one form and sends it, as a person would. */
async function askForKey(page: Page, contact: string, keyType: 'Live key (pk_live_)' | 'Test key (pk_test_)') {
  await page.getByLabel('E-mail address or name').fill(contact);
  await page.getByLabel('Key type').selectOption({ label: keyType });
  return navigation(page, () => page.getByRole('button', { name: 'Get a key' }).click());
}

/**
 * Opens a mailed link as its reader does: the link's page (which uses nothing), then its Confirm button. Returns
 * the Confirm's answer.
 */
async function openMailedLink(page: Page, link: string, button: 'Show my key' | 'Sign me in') {
  const shown = (await page.goto(link))!;
  expect(shown.status()).toBe(200);
  expect(shown.headers()['cache-control']).toBe('no-store');
  return navigation(page, () => page.getByRole('button', { name: button }).click());
}

const h1 = async (page: Page) =>
  (await page.getByRole('heading', { level: 1 }).textContent())?.replace(/\s+/g, ' ').trim();

const text = async (page: Page, selector: string) => (await page.locator(selector).textContent())?.trim() ?? '';

describe('the portal', () => {
  it('sends every page with the security headers', async () => {
    const { page, check } = await visitor();
    const response = (await page.goto(`${app.url}/portal`))!;
    expect(response.status()).toBe(200);
    const headers = response.headers();
    const csp = headers['content-security-policy'] ?? '';
    const directives = new Map(
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    );
    expect(directives.get('script-src')).toBeDefined();
    expect(directives.get('script-src')).not.toContain("'unsafe-inline'");
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('same-origin');
    await check('portal');
  });

  it('e-mail path: form, mail, link, the key shown once verifies AXK12345678, the second visit refuses', async () => {
    const { page, check } = await visitor();
    await page.goto(`${app.url}/portal`);
    const sent = await askForKey(page, address, 'Live key (pk_live_)');
    expect(sent.status()).toBe(200);
    expect(await h1(page)).toBe('Check your inbox');
    await check('check-inbox');

    const message = await mail.next(address);
    expect(message.subject).toBe('Activate your Policy Verification API key');
    const link = linkIn(message, `${app.url}/portal/verify?token=`);
    confidential.add(new URL(link).searchParams.get('token')!);

    // A mail scanner's HEAD and GET of the link, before its reader opens it, use nothing.
    expect((await fetch(link, { method: 'HEAD' })).status).toBe(200);
    const prefetched = await fetch(link);
    expect(prefetched.status).toBe(200);
    expect(await prefetched.text()).not.toMatch(/pk_live_/);

    await page.goto(link);
    expect(await h1(page)).toBe('Show your key');
    await check('link-confirm');
    const opened = await navigation(page, () => page.getByRole('button', { name: 'Show my key' }).click());
    expect(opened.status()).toBe(200);
    expect(opened.headers()['cache-control']).toBe('no-store');
    expect(await h1(page)).toBe('Your live key');
    const key = await text(page, 'code#api-key');
    const secret = await text(page, 'code#webhook-secret');
    const curl = await text(page, 'code#first-curl');
    expect(key).toMatch(/^pk_live_[0-9A-Za-z]{38}$/);
    expect(secret.length).toBeGreaterThan(20);
    expect(curl).toContain(`${app.url}/api/v1/verify`);
    expect(curl).toContain(`Bearer ${key}`);
    confidential.add(key).add(secret);
    webhookSecrets.push(secret);
    verified.liveKey = key;
    await check('key-shown-live');

    // The link proved the address: the page's way to the dashboard signs in without another mail.
    const session = (await page.context().cookies()).find((c) => c.name === 'pvs_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    confidential.add(session!.value);
    expect(await page.getByRole('button', { name: 'Sign out' }).count()).toBe(1);
    const dashboard = await navigation(page, () => page.getByRole('link', { name: 'Go to your dashboard' }).click());
    expect(dashboard.status()).toBe(200);
    expect(await h1(page)).toBe('Overview');
    expect(await page.getByText(`Signed in as ${address}`).isVisible()).toBe(true);
    await check('dashboard-after-key-link');

    const verification = await api('POST', '/api/v1/verify', key, AXA);
    expect(verification.status).toBe(200);
    expect(verification.body.status).toBe('verified');

    // The operator's view of the same account: the admin API (and so the CLI) sees a portal account like any other.
    const mine = await api('GET', '/api/v1/account', key);
    await balanceShown(app, mine.body.account_id, { balance: 9, reserved: 0 });
    const shown = await app.admin<any>('GET', `/admin/accounts/${mine.body.account_id}`);
    expect(shown.status).toBe(200);
    expect(shown.body.account).toMatchObject({ email: address, email_verified: true, status: 'open' });
    expect(shown.body.plan.name).toBe('free');
    expect(shown.body.keys.map((k: any) => [k.mode, k.status])).toEqual([['live', 'active']]);
    expect(shown.body.balance).toMatchObject({ balance: 9, available: 9 });

    const again = (await page.goto(link))!;
    expect(again.status()).toBe(410);
    expect(await h1(page)).toBe('This link was already used');
    expect(await page.locator('code#api-key').count()).toBe(0);
    expect(await page.content()).not.toContain(key);
    await check('link-used');

    // Nor does the used link earn a new one: the resend button's form, posted with it, is refused.
    await page.goto(`${app.url}/portal`);
    const usedToken = new URL(link).searchParams.get('token')!;
    // Built in the page (a string: the tests compile without the DOM's types), with the page's own CSRF field.
    const post = `(() => {
      const form = document.createElement('form');
      form.method = 'post';
      form.action = '/portal/resend';
      const token = Object.assign(document.createElement('input'), { type: 'hidden', name: 'token', value: ${JSON.stringify(usedToken)} });
      form.append(document.querySelector('input[name="_csrf"]').cloneNode(), token);
      document.body.append(form);
      form.submit();
    })()`;
    const resent = await navigation(page, () => page.evaluate(post));
    expect(resent.status()).toBe(410);
    expect(await h1(page)).toBe('This link was already used');
  });

  it('the dropdown’s test key, by e-mail, starts with pk_test_', async () => {
    const { page, check } = await visitor();
    const other = `grace.${run}@example.com`;
    await page.goto(`${app.url}/portal`);
    expect(await askForKey(page, other, 'Test key (pk_test_)').then((r) => r.status())).toBe(200);
    const link = linkIn(await mail.next(other), `${app.url}/portal/verify?token=`);
    confidential.add(new URL(link).searchParams.get('token')!).add(other);
    expect((await openMailedLink(page, link, 'Show my key')).status()).toBe(200);
    expect(await h1(page)).toBe('Your test key');
    const key = await text(page, 'code#api-key');
    confidential.add(key).add(await text(page, 'code#webhook-secret'));
    expect(key).toMatch(/^pk_test_/);
    await check('key-shown-test-by-mail');
  });

  it('name path: a test key at once, whichever key type was chosen, saying why when it was live', async () => {
    const { page, check } = await visitor();
    await page.goto(`${app.url}/portal`);
    // The form says it before it is sent.
    expect(await page.getByText('a name always gets a test key').isVisible()).toBe(true);
    const created = await askForKey(page, 'Ada Lovelace', 'Live key (pk_live_)');
    expect(created.status()).toBe(201);
    expect(await h1(page)).toBe('Your test key');
    expect(await page.getByText('Your account is ready').isVisible()).toBe(true);
    expect(await page.getByRole('status').filter({ hasText: 'Live keys spend credits' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'ask again with your e-mail address' }).getAttribute('href')).toBe(
      '/portal?key_type=live',
    );
    const key = await text(page, 'code#api-key');
    expect(key).toMatch(/^pk_test_[0-9A-Za-z]{38}$/);
    confidential.add(key).add(await text(page, 'code#webhook-secret'));
    await check('key-shown-test-by-name-asked-live');

    const sandbox = await api('POST', '/api/v1/verify', key, AXA);
    expect(sandbox.status).toBe(200);
    expect(sandbox.body.status).toBe('verified');

    // The name's account is signed in at once: its dashboard is one click away.
    await navigation(page, () => page.getByRole('link', { name: 'Go to your dashboard' }).click());
    expect(await h1(page)).toBe('Overview');

    // The test key chosen: the same key, without the notice.
    const other = await visitor();
    await other.page.goto(`${app.url}/portal`);
    expect((await askForKey(other.page, 'Grace Hopper', 'Test key (pk_test_)')).status()).toBe(201);
    expect(await other.page.getByText('Live keys spend credits').count()).toBe(0);
    const second = await text(other.page, 'code#api-key');
    expect(second).toMatch(/^pk_test_/);
    confidential.add(second).add(await text(other.page, 'code#webhook-secret'));
  });

  it('an expired link answers 410 with a button that mails a new one', async () => {
    const { page, check } = await visitor();
    const late = `late.${run}@example.com`;
    confidential.add(late);
    const account = await app.admin<{ account_id: string }>('POST', '/admin/accounts', { email: late, plan: 'free' });
    expect(account.status).toBe(201);
    // The portal's own request, made 25 hours ago: its 24-hour link has expired.
    const requested = await app.context.accounts.requestKey(
      account.body.account_id,
      'live',
      { actor: 'test' },
      new Date(Date.now() - 25 * 3600_000),
    );
    if (requested.position) expect(await app.context.readModelsAt(requested.position, 5000)).toBe(true);
    confidential.add(requested.token);

    const expired = (await page.goto(`${app.url}/portal/verify?token=${encodeURIComponent(requested.token)}`))!;
    expect(expired.status()).toBe(410);
    expect(await h1(page)).toBe('This link has expired');
    await check('link-expired');

    const resent = await navigation(page, () => page.getByRole('button', { name: 'Send a new link' }).click());
    expect(resent.status()).toBe(200);
    expect(await h1(page)).toBe('Check your inbox');
    const link = linkIn(await mail.next(late), `${app.url}/portal/verify?token=`);
    confidential.add(new URL(link).searchParams.get('token')!);
    expect((await openMailedLink(page, link, 'Show my key')).status()).toBe(200);
    const key = await text(page, 'code#api-key');
    confidential.add(key).add(await text(page, 'code#webhook-secret'));
    expect(key).toMatch(/^pk_live_/);
  });

  it('an unknown link answers 404', async () => {
    const { page, check } = await visitor();
    const response = (await page.goto(`${app.url}/portal/verify?token=${'x'.repeat(43)}`))!;
    expect(response.status()).toBe(404);
    expect(await h1(page)).toBe('This link is not valid');
    await check('link-invalid');
    expect((await page.goto(`${app.url}/portal/nowhere`))!.status()).toBe(404);
    expect(await h1(page)).toBe('Page not found');
    await check('not-found');
  });

  it('refuses a form posted without its CSRF field with a 403 page', async () => {
    const { page, context, check } = await visitor();
    await page.goto(`${app.url}/portal`);
    expect((await context.cookies()).map((c) => c.name)).toEqual(expect.arrayContaining(['pvs_visitor', 'pvs_csrf']));
    // The browser's own cookie jar and form, the hidden field taken out: refused.
    const contact = `Csrf ${run}`;
    await page.locator('form[action="/portal"] input[name="_csrf"]').evaluate((field) => field.remove());
    const refused = await askForKey(page, contact, 'Test key (pk_test_)');
    expect(refused.status()).toBe(403);
    expect(refused.headers()['content-type']).toMatch(/^text\/html/);
    expect(await h1(page)).toBe('This form has expired');
    await check('csrf-refused');
    // The control, so that the 403 above is the CSRF check: the same form with its field is accepted.
    await page.goto(`${app.url}/portal`);
    const accepted = await askForKey(page, contact, 'Test key (pk_test_)');
    expect(accepted.status()).toBe(201);
    const key = await text(page, 'code#api-key');
    expect(key).toMatch(/^pk_test_/);
    confidential.add(key).add(await text(page, 'code#webhook-secret'));
  });
});

describe('the dashboard', () => {
  let dashboard: Awaited<ReturnType<typeof visitor>>;

  it('delivers a callback of the verified account to a real receiver', async () => {
    expect(verified.liveKey, 'the e-mail path test gives this test its key').toMatch(/^pk_live_/);
    const submitted = await api('POST', '/api/v1/verify/async', verified.liveKey, {
      ...AXA,
      webhook_url: `${hooks.origin}/hook`,
    });
    expect(submitted.status).toBe(202);
    verified.jobId = submitted.body.job_id;
    const first = await until(
      'the first delivery',
      () => hooks.received.filter((r) => r.body.includes(verified.jobId)),
      (r) => r.length > 0,
    );
    expect(first[0]!.verifiedWith).toEqual([0]);
  });

  it('signs in by an e-mailed link into an HttpOnly, SameSite=Lax session', async () => {
    dashboard = await visitor();
    const { page, context, check } = dashboard;
    const signedOut = (await page.goto(`${app.url}/account`))!;
    expect(signedOut.status()).toBe(200);
    expect(await h1(page)).toBe('Sign in');
    await check('sign-in');

    await page.getByLabel('E-mail address').fill(address);
    const sent = await navigation(page, () => page.getByRole('button', { name: 'Send me a sign-in link' }).click());
    expect(sent.status()).toBe(200);
    expect(await h1(page)).toBe('Check your inbox');
    await check('sign-in-check-inbox');
    const message = await mail.next(address);
    expect(message.subject).toBe('Your sign-in link');
    const link = linkIn(message, `${app.url}/account/sign-in?token=`);
    confidential.add(new URL(link).searchParams.get('token')!);

    const overview = await openMailedLink(page, link, 'Sign me in');
    expect(overview.status()).toBe(200);
    // Every dashboard page is kept by no cache.
    expect(overview.headers()['cache-control']).toBe('no-store');
    expect(new URL(page.url()).pathname).toBe('/account');
    expect(await h1(page)).toBe('Overview');
    expect(await page.getByText(`Signed in as ${address}`).isVisible()).toBe(true);
    const session = (await context.cookies()).find((c) => c.name === 'pvs_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    confidential.add(session!.value);
    await check('account-overview');

    // The link worked once.
    const page2 = await context.newPage();
    expect((await page2.goto(link))!.status()).toBe(410);
    await page2.close();
  });

  it('shows a call made a moment before', async () => {
    const { page, check } = dashboard;
    const today = async () => {
      const shown = await page.getByText(/^Today: [\d,]+ calls?$/).textContent();
      return Number(/Today: ([\d,]+)/.exec(shown ?? '')![1]!.replace(/,/g, ''));
    };
    const total = async () =>
      Number((await page.locator('.figure-value').first().textContent())!.replace(/[^\d]/g, ''));
    await page.reload();
    const before = await today();
    const totalBefore = await total();
    // The e-mail path's verification and the async job, at least, were counted already.
    expect(before).toBeGreaterThanOrEqual(2);

    expect((await api('POST', '/api/v1/verify', verified.liveKey, AXA)).status).toBe(200);
    await page.reload();
    expect(await today()).toBe(before + 1);
    expect(await total()).toBe(totalBefore + 1);
    expect((await page.locator('.plan-name').textContent())?.trim()).toBe('free');
    expect(await page.getByText(/of 10 left/).isVisible()).toBe(true);
    await check('account-overview-after-call');
  });

  it('rotates the signing secret and resends a delivery that the receiver verifies under the new one', async () => {
    const { page, check } = dashboard;
    await navigation(page, () =>
      page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Webhooks' }).click(),
    );
    expect(await h1(page)).toBe('Webhooks');
    const resend = page.getByRole('button', { name: `Resend ${verified.jobId}` });
    // The delivery's row comes from a read model: a moment after the callback it is there.
    await until(
      'the delivery row',
      async () => (await resend.count()) || (await page.reload(), 0),
      (n) => n > 0,
      15_000,
    );
    await check('account-webhooks');

    // Rotating asks first, then lands back on the webhooks page (a reload never rotates again).
    await navigation(page, () => page.getByRole('link', { name: 'Rotate signing secret…' }).click());
    expect(await h1(page)).toBe('Rotate the signing secret?');
    await check('account-rotate-secret');
    const rotated = await navigation(page, () => page.getByRole('button', { name: 'Rotate secret' }).click());
    expect(rotated.status()).toBe(200);
    expect(rotated.headers()['cache-control']).toBe('no-store');
    expect(new URL(page.url()).pathname).toBe('/account/webhooks');
    expect(rotated.request().method()).toBe('GET');
    const secret = await text(page, 'code#webhook-secret');
    expect(secret.length).toBeGreaterThan(20);
    expect(secret).not.toBe(webhookSecrets[0]);
    confidential.add(secret);
    webhookSecrets.push(secret);
    await check('account-webhooks-rotated');

    const before = hooks.received.filter((r) => r.body.includes(verified.jobId)).length;
    const redirected = await navigation(page, () =>
      page.getByRole('button', { name: `Resend ${verified.jobId}` }).click(),
    );
    expect(redirected.status()).toBe(200);
    expect(new URL(page.url()).searchParams.get('resent')).toBe(verified.jobId);
    expect((await page.getByRole('status').textContent())?.trim()).toBe(
      `A new delivery of ${verified.jobId} is on its way.`,
    );
    await check('account-webhooks-resent');

    const deliveries = await until(
      'the resent delivery',
      () => hooks.received.filter((r) => r.body.includes(verified.jobId)),
      (r) => r.length > before,
    );
    const again = deliveries.at(-1)!;
    expect(again.path).toBe('/hook');
    // Signed with the new secret, and for 24 hours with the previous one too (the page says so).
    expect(again.verifiedWith).toContain(1);
    expect(again.verifiedWith).toContain(0);
    expect(JSON.parse(again.body)).toMatchObject({ data: expect.objectContaining({ job_id: verified.jobId }) });

    // The resend is a row of its own; the original keeps its attempts and answer.
    const rows = page.getByRole('row').filter({ hasText: verified.jobId });
    await until(
      'the resend row',
      async () => (await page.reload(), await rows.count()),
      (n) => n === 2,
      15_000,
    );
    expect(await rows.nth(0).textContent()).toContain('resend');
    expect(await rows.nth(1).textContent()).toContain('original');
    expect(await rows.nth(1).textContent()).toMatch(/delivered.*204/);
    await check('account-webhooks-history');
  });

  it('lists the calls the keys made, with status and latency, filtered by status', async () => {
    const { page, check } = dashboard;
    expect((await api('GET', '/api/v1/jobs/00000000-0000-4000-8000-000000000000', verified.liveKey)).status).toBe(404);
    await navigation(page, () =>
      page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Requests' }).click(),
    );
    expect(await h1(page)).toBe('Requests');
    const verify = page.getByRole('row').filter({ hasText: 'POST /api/v1/verify' }).first();
    expect(await verify.textContent()).toMatch(/200.*\d+ ms/);
    const refused = page.getByRole('row').filter({ hasText: 'GET /api/v1/jobs/:job_id' }).first();
    expect(await refused.textContent()).toContain('not_found');
    await check('account-requests');

    await page.getByLabel('Status').selectOption('4xx');
    await navigation(page, () => page.getByRole('button', { name: 'Show' }).click());
    expect(new URL(page.url()).searchParams.get('status')).toBe('4xx');
    const statuses = await page.locator('tbody tr td:nth-child(4)').allTextContents();
    expect(statuses.length).toBeGreaterThan(0);
    for (const status of statuses) expect(status.trim()).toMatch(/^4\d\d$/);
  });

  it('creates a test key, and revoking the live key makes the next API call 401 invalid_api_key', async () => {
    const { page, check } = dashboard;
    await navigation(page, () =>
      page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Keys' }).click(),
    );
    expect(await h1(page)).toBe('API keys');
    const masked = `${verified.liveKey.slice(0, 8)}…${verified.liveKey.slice(-4)}`;
    const row = page.getByRole('row').filter({ hasText: masked });
    expect(await row.count()).toBe(1);
    expect(await row.textContent()).toContain('active');
    await check('account-keys');

    await page.getByLabel('Name (optional)').fill('e2e test key');
    await page.getByLabel('Key type').selectOption({ label: 'Test key (pk_test_)' });
    const created = await navigation(page, () => page.getByRole('button', { name: 'Create key' }).click());
    expect(created.status()).toBe(201);
    const testKey = await text(page, 'code#api-key');
    expect(testKey).toMatch(/^pk_test_/);
    confidential.add(testKey);
    verified.testKey = testKey;
    expect(
      await page
        .getByRole('row')
        .filter({ hasText: `${testKey.slice(0, 8)}…${testKey.slice(-4)}` })
        .textContent(),
    ).toContain('e2e test key');
    await check('account-keys-created');

    expect((await api('POST', '/api/v1/verify', verified.liveKey, AXA)).status).toBe(200);
    await navigation(page, () => page.getByRole('link', { name: `Revoke ${masked}` }).click());
    expect(await h1(page)).toContain(masked);
    await check('account-revoke-key');
    const revoked = await navigation(page, () => page.getByRole('button', { name: 'Revoke key' }).click());
    expect(revoked.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/account/keys');
    expect(await page.getByRole('row').filter({ hasText: masked }).textContent()).toContain('revoked');
    expect(await page.getByRole('link', { name: `Revoke ${masked}` }).count()).toBe(0);

    const refused = await api('POST', '/api/v1/verify', verified.liveKey, AXA);
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe('invalid_api_key');
    // The other key of the account still works.
    expect((await api('POST', '/api/v1/verify', testKey, AXA)).status).toBe(200);
  });

  it('shows the close-account page, and signs out', async () => {
    const { page, check } = dashboard;
    // Closing is the overview's last card, not a tab named like the top menu's Account.
    await navigation(page, () =>
      page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Overview' }).click(),
    );
    expect(await page.getByRole('navigation', { name: 'Account' }).getByRole('link').allTextContents()).toEqual([
      'Overview',
      'Keys',
      'Webhooks',
      'Monitors',
      'Requests',
    ]);
    await navigation(page, () => page.getByRole('link', { name: 'Close account…' }).click());
    expect(await h1(page)).toBe('Close your account');
    expect(await page.getByLabel('I understand this cannot be undone').isChecked()).toBe(false);
    await check('account-close');

    const out = await navigation(page, () => page.getByRole('button', { name: 'Sign out' }).click());
    expect(out.status()).toBe(200);
    expect(await h1(page)).toBe('Sign in');
    expect((await dashboard.context.cookies()).some((c) => c.name === 'pvs_session')).toBe(false);
    const keys = (await page.goto(`${app.url}/account/keys`))!;
    expect(keys.status()).toBe(401);
    expect(await h1(page)).toBe('Sign in');
  });

  it('closes the account: keys revoked, signed out', async () => {
    const { page, check } = dashboard;
    await page.goto(`${app.url}/account`);
    await page.getByLabel('E-mail address').fill(address);
    await navigation(page, () => page.getByRole('button', { name: 'Send me a sign-in link' }).click());
    const link = linkIn(await mail.next(address), `${app.url}/account/sign-in?token=`);
    confidential.add(new URL(link).searchParams.get('token')!);
    await openMailedLink(page, link, 'Sign me in');
    expect(await h1(page)).toBe('Overview');
    await page.goto(`${app.url}/account/close`);
    await page.getByLabel('I understand this cannot be undone').check();
    const closed = await navigation(page, () => page.getByRole('button', { name: 'Close account' }).click());
    expect(closed.status()).toBe(200);
    expect(await h1(page)).toBe('Your account is closed');
    await check('account-closed');
    expect(await page.getByRole('button', { name: 'Sign out' }).count()).toBe(0);
    const refused = await api('POST', '/api/v1/verify', verified.testKey, AXA);
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe('invalid_api_key');
  });
});

describe('the service log', () => {
  it('holds no key, secret, token or e-mail address of these tests', async () => {
    // Delivery of log lines is synchronous into logStream; give in-flight work (usage flush, workers) a moment.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const log = logLines.join('');
    // Kept beside the screenshots, to read when this test fails (its values are this run's throwaway test keys).
    mkdirSync(path.join(ARTIFACTS, 'portal'), { recursive: true });
    writeFileSync(path.join(ARTIFACTS, 'portal', 'service.log'), log);
    // The capture works: requests of these tests were logged.
    expect(log).toContain('/portal');
    expect(log).toContain('/account');
    const values = [...confidential, address].filter((value) => value.length >= 8);
    expect(values.length).toBeGreaterThan(15);
    const found = values.filter((value) => log.includes(value));
    const lines = (needle: RegExp | string) =>
      logLines.filter((line) => (typeof needle === 'string' ? line.includes(needle) : needle.test(line)));
    expect(found.map((value) => ({ value: `${value.slice(0, 10)}…`, lines: lines(value).slice(0, 3) }))).toEqual([]);
    // Nor anything shaped like one, from whichever test it came.
    expect(lines(/pk_(live|test)_[0-9A-Za-z]{10}/)).toEqual([]);
    expect(lines(/[\w.+-]+@example\.com/)).toEqual([]);
    expect(lines(/token=[\w-]{10}/)).toEqual([]);
  });
});
