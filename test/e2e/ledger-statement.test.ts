// A customer's months in real Chromium (issues 43, 54): after every kind of charge (sync, async, batch, extraction,
// grants, an upgrade, the month's expiry), the statements as GET /api/v1/account/statements and the dashboard serve
// them verify with the account's own ledger (the API's and the dashboard's export) and with the operator's (the
// docs' `npm run -s admin` recipe); each statement signed reaches the account by mail.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { main } from '../../bin/verify-ledger.js';
import type { LedgerStatement } from '../../domain/ledger/statement.js';
import { Ledger } from '../../application/ledger/ledger.js';
import { statementNotice } from '../../application/ledger/statement-notice.js';
import { signClosedMonth, signingKeys } from '../../application/ledger/statements.js';
import { listAccountIds } from '../../projections/readers/accounts.js';
import { startApi } from '../../bin/service.js';
import { startPortalMail } from '../../infra/temporal/portal-workflows.js';
import { callWithKey, startTestApp, until, type TestApp } from '../support/app.js';
import { launchBrowser, navigation, watchedPage } from '../support/browser.js';
import { motorCertificate } from '../support/extraction/bad-pdfs.js';
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

const AXA = { policy_number: 'AXK12345678', country: 'UK', insurance_type: 'motor', provider: 'AXA' };
const dir = mkdtempSync(path.join(tmpdir(), 'pvs-statement-'));

function verify(exportFile: string, statementsFile: string) {
  const out: string[] = [];
  const code = main([exportFile, statementsFile, '--key', path.join(dir, 'keys.json')], (line) => out.push(line));
  return { code, out: out.join('\n') };
}

async function download(page: Page, link: () => Promise<void>, name: string): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), link()]);
  const saved = path.join(dir, `${name}-${file.suggestedFilename()}`);
  await file.saveAs(saved);
  return saved;
}

async function settled(key: string, route: string) {
  return until(
    () => callWithKey(app, key, 'GET', route),
    (res) => res.status === 200 && !['pending', 'processing'].includes(res.body.status as string),
    route,
  );
}

it('verifies the statements the API and the dashboard serve, after every kind of charge, with every export', async () => {
  // A customer: a live key asked for on the portal, its link opened (the address is then confirmed).
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

  // Every kind of charge: an upgrade's grant, a top-up, a sync call, an async one, a batch, an extraction.
  expect((await app.admin('POST', `/admin/accounts/${accountId}/plan`, { plan: 'pro' })).status).toBe(200);
  expect(
    (await app.admin('POST', `/admin/accounts/${accountId}/credits`, { amount: 5, reason: 'top_up' })).status,
  ).toBe(200);
  expect((await callWithKey(app, key, 'POST', '/api/v1/verify', AXA)).status).toBe(200);
  const job = await callWithKey(app, key, 'POST', '/api/v1/verify/async', AXA);
  expect(job.status).toBe(202);
  await settled(key, `/api/v1/jobs/${job.body.job_id}`);
  const batch = await callWithKey(app, key, 'POST', '/api/v1/verify/batch', {
    policies: [AXA, { ...AXA, policy_number: 'AXK87654321' }],
  });
  expect(batch.status).toBe(202);
  await settled(key, `/api/v1/batches/${batch.body.batch_id}`);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await motorCertificate())], { type: 'application/pdf' }), 'c.pdf');
  const extraction = await fetch(`${app.url}/api/v1/documents/extract`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}` },
    body: form,
  });
  expect(extraction.status).toBe(202);
  await settled(key, `/api/v1/jobs/${((await extraction.json()) as { job_id: string }).job_id}`);

  // On demand, only a month that ended within the account's life is signed.
  for (const period of ['0000-01', '9999-12', new Date().toISOString().slice(0, 7), '2026-13']) {
    const refused = await app.admin<{ error: { code: string; message: string } }>('POST', '/admin/ledger/statements', {
      account: accountId,
      period,
    });
    expect(refused.status, period).toBe(400);
    expect(JSON.stringify(refused.body), period).toMatch(/has not ended|opened|YYYY-MM/);
  }

  // The month ends: next month's first call expires what was left (the ledger's clock moved on), and the close
  // of each month signs it and tells the account.
  const now = new Date();
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 2));
  const after = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1, 0, 10));
  await new Ledger(app.context.engines.events, () => next).charge(accountId, {
    allowance: 1000,
    operation: 'verify',
    reference: 'next-month',
  });
  const temporal = app.context.temporal!;
  const close = {
    sql: app.context.engines.sql,
    events: app.context.engines.events,
    keys: signingKeys(app.context.secrets.ledgerSigningKeys),
    accountIds: async () => (await listAccountIds(app.context.engines.sql)).filter((id) => id === accountId),
    signed: statementNotice({
      addressHash: (a) => app.context.accounts.addressHash(a),
      start: (id) => startPortalMail(temporal.client, app.config.TEMPORAL_TASK_QUEUE, { id, retrySeconds: 60 }),
    }),
  };
  const first = await signClosedMonth(close, new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 0, 10)));
  const second = await signClosedMonth(close, after);
  expect([first.signed, second.signed]).toEqual([1, 1]);
  // Each statement's mail is sent by a workflow of its own: they may arrive in either order.
  const notices = [await mail.next(address), await mail.next(address)];
  expect(notices.map((m) => m.subject).sort()).toEqual(
    [`Your credit statement for ${first.period}`, `Your credit statement for ${second.period}`].sort(),
  );
  const notice = notices.find((m) => m.subject === `Your credit statement for ${first.period}`)!;

  // The customer's statements, from the API and from the dashboard.
  const listed = await callWithKey(app, key, 'GET', '/api/v1/account/statements');
  const statements = listed.body.statements as LedgerStatement[];
  expect(statements.map((s) => s.period)).toEqual([second.period, first.period]);
  expect(statements[1]!.totals).toMatchObject({ 'charged:verify': 1, 'granted:top_up': 5 });
  expect(Object.keys(statements[1]!.totals)).toEqual(
    expect.arrayContaining(['granted:plan_upgrade', 'captured:batch', 'reserved:batch']),
  );
  expect(Object.keys(statements[0]!.totals)).toContain('expired');
  expect(notice.text).toContain(`Closing balance: ${statements[1]!.closing_balance} credits.`);
  expect(notice.text).toContain(`Chain head: ${statements[1]!.chain_head}.`);
  writeFileSync(path.join(dir, 'statements.json'), JSON.stringify(listed.body));
  writeFileSync(path.join(dir, 'keys.json'), await (await fetch(`${app.url}/.well-known/pvs-ledger-keys.json`)).text());

  // The account's own ledger, from the API.
  const exported = await fetch(`${app.url}/api/v1/account/ledger`, { headers: { authorization: `Bearer ${key}` } });
  expect(exported.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
  writeFileSync(path.join(dir, 'api.jsonl'), await exported.text());

  await page.goto(`${app.url}/account`);
  const section = page.locator('section', { has: page.getByRole('heading', { name: 'Credit statements' }) });
  const month = await download(page, () => section.getByRole('link', { name: first.period }).click(), 'month');
  const all = await download(
    page,
    () => section.getByRole('link', { name: 'Download every statement' }).click(),
    'all',
  );
  const ledgerFile = await download(
    page,
    () => section.getByRole('link', { name: 'Download your ledger' }).click(),
    'ledger',
  );
  await context.close();
  expect(path.basename(month)).toBe(`month-pvs-statement-${accountId}-${first.period}.json`);

  // The operator's export, by the docs' recipe: a clean file, npm's banner left out.
  const { stdout } = await promisify(execFile)(
    'npm',
    ['run', '-s', 'admin', '--', 'ledger', 'export', '--account', accountId],
    { env: { ...process.env, ADMIN_URL: app.url, ADMIN_TOKEN: app.config.ADMIN_TOKEN }, maxBuffer: 1 << 24 },
  );
  writeFileSync(path.join(dir, 'admin.jsonl'), stdout);
  expect(stdout.startsWith('{')).toBe(true);
  expect(readFileSync(path.join(dir, 'api.jsonl'), 'utf8')).toBe(stdout);
  expect(readFileSync(ledgerFile, 'utf8')).toBe(stdout);

  for (const [exportFile, statementsFile] of [
    [path.join(dir, 'api.jsonl'), path.join(dir, 'statements.json')],
    [ledgerFile, all],
    [ledgerFile, month],
    [path.join(dir, 'admin.jsonl'), path.join(dir, 'statements.json')],
  ] as const) {
    const { code, out } = verify(exportFile, statementsFile);
    expect(out, `${exportFile} ${statementsFile}`).toMatch(/OK: the export and the statements hold$/);
    expect(code).toBe(0);
  }
  expect(verify(ledgerFile, all).out).toContain(
    `ok    statement credits-${accountId} ${second.period}: revisions ${statements[1]!.last_revision + 1}-`,
  );

  // Someone with the table strips the links and edits an amount; the API starts again (its start runs the chain
  // migration), and the operator runs it too: nothing re-anchors the edited history, and the verifier names it.
  const stream = `credits-${accountId}`;
  const events = async () => (await app.context.engines.events.readStream(stream)).map((e) => e.type);
  const before = await events();
  await app.context.engines.sql.query(
    `update es_events set metadata = metadata - 'chain',
       data = case when type = 'CreditsCharged' then jsonb_set(data, '{amount}', '0') else data end
      where stream_id = $1`,
    [stream],
  );
  const restarted = await startApi(app.context, 0);
  try {
    const chain = await fetch(`${restarted.url}/admin/ledger/chain`, {
      method: 'POST',
      headers: { authorization: `Bearer ${app.config.ADMIN_TOKEN}` },
    });
    expect(((await chain.json()) as { unlinked: string[] }).unlinked).toContain(accountId);
  } finally {
    await restarted.stop();
  }
  expect(await events()).toEqual(before);
  const stripped = path.join(dir, 'stripped.jsonl');
  writeFileSync(
    stripped,
    await (await fetch(`${app.url}/api/v1/account/ledger`, { headers: { authorization: `Bearer ${key}` } })).text(),
  );
  const caught = verify(stripped, path.join(dir, 'statements.json'));
  expect(caught.out).toMatch(/FAIL {2}(unchained|period|figures|balance): /);
  expect(caught.code).toBe(1);
}, 240_000);
