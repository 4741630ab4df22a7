import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { checkPage, launchBrowser, navigation, watchedPage } from '../support/browser.js';
import { startMailReceiver, type MailReceiver } from '../support/smtp.js';

// The portal's abuse limits (docs/architecture.md#portal-and-admin) in a browser: 5 mails to an address an hour, 20 submissions from an IP
// an hour, each answered by the 429 page. In an app of their own: every POST of the browser comes from 127.0.0.1,
// so the IP limit reached here would starve any other portal test sharing the app.

let app: TestApp;
let browser: Browser;
let mail: MailReceiver;

beforeAll(async () => {
  mail = await startMailReceiver();
  app = await startTestApp({ worker: true, env: { SMTP_URL: mail.url } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await mail?.close();
});

async function submit(page: Page, contact: string) {
  await page.goto(`${app.url}/portal`);
  await page.getByLabel('E-mail address or name').fill(contact);
  await page.getByLabel('Key type').selectOption({ label: 'Live key (pk_live_)' });
  return navigation(page, () => page.getByRole('button', { name: 'Get a key' }).click());
}

const h1 = async (page: Page) => (await page.getByRole('heading', { level: 1 }).textContent())?.trim();

it('mails an address 5 times an hour, and takes 20 portal submissions an IP an hour, then answers the 429 page', async () => {
  const { page, context, problems } = await watchedPage(browser);
  try {
    const address = `limit.${randomBytes(4).toString('hex')}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await submit(page, address)).status());
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    await Promise.all(Array.from({ length: 5 }, () => mail.next(address)));

    const mailLimited = await submit(page, address);
    expect(mailLimited.status()).toBe(429);
    expect(Number(mailLimited.headers()['retry-after'])).toBeGreaterThan(0);
    expect(await h1(page)).toBe('Too many requests');
    await checkPage(page, 'too-many-mails', { problems });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mail.to(address)).toHaveLength(5);

    // Six submissions so far from 127.0.0.1 (the refused one counts too); fourteen more are answered (400: not
    // an address, which costs no mail), the twenty-first is refused.
    const answered: number[] = [];
    for (let i = 0; i < 14; i++) answered.push((await submit(page, `not an address ${i}@`)).status());
    expect(answered).toEqual(Array(14).fill(400));
    const ipLimited = await submit(page, 'Someone');
    expect(ipLimited.status()).toBe(429);
    const retryAfter = Number(ipLimited.headers()['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await h1(page)).toBe('Too many requests');
    expect(await page.locator('main').textContent()).toMatch(/Try again in .+, after /);
    await checkPage(page, 'too-many-requests', { problems });

    // The sign-in form shares the IP's count.
    await page.goto(`${app.url}/account`);
    await page.getByLabel('E-mail address').fill(address);
    const signIn = await navigation(page, () => page.getByRole('button', { name: 'Send me a sign-in link' }).click());
    expect(signIn.status()).toBe(429);
  } finally {
    await context.close();
  }
});
