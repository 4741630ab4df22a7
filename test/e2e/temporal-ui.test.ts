import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { accountWithKey, startTestApp, type TestApp } from '../support/app.js';

// What an operator sees: the Temporal UI of the dev server, in a real browser, lists our workflows by their
// business ids, filters them by our search attributes, and shows their sealed payloads decoded by the service's
// codec server (the dev server's --ui-codec-endpoint points at this file's app, trusted as `npm run dev` trusts
// its own UI).

let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  app = await startTestApp({
    worker: true,
    port: inject('temporalUiCodecPort'),
    api: { devTemporalUi: inject('temporalUiUrl') },
  });
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

it('shows a finished workflow with its input and result decoded through the codec server', async () => {
  const { key } = await accountWithKey(app, { plan: 'pro' });
  const workflowId = `verification-${await submit(key, '/api/v1/verify/async', AXA)}`;
  const handle = app.context.temporal!.client.workflow.getHandle(workflowId);
  await handle.result();
  const { runId } = await handle.describe();
  // The server holds ciphertext only (test/integration/payload-codec.test.ts); the page can only show the policy
  // number if the UI's browser asked the codec server.
  const decodes: string[] = [];
  const page = await browser.newPage();
  page.on('request', (request) => {
    if (request.url().endsWith('/codec/decode') && request.method() === 'POST') decodes.push(request.url());
  });
  try {
    await page.goto(`${inject('temporalUiUrl')}/namespaces/default/workflows/${workflowId}/${runId}/history`, {
      waitUntil: 'networkidle',
    });
    await expect.poll(async () => page.locator('body').innerText(), { timeout: 30_000 }).toContain(AXA.policy_number);
    expect(decodes.length).toBeGreaterThan(0);
    await page.screenshot({ path: 'test-artifacts/temporal-ui-decoded.png', fullPage: true }).catch(() => undefined);
  } finally {
    await page.close();
  }

  // Once the job's data key is gone (what retention does), the same page shows its payloads erased (issue 39).
  await app.context.engines.keys.shred([`job-${workflowId.slice('verification-'.length)}`]);
  const after = await browser.newPage();
  try {
    await after.goto(`${inject('temporalUiUrl')}/namespaces/default/workflows/${workflowId}/${runId}/history`, {
      waitUntil: 'networkidle',
    });
    await expect
      .poll(async () => after.locator('body').innerText(), { timeout: 30_000 })
      .toMatch(/"?erased"?\s*:\s*true/);
    expect(await after.locator('body').innerText()).not.toContain(AXA.policy_number);
    await after.screenshot({ path: 'test-artifacts/temporal-ui-erased.png', fullPage: true }).catch(() => undefined);
  } finally {
    await after.close();
  }
});
