// POST /api/v1/documents/extract and the `document` of POST /api/v1/verify/async, end to end: the API, the
// `extraction-{job_id}` workflow on the Temporal dev server, the worker's PDF and OCR activities, the ledger,
// and a real webhook receiver. Bad documents get their 4xx at submission and are never charged.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCorpus, type CorpusEntry } from '../corpus/corpus.js';
import { accountWithKey, balanceShown, startTestApp, type TestApp } from '../support/app.js';
import {
  damaged,
  encrypted,
  hugePage,
  makePdf,
  manyPages,
  notAPdf,
  oversized,
  truncated,
} from '../support/extraction/bad-pdfs.js';
import { startReceiver, type Receiver } from '../support/webhook-receiver.js';

let app: TestApp;
let receiver: Receiver;
const secrets: string[] = [];
let entries: CorpusEntry[];

beforeAll(async () => {
  receiver = await startReceiver({ host: '127.0.0.1', secrets });
  [app, { entries }] = await Promise.all([
    startTestApp({
      worker: true,
      env: { WEBHOOK_ALLOWLIST: `127.0.0.1:${receiver.port}`, WEBHOOK_RETRY_SECONDS: '1', OCR_WORKERS: '1' },
    }),
    ensureCorpus(),
  ]);
}, 600_000);

afterAll(async () => {
  await app?.stop();
  await receiver?.close();
});

async function upload(
  key: string,
  file: Buffer | null,
  fields: Record<string, string> = {},
  headers: Record<string, string> = {},
) {
  const form = new FormData();
  if (file) form.append('file', new Blob([new Uint8Array(file)], { type: 'application/pdf' }), 'policy.pdf');
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const res = await fetch(`${app.url}/api/v1/documents/extract`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, ...headers },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as any };
}

async function call(method: string, path: string, key: string, body?: unknown) {
  const res = await fetch(app.url + path, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as any };
}

async function finished(key: string, jobId: string, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await call('GET', `/api/v1/jobs/${jobId}`, key);
    expect(job.status).toBe(200);
    const settled =
      job.body.status !== 'pending' && (job.body.webhook === null || job.body.webhook.status !== 'pending');
    if (settled || Date.now() > deadline) return job.body;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const balanceOf = async (accountId: string) =>
  (await app.admin<any>('GET', `/admin/accounts/${accountId}`)).body.balance;

const entry = (id: string) => {
  const found = entries.find((e) => e.truth.id === id);
  if (!found) throw new Error(`no corpus document ${id}`);
  return found;
};

/** A one-page motor schedule for the bundled registry's documented example, AXK12345678. */
const axaSchedule = (policyNumber: string | null) =>
  makePdf({}, (pdf) => {
    pdf.fontSize(16).text('AXA Insurance UK plc').moveDown();
    pdf.fontSize(11).text('Motor Insurance Schedule');
    if (policyNumber) pdf.text(`Policy number: ${policyNumber}`);
    pdf.text('Period of insurance: 01/03/2026 to 28/02/2027');
    pdf.text('Registration mark: AB12 CDE');
    pdf.text('Cover: Comprehensive');
  });

describe('POST /api/v1/documents/extract', () => {
  it('extracts a text PDF as a job, charges 1 credit on completion and calls back with the result', async () => {
    const { key, accountId } = await accountWithKey(app, { plan: 'pro' });
    const secret = await app.admin<any>('POST', `/admin/accounts/${accountId}/webhook-secret`);
    secrets.push(secret.body.secret);
    const doc = entry('uk-motor-01');
    const before = await balanceOf(accountId);
    const submitted = await upload(key, await readFile(doc.textPdf), { webhook_url: `${receiver.origin}/hooks` });
    expect(submitted).toEqual({
      status: 202,
      body: {
        job_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        status: 'pending',
        poll_url: `/api/v1/jobs/${submitted.body.job_id}`,
      },
    });
    expect((await balanceOf(accountId)).reserved).toBe(1);

    const job = await finished(key, submitted.body.job_id);
    expect(job).toMatchObject({
      type: 'extraction',
      status: 'complete',
      error: null,
      webhook: { status: 'delivered', attempts: 1 },
    });
    const { expected } = doc.truth;
    expect(job.result).toMatchObject({
      policy_number: expected.policy_number,
      insurer: expected.insurer,
      insurance_type: 'motor',
      start_date: expected.start_date,
      end_date: expected.end_date,
      vehicle_registration: expected.vehicle_registration,
      coverage: expected.coverage,
      language: 'en',
      method: 'text',
      pages: expected.pages,
    });
    expect(Object.keys(job.result.field_confidence)).toContain('policy_number');
    const charged = { balance: before.balance - 1, reserved: 0 };
    await balanceShown(app, accountId, charged);

    const delivery = receiver.received.find((d) => d.headers['webhook-id'] === submitted.body.job_id);
    expect(delivery?.verifiedWith).toContain(secrets.indexOf(secret.body.secret));
    expect(JSON.parse(delivery!.body)).toMatchObject({
      type: 'extraction.completed',
      data: { job_id: submitted.body.job_id, result: job.result },
    });
  }, 240_000);

  it('reads a scanned, image-only PDF by OCR', async () => {
    const { key } = await accountWithKey(app, { plan: 'pro' });
    const doc = entries.find(
      (e) => e.truth.country === 'DE' && e.truth.insurance_type === 'motor' && e.truth.expected.pages === 1,
    )!;
    const submitted = await upload(key, await readFile(doc.scanPdf));
    expect(submitted.status).toBe(202);
    const job = await finished(key, submitted.body.job_id, 300_000);
    expect(job.status).toBe('complete');
    expect(job.result).toMatchObject({ method: 'ocr', language: 'de', insurance_type: 'motor', pages: 1 });
    expect(job.result.policy_number).toBe(doc.truth.expected.policy_number);
  }, 360_000);

  it('refuses bad documents with a clear 4xx at submission, charges nothing, and keeps the worker serving', async () => {
    const { key, accountId } = await accountWithKey(app, { plan: 'pro' });
    const before = await balanceOf(accountId);
    const cases: [string, Buffer, number, string, RegExp][] = [
      ['not a PDF', notAPdf(), 422, 'invalid_document', /not a PDF/],
      ['truncated', await truncated(), 422, 'invalid_document', /incomplete/],
      ['damaged', damaged(), 422, 'invalid_document', /damaged/],
      ['encrypted', await encrypted(), 422, 'invalid_document', /password/],
      ['15 MB', await oversized(), 413, 'payload_too_large', /14 MB/],
      ['500 pages', await manyPages(500), 422, 'invalid_document', /500 pages/],
      ['enormous page', await hugePage(), 422, 'invalid_document', /larger than/],
    ];
    for (const [name, bytes, status, error, message] of cases) {
      const answer = await upload(key, bytes);
      expect({ name, ...answer }).toMatchObject({
        name,
        status,
        body: { error, code: status, message: expect.stringMatching(message) },
      });
    }
    expect(await upload(key, null)).toMatchObject({
      status: 400,
      body: { error: 'missing_required_fields', message: expect.stringContaining('file') },
    });
    const wrongField = new FormData();
    wrongField.append('document', new Blob([new Uint8Array(await axaSchedule('AXK12345678'))]), 'a.pdf');
    const misnamed = await fetch(`${app.url}/api/v1/documents/extract`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}` },
      body: wrongField,
    });
    expect(misnamed.status).toBe(400);
    expect(
      await upload(key, await axaSchedule('AXK12345678'), { webhook_url: 'http://example.com/hook' }),
    ).toMatchObject({
      status: 422,
      body: { error: 'invalid_webhook_url' },
    });
    expect(await balanceOf(accountId)).toEqual(before);

    // The worker is still there: a good document completes.
    const good = await upload(key, await axaSchedule('AXK12345678'));
    const job = await finished(key, good.body.job_id);
    expect(job).toMatchObject({
      status: 'complete',
      result: { policy_number: 'AXK12345678', insurer: 'AXA Insurance UK plc', method: 'text' },
    });
  }, 240_000);

  it('needs a key with the documents scope; test keys extract for free', async () => {
    expect((await upload('pk_live_nope', await axaSchedule('AXK12345678'))).status).toBe(401);
    const { key: verifyOnly } = await accountWithKey(app, { plan: 'pro', scopes: ['verify', 'jobs'] });
    expect(await upload(verifyOnly, await axaSchedule('AXK12345678'))).toMatchObject({
      status: 403,
      body: { error: 'forbidden' },
    });

    const { key: test, accountId } = await accountWithKey(app, { plan: 'pro', mode: 'test' });
    const before = await balanceOf(accountId);
    const submitted = await upload(test, await axaSchedule('AXK12345678'));
    const job = await finished(test, submitted.body.job_id);
    expect(job).toMatchObject({ status: 'complete', result: { policy_number: 'AXK12345678' } });
    expect(await balanceOf(accountId)).toEqual(before);
  }, 120_000);

  it('answers a retried upload with the same Idempotency-Key with the same job', async () => {
    const { key } = await accountWithKey(app, { plan: 'pro' });
    const pdf = await axaSchedule('AXK12345678');
    const first = await upload(key, pdf, {}, { 'idempotency-key': 'upload-1' });
    const again = await upload(key, pdf, {}, { 'idempotency-key': 'upload-1' });
    expect(again.body.job_id).toBe(first.body.job_id);
    const other = await upload(key, await axaSchedule('AXK87654321'), {}, { 'idempotency-key': 'upload-1' });
    expect(other).toMatchObject({ status: 422, body: { error: 'idempotency_conflict', code: 422 } });
  }, 120_000);
});

describe('POST /api/v1/verify/async with a document', () => {
  const base64 = async (policyNumber: string | null) => (await axaSchedule(policyNumber)).toString('base64');

  it('takes the policy number from the document when none is given', async () => {
    const { key } = await accountWithKey(app, { plan: 'pro' });
    const submitted = await call('POST', '/api/v1/verify/async', key, {
      country: 'UK',
      insurance_type: 'motor',
      document: await base64('AXK12345678'),
    });
    expect(submitted.status).toBe(202);
    const job = await finished(key, submitted.body.job_id);
    expect(job).toMatchObject({
      type: 'verification',
      status: 'complete',
      result: { status: 'verified', flags: [], credits_charged: 1 },
    });
    expect(job.result.insurer).toMatchObject({ name: 'AXA Insurance UK plc', reference: '202312' });
  }, 120_000);

  it('flags document_mismatch when the given number differs from the document', async () => {
    const { key } = await accountWithKey(app, { plan: 'pro' });
    const request = { policy_number: 'AXK12345678', country: 'UK', insurance_type: 'motor', provider: 'AXA' };
    const same = await call('POST', '/api/v1/verify/async', key, {
      ...request,
      document: await base64('AXK 1234 5678'),
    });
    const differs = await call('POST', '/api/v1/verify/async', key, {
      ...request,
      document: await base64('AXK99887766'),
    });
    expect((await finished(key, same.body.job_id)).result).toMatchObject({ status: 'verified', flags: [] });
    expect((await finished(key, differs.body.job_id)).result).toMatchObject({
      status: 'inconclusive',
      confidence_score: 0.6,
      flags: ['document_mismatch'],
      credits_charged: 0,
    });
  }, 120_000);

  it('fails the job with invalid_document when neither the request nor the document holds a number', async () => {
    const { key, accountId } = await accountWithKey(app, { plan: 'pro' });
    const before = await balanceOf(accountId);
    const submitted = await call('POST', '/api/v1/verify/async', key, {
      country: 'UK',
      insurance_type: 'motor',
      document: await base64(null),
    });
    const job = await finished(key, submitted.body.job_id);
    expect(job).toMatchObject({ status: 'failed', result: null, error: { error: 'invalid_document', code: 422 } });
    expect(await balanceOf(accountId)).toEqual(before);
  }, 120_000);

  it('refuses a document that is not base64, not a PDF, or too large, and still needs a number without one', async () => {
    const { key } = await accountWithKey(app, { plan: 'pro' });
    const request = { country: 'UK', insurance_type: 'motor' };
    const fifteenMegabytes = (await oversized()).toString('base64');
    expect(await call('POST', '/api/v1/verify/async', key, { ...request, document: 'not base64!' })).toMatchObject({
      status: 400,
      body: { error: 'invalid_request' },
    });
    expect(await call('POST', '/api/v1/verify/async', key, { ...request, document: 42 })).toMatchObject({
      status: 400,
      body: { error: 'invalid_request' },
    });
    expect(
      await call('POST', '/api/v1/verify/async', key, { ...request, document: notAPdf().toString('base64') }),
    ).toMatchObject({
      status: 422,
      body: { error: 'invalid_document' },
    });
    expect(await call('POST', '/api/v1/verify/async', key, { ...request, document: fifteenMegabytes })).toMatchObject({
      status: 413,
      body: { error: 'payload_too_large' },
    });
    expect(await call('POST', '/api/v1/verify/async', key, request)).toMatchObject({
      status: 400,
      body: { error: 'missing_required_field', message: expect.stringContaining('policy_number') },
    });
  }, 120_000);
});
