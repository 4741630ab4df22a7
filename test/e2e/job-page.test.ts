// The dashboard's job page (issue 56) in a real Chromium, on the real worker and Temporal dev server: a text PDF and
// a skewed scan of it are extracted, and each page shows the document's pages as the service drew them with a box
// per field found on them, the fields listed beside with their confidence, the doubtful ones marked; at 1280 px
// and on a 390-px phone nothing scrolls sideways and axe finds nothing serious. A correction through the page's
// form is recorded as the API records one. Screenshots under test-artifacts/job/.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobStream } from '../../domain/jobs/job.js';
import { accountWithKey, callWithKey, startTestApp, until, type TestApp } from '../support/app.js';
import { checkPage, launchBrowser, navigation, visitStrict } from '../support/browser.js';
import { makePdf } from '../support/extraction/bad-pdfs.js';
import { scanPdf } from '../corpus/scan.js';

let app: TestApp;
let browser: Browser;
let session: string;
let key: string;
const jobs: Record<'text' | 'scan', { id: string; record: any }> = {} as never;

/** A one-page motor schedule, laid out as insurers' schedules are: labels and values in a column. */
const schedule = () =>
  makePdf({ margin: 56 }, (pdf) => {
    pdf.fontSize(20).text('AXA Insurance UK plc').moveDown(0.5);
    pdf.fontSize(13).text('Motor Insurance Schedule').moveDown(1.5);
    pdf.fontSize(11);
    const rows: [string, string][] = [
      ['Policy number', 'AXK12345678'],
      ['Period of insurance', '01/03/2026 to 28/02/2027'],
      ['Registration mark', 'AB12 CDE'],
      ['Cover', 'Comprehensive'],
      ['Excess', '£250'],
      ['Territorial limits', 'United Kingdom'],
    ];
    for (const [label, value] of rows) {
      const y = pdf.y;
      pdf.text(`${label}:`, 56, y, { width: 170 });
      pdf.text(value, 240, y);
      pdf.moveDown(0.6);
    }
    pdf
      .moveDown(2)
      .fontSize(9)
      .text('This schedule forms part of your policy. Please keep it with your certificate.', 56);
  });

async function extract(file: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)], { type: 'application/pdf' }), 'policy.pdf');
  const res = await fetch(`${app.url}/api/v1/documents/extract`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}` },
    body: form,
  });
  const { job_id: id } = (await res.json()) as { job_id: string };
  const record = await until(
    () => callWithKey(app, key, 'GET', `/api/v1/jobs/${id}`),
    (r) => r.body.status !== 'pending',
    `job ${id}`,
    180_000,
  );
  expect(record.body.status).toBe('complete');
  // The pages are drawn beside the callback, just after the result.
  await until(
    () => app.context.pageImages.list(jobStream(id)),
    (pages) => pages.length === record.body.result.pages,
    `the pages of ${id}`,
  );
  return { id, record: record.body };
}

beforeAll(async () => {
  app = await startTestApp({ worker: true, env: { OCR_WORKERS: '1' } });
  browser = await launchBrowser();
  const account = await accountWithKey(app, { plan: 'pro' });
  key = account.key;
  // A verified account signed in, as the e-mailed links would make it: a key link opened, then a sign-in link.
  const requested = await app.context.accounts.requestKey(account.accountId, 'test', { actor: 'test' });
  await app.context.accounts.activateRequestedKey(account.accountId, requested.token, { actor: 'test' });
  const link = (await app.context.accounts.requestSignIn(account.accountId, { actor: 'test' }))!;
  const signedIn = await app.context.accounts.signIn(account.accountId, link.token, { actor: 'test' });
  expect(await app.context.readModelsAt(signedIn.position!, 10_000)).toBe(true);
  session = signedIn.session;
  const text = await schedule();
  jobs.text = await extract(text);
  jobs.scan = await extract(await scanPdf(text, 7, { maxSkew: 2.5, noise: 34, dust: 0.002 }));
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** What the page draws and lists, to hold against the job record's evidence. */
const drawn = (page: Page) =>
  page.evaluate(() => ({
    images: Array.from(document.querySelectorAll('.doc-page-drawing image')).length,
    boxes: Array.from(document.querySelectorAll('.field-box')).map((g) => ({
      review: g.classList.contains('field-box-review'),
      width: (g.querySelector('rect') as SVGRectElement).getBoundingClientRect().width,
    })),
    review: document.querySelectorAll('.field-item-review').length,
  }));

describe.each([
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
])('on a %s', (label, viewport) => {
  it.each(['text', 'scan'] as const)('draws the %s document with its fields boxed and listed', async (kind) => {
    const { id, record } = jobs[kind];
    const { page, problems, close } = await visitStrict(browser, app.url, `/account/jobs/${id}`, viewport, [
      { name: 'pvs_session', value: session },
    ]);
    try {
      // Every page's image loads (a failed one is a problem visitStrict records).
      await page.waitForLoadState('networkidle');
      const evidence = Object.values(record.result.evidence ?? {}) as { box: unknown; needs_review: boolean }[];
      const boxed = evidence.filter((e) => e.box);
      const seen = await drawn(page);
      expect(seen.images).toBe(record.result.pages);
      expect(boxed.length).toBeGreaterThanOrEqual(4);
      expect(seen.boxes).toHaveLength(boxed.length);
      expect(seen.boxes.every((b) => b.width > 4)).toBe(true);
      expect(seen.boxes.filter((b) => b.review)).toHaveLength(boxed.filter((e) => e.needs_review).length);
      expect(seen.review).toBe(evidence.filter((e) => e.needs_review).length);
      expect(await page.getByText(record.result.policy_number, { exact: true }).count()).toBeGreaterThan(0);
      expect(await sideways(page)).toBe(0);
      await checkPage(page, `${kind}-${label}`, { dir: 'job', problems });
    } finally {
      await close();
    }
  });
});

it('lists the account’s extractions, each linked to its page', async () => {
  const { page, problems, close } = await visitStrict(browser, app.url, '/account/jobs', undefined, [
    { name: 'pvs_session', value: session },
  ]);
  try {
    for (const { id } of Object.values(jobs))
      expect(await page.locator(`a[href="/account/jobs/${id}"]`).count()).toBe(1);
    await checkPage(page, 'list', { dir: 'job', problems });
  } finally {
    await close();
  }
});

it('corrects a field through the form, kept as the API keeps a correction', async () => {
  const { id, record } = jobs.scan;
  const { page, problems, close } = await visitStrict(browser, app.url, `/account/jobs/${id}`, undefined, [
    { name: 'pvs_session', value: session },
  ]);
  try {
    await page.getByRole('textbox', { name: 'Vehicle registration' }).fill('AB12 CDF');
    await page.getByRole('textbox', { name: 'Excess amount' }).fill('300');
    await page.getByRole('textbox', { name: 'Excess currency' }).fill('GBP');
    const answer = await navigation(page, () => page.getByRole('button', { name: 'Save corrections' }).click());
    expect(answer.status()).toBe(200);
    expect(await page.getByText('2 fields corrected').count()).toBe(1);
    expect(await page.locator('.field-item-corrected').count()).toBe(2);
    await checkPage(page, 'corrected', { dir: 'job', problems });
    const after = await callWithKey(app, key, 'GET', `/api/v1/jobs/${id}`);
    expect(after.body.corrections.fields.vehicle_registration).toEqual({
      value: 'AB12 CDF',
      corrected: true,
      read: record.result.vehicle_registration,
    });
    expect(after.body.result.coverage.excess).toEqual({ amount: 300, currency: 'GBP' });
    expect(after.body.corrections.history.map((c: any) => c.by.via)).toEqual(['dashboard', 'dashboard']);
  } finally {
    await close();
  }
});
