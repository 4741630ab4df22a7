import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { accountWithKey, startTestApp, type TestApp } from '../support/app.js';

// What an operator sees: the Temporal UI of the dev server, in a real browser, lists our workflows by their
// business ids and filters them by our search attributes.

let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  app = await startTestApp({ worker: true });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const AXA = { policy_number: 'AXK12345678', country: 'UK', insurance_type: 'motor', provider: 'AXA' };

async function submit(key: string, path: string, body: unknown): Promise<string> {
  const res = await fetch(app.url + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { job_id?: string; batch_id?: string };
  return json.job_id ?? json.batch_id!;
}

/** The workflow ids the UI's list shows for a visibility query (it may take a moment to index). */
async function listed(query: string, expected: string): Promise<string> {
  const page = await browser.newPage();
  try {
    const url = `${inject('temporalUiUrl')}/namespaces/default/workflows?query=${encodeURIComponent(query)}`;
    const deadline = Date.now() + 30_000;
    for (;;) {
      await page.goto(url, { waitUntil: 'networkidle' });
      const text = await page.locator('body').innerText();
      if (text.includes(expected) || Date.now() > deadline) return text;
      await page.waitForTimeout(1000);
    }
  } finally {
    await page.close();
  }
}

it('lists jobs and batches by business id and filters them by AccountId and JobKind', async () => {
  const alice = await accountWithKey(app, { plan: 'pro' });
  const bob = await accountWithKey(app, { plan: 'pro' });
  const aliceJob = `verification-${await submit(alice.key, '/api/v1/verify/async', AXA)}`;
  const aliceBatch = `batch-${await submit(alice.key, '/api/v1/verify/batch', { policies: [AXA, AXA] })}`;
  const bobJob = `verification-${await submit(bob.key, '/api/v1/verify/async', AXA)}`;

  // The control: both accounts' workflows show when both match, so an absence below means the filter worked.
  const both = await listed(`AccountId="${alice.accountId}" OR AccountId="${bob.accountId}"`, bobJob);
  expect(both).toContain(aliceJob);
  expect(both).toContain(bobJob);

  const byAccount = await listed(`AccountId="${alice.accountId}"`, aliceBatch);
  expect(byAccount).toContain(aliceJob);
  expect(byAccount).toContain(aliceBatch);
  expect(byAccount).not.toContain(bobJob);

  const batches = await listed(`AccountId="${alice.accountId}" AND JobKind="batch"`, aliceBatch);
  expect(batches).toContain(aliceBatch);
  expect(batches).not.toContain(aliceJob);

  const bobs = await listed(`AccountId="${bob.accountId}" AND JobKind="verification"`, bobJob);
  expect(bobs).toContain(bobJob);
  expect(bobs).not.toContain(aliceJob);
});
