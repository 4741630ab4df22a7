// A customer's month in real Chromium (issue 43): the dashboard offers the month's signed statement for download,
// and the auditor's verifier (bin/verify-ledger.ts) accepts it with the ledger's export and the published keys.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { main } from '../../bin/verify-ledger.js';
import { callWithKey, startTestApp, type TestApp } from '../support/app.js';
import { launchBrowser, navigation, watchedPage } from '../support/browser.js';
import { freePort } from '../support/net.js';
import { linkIn, startMailReceiver, type MailReceiver } from '../support/smtp.js';

let app: TestApp;
let browser: Browser;
let mail: MailReceiver;

beforeAll(async () => {
  mail = await startMailReceiver();
  const port = await freePort();
  app = await startTestApp({
    worker: true,
    port,
    env: { PORT: String(port), PUBLIC_BASE_URL: `http://127.0.0.1:${port}`, SMTP_URL: mail.url },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await mail?.close();
});

it('downloads the month’s statement from the dashboard, and the verifier accepts it with the export', async () => {
  // A customer: a live key asked for on the portal, its link opened (the address is then confirmed), three calls.
  const address = `statements.${Math.random().toString(36).slice(2)}@example.com`;
  const { page, context } = await watchedPage(browser);
  await page.goto(`${app.url}/portal`);
  await page.getByLabel('E-mail address or name').fill(address);
  await page.getByLabel('Key type').selectOption({ label: 'Live key (pk_live_)' });
  await navigation(page, () => page.getByRole('button', { name: 'Get a key' }).click());
  await page.goto(linkIn(await mail.next(address), `${app.url}/portal/verify?token=`));
  await navigation(page, () => page.getByRole('button', { name: 'Show my key' }).click());
  const key = (await page.locator('code#api-key').textContent())!.trim();
  const accountId = (await callWithKey(app, key, 'GET', '/api/v1/account')).body.account_id as string;
  for (let i = 0; i < 3; i += 1) {
    const answer = await callWithKey(app, key, 'POST', '/api/v1/verify', {
      policy_number: 'AXK12345678',
      country: 'UK',
      insurance_type: 'motor',
      provider: 'AXA',
    });
    expect(answer.status).toBe(200);
  }
  const signed = await app.admin<{ period: string; closing_balance: number }>('POST', '/admin/ledger/statements', {
    account: accountId,
  });
  expect(signed.status).toBe(200);
  expect(signed.body.closing_balance).toBe(7); // the free plan's 10, three charged
  // The key holder sees it too.
  const listed = await callWithKey(app, key, 'GET', '/api/v1/account/statements');
  expect((listed.body as { statements: { period: string }[] }).statements.map((s) => s.period)).toEqual([
    signed.body.period,
  ]);

  // Signed in to the dashboard by the key link it opened, the statement is a download.
  await page.goto(`${app.url}/account`);
  const section = page.locator('section', { has: page.getByRole('heading', { name: 'Credit statements' }) });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('link', { name: signed.body.period }).click(),
  ]);
  const dir = mkdtempSync(path.join(tmpdir(), 'pvs-statement-'));
  const statementFile = path.join(dir, download.suggestedFilename());
  await download.saveAs(statementFile);
  expect(download.suggestedFilename()).toBe(`pvs-statement-${accountId}-${signed.body.period}.json`);
  await context.close();

  // What the auditor has: the export, and the keys the service publishes.
  const exported = await fetch(`${app.url}/admin/ledger/export?account=${accountId}`, {
    headers: { authorization: `Bearer ${app.config.ADMIN_TOKEN}` },
  });
  writeFileSync(path.join(dir, 'export.jsonl'), await exported.text());
  writeFileSync(path.join(dir, 'keys.json'), await (await fetch(`${app.url}/.well-known/pvs-ledger-keys.json`)).text());
  const out: string[] = [];
  const code = main([path.join(dir, 'export.jsonl'), statementFile, '--key', path.join(dir, 'keys.json')], (line) =>
    out.push(line),
  );
  expect(out.join('\n')).toContain(`ok    statement credits-${accountId} ${signed.body.period}: revisions 0-3`);
  expect(out.at(-1)).toBe('OK: the export and the statements hold');
  expect(code).toBe(0);
});
