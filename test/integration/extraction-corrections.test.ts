// Corrections of an extraction's fields (issue 56) end to end, on the real Temporal dev server, PostgreSQL and a
// webhook receiver that checks signatures as a client does: POST /api/v1/jobs/{id}/corrections records one
// ExtractionCorrected event per changed field on the job's stream (the reading stays in JobCompleted), GET shows
// the corrected values with the history, the `extraction.corrected` webhook goes out signed, an audit entry per
// field is kept, and every refusal is a clear 4xx in the error shape. Erasure takes the corrections with the job.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETENTION_WORKFLOW } from '../../contracts/retention.js';
import { runAdminCli } from '../../api/admin/cli.js';
import { jobStream, submit } from '../../domain/jobs/job.js';
import { appendDecided } from '../../infra/eventstore/decided.js';
import { readEvents } from '../../infra/eventstore/types.js';
import { contractClient } from '../../infra/temporal/contract-client.js';
import { rowsHolding } from '../support/dump.js';
import { accountWithKey, callWithKey, startTestApp, until, type TestApp } from '../support/app.js';
import { makePdf } from '../support/extraction/bad-pdfs.js';
import { startReceiver, type Receiver } from '../support/webhook-receiver.js';

let app: TestApp;
let receiver: Receiver;
const secrets: string[] = [];

beforeAll(async () => {
  receiver = await startReceiver({ host: '127.0.0.1', secrets });
  app = await startTestApp({
    worker: true,
    env: { WEBHOOK_ALLOWLIST: `127.0.0.1:${receiver.port}`, WEBHOOK_RETRY_SECONDS: '1', OCR_WORKERS: '1' },
  });
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await receiver?.close();
});

const call = (key: string, method: string, path: string, body?: unknown) => callWithKey(app, key, method, path, body);

/** A motor schedule whose policy number is printed with a misread-looking letter the client corrects. */
const schedule = () =>
  makePdf({}, (pdf) => {
    pdf.fontSize(16).text('AXA Insurance UK plc').moveDown();
    pdf.fontSize(11).text('Motor Insurance Schedule');
    pdf.text('Policy number: AXK1234567B');
    pdf.text('Period of insurance: 01/03/2026 to 28/02/2027');
    pdf.text('Registration mark: AB12 CDE');
  });

async function extracted(key: string, webhook = true) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await schedule())], { type: 'application/pdf' }), 'policy.pdf');
  if (webhook) form.append('webhook_url', `${receiver.origin}/hooks`);
  const res = await fetch(`${app.url}/api/v1/documents/extract`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}` },
    body: form,
  });
  const { job_id: jobId } = (await res.json()) as { job_id: string };
  const job = await until(
    () => call(key, 'GET', `/api/v1/jobs/${jobId}`),
    (r) => r.body.status !== 'pending' && (!webhook || r.body.webhook?.status !== 'pending'),
    `job ${jobId}`,
  );
  expect(job.body.status).toBe('complete');
  return { jobId, job: job.body };
}

async function liveAccount() {
  const account = await accountWithKey(app, { plan: 'pro' });
  const secret = await app.admin<{ secret: string }>('POST', `/admin/accounts/${account.accountId}/webhook-secret`);
  secrets.push(secret.body.secret);
  return account;
}

describe('POST /api/v1/jobs/{id}/corrections', () => {
  it('records each changed field as an event, shows the corrected values with their history, calls back and audits', async () => {
    const { key, keyId, accountId } = await liveAccount();
    const { jobId, job } = await extracted(key);
    const read = job.result.policy_number;
    expect(read).toBeTruthy();
    expect(job.corrections.history).toEqual([]);
    expect(job.corrections.fields.policy_number).toEqual({ value: read, corrected: false, read });

    const answer = await call(key, 'POST', `/api/v1/jobs/${jobId}/corrections`, {
      corrections: {
        policy_number: 'AXK12345678',
        'coverage.excess': { amount: 250, currency: 'GBP' },
        // The value it already has: no correction.
        vehicle_registration: job.result.vehicle_registration,
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.result.policy_number).toBe('AXK12345678');
    expect(answer.body.result.coverage.excess).toEqual({ amount: 250, currency: 'GBP' });
    expect(answer.body.corrections.fields.policy_number).toEqual({ value: 'AXK12345678', corrected: true, read });
    expect(answer.body.corrections.fields.vehicle_registration.corrected).toBe(false);
    expect(answer.body.corrections.history).toEqual([
      {
        field: 'policy_number',
        from: read,
        to: 'AXK12345678',
        by: { via: 'api', key_id: keyId },
        at: expect.any(String),
      },
      {
        field: 'coverage.excess',
        from: job.result.coverage.excess,
        to: { amount: 250, currency: 'GBP' },
        by: { via: 'api', key_id: keyId },
        at: expect.any(String),
      },
    ]);

    // The events: two corrections after the completion, whose reading is never overwritten.
    const events = await readEvents(app.context.engines.events, jobStream, jobId);
    const corrected = events.filter((e) => e.type === 'ExtractionCorrected');
    expect(corrected.map((e) => e.data)).toEqual([
      expect.objectContaining({ field: 'policy_number', from: read, to: 'AXK12345678', account_id: accountId }),
      expect.objectContaining({ field: 'coverage.excess', to: { amount: 250, currency: 'GBP' } }),
    ]);
    const completed = events.find((e) => e.type === 'JobCompleted')!;
    expect((completed.data as { result: { policy_number: string } }).result.policy_number).toBe(read);

    // A second correction of the same field starts from the first's value.
    const again = await call(key, 'POST', `/api/v1/jobs/${jobId}/corrections`, {
      corrections: { policy_number: 'AXK12345679' },
    });
    expect(again.body.corrections.history[2]).toMatchObject({ from: 'AXK12345678', to: 'AXK12345679' });
    const polled = await call(key, 'GET', `/api/v1/jobs/${jobId}`);
    expect(polled.body.result.policy_number).toBe('AXK12345679');
    expect(polled.body.corrections.history).toHaveLength(3);

    // The webhook: signed (the receiver verified it), of its own id, with the record after the correction.
    const hooks = await until(
      async () => receiver.received.filter((r) => r.headers['webhook-id']?.toString().startsWith(`${jobId}.`)),
      (found) => found.length >= 2,
      'the extraction.corrected webhooks',
    );
    for (const hook of hooks) expect(hook.verifiedWith.length).toBeGreaterThan(0);
    const bodies = hooks.map((h) => JSON.parse(h.body) as { type: string; data: any });
    expect(bodies.every((b) => b.type === 'extraction.corrected' && b.data.job_id === jobId)).toBe(true);
    // Each carries the record as it stands when it is sent: after its own correction, perhaps after the next too.
    for (const body of bodies) {
      expect(['AXK12345678', 'AXK12345679']).toContain(body.data.result.policy_number);
      expect(body.data.corrections.history.length).toBeGreaterThanOrEqual(2);
    }
    // The job's own callback status is still the completion's.
    expect(polled.body.webhook).toMatchObject({ status: 'delivered' });

    // The audit: one entry per corrected field, naming the key and the field, never the values.
    const audit = await until(
      () =>
        app.context.engines.sql.query<{ key_id: string; channel: string; status: string }>(
          `select key_id, channel, status from call_audit where account_id = $1 and channel = 'correction' order by at, id`,
          [accountId],
        ),
      (rows) => rows.length === 3,
      'the audit entries',
    );
    expect(audit).toEqual([
      { key_id: keyId, channel: 'correction', status: 'corrected:policy_number' },
      { key_id: keyId, channel: 'correction', status: 'corrected:coverage.excess' },
      { key_id: keyId, channel: 'correction', status: 'corrected:policy_number' },
    ]);

    // The operator's export for training: this job's fields with their evidence, and no document text (the
    // account is not in TRAINING_TEXT_ACCOUNTS).
    const out: string[] = [];
    const code = await runAdminCli(
      ['extraction', 'corrections', '--since', new Date().toISOString().slice(0, 10)],
      { ...process.env, ADMIN_URL: app.url, ADMIN_TOKEN: app.config.ADMIN_TOKEN },
      { out: (line) => out.push(line), err: () => undefined },
    );
    expect(code).toBe(0);
    const lines = out
      .join('\n')
      .split('\n')
      .map((line) => JSON.parse(line) as any);
    const example = lines.find((line) => line.job_id === jobId);
    expect(example).toMatchObject({
      text: false,
      method: 'text',
      fields: {
        policy_number: { corrected: true, correction: 'changed', evidence: { page: 1, source: 'text' } },
        'coverage.excess': { corrected: true },
        vehicle_registration: { corrected: false },
      },
    });
    expect(example.fields.policy_number.evidence.box.width).toBeGreaterThan(0);
    const text = out.join('\n');
    for (const value of [read, 'AXK12345678', 'AXK12345679', 'AB12 CDE']) expect(text).not.toContain(value);
    // Tomorrow on, nothing: the export is of corrections since the day given.
    const later = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const none: string[] = [];
    await runAdminCli(
      ['extraction', 'corrections', '--since', later],
      { ADMIN_URL: app.url, ADMIN_TOKEN: app.config.ADMIN_TOKEN },
      {
        out: (line) => none.push(line),
        err: () => undefined,
      },
    );
    expect(none.join('')).toBe('');
  }, 180_000);

  it('refuses unknown fields, wrong shapes, verifications, jobs not completed and other accounts’ jobs', async () => {
    const { key, accountId, keyId } = await liveAccount();
    const { jobId } = await extracted(key, false);
    const path = `/api/v1/jobs/${jobId}/corrections`;

    const unknown = await call(key, 'POST', path, { corrections: { policy_no: 'X' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({
      error: 'invalid_request',
      message: expect.stringContaining('"policy_no"'),
      code: 400,
    });
    const shape = await call(key, 'POST', path, { corrections: { start_date: '2026-02-30' } });
    expect(shape).toEqual({
      status: 400,
      body: { error: 'invalid_request', message: expect.stringMatching(/start_date/), code: 400 },
    });
    const money = await call(key, 'POST', path, { corrections: { 'coverage.excess': { amount: 'lots' } } });
    expect(money.status).toBe(400);
    expect(money.body.message).toMatch(/coverage\.excess/);
    expect((await call(key, 'POST', path, {})).body.error).toBe('missing_required_field');
    expect((await call(key, 'POST', path, { corrections: {} })).status).toBe(400);

    // Another account's job, and a job that does not exist, are not found alike.
    const other = await liveAccount();
    const foreign = await call(other.key, 'POST', path, { corrections: { policy_number: 'AXK12345678' } });
    expect(foreign).toEqual({ status: 404, body: { error: 'not_found', message: `No job ${jobId}.`, code: 404 } });
    const testKey = await accountWithKey(app, { plan: 'pro', mode: 'test' });
    expect((await call(testKey.key, 'POST', path, { corrections: { policy_number: 'X1' } })).status).toBe(404);

    // A verification job.
    const verification = await call(key, 'POST', '/api/v1/verify/async', {
      policy_number: 'AXK12345678',
      country: 'UK',
      insurance_type: 'motor',
      provider: 'AXA',
    });
    const verified = verification.body.job_id as string;
    await until(
      () => call(key, 'GET', `/api/v1/jobs/${verified}`),
      (r) => r.body.status !== 'pending',
      'the verification',
    );
    const refused = await call(key, 'POST', `/api/v1/jobs/${verified}/corrections`, {
      corrections: { policy_number: 'AXK12345678' },
    });
    expect(refused).toEqual({
      status: 409,
      body: { error: 'job_not_correctable', message: expect.stringMatching(/verification/), code: 409 },
    });

    // A job not completed yet (its submission recorded, no end).
    const pending = randomUUID();
    await appendDecided(
      app.context.engines.events,
      jobStream,
      pending,
      submit({
        jobId: pending,
        kind: 'extraction',
        accountId,
        keyId,
        mode: 'live',
        request: {},
        webhookUrl: null,
        idempotencyKey: null,
        requestHash: 'h',
      }),
    );
    const early = await call(key, 'POST', `/api/v1/jobs/${pending}/corrections`, {
      corrections: { policy_number: 'AXK12345678' },
    });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ error: 'job_not_correctable', message: expect.stringMatching(/pending/) });
    // No event was recorded for any refusal.
    const events = await readEvents(app.context.engines.events, jobStream, jobId);
    expect(events.some((e) => e.type === 'ExtractionCorrected')).toBe(false);
  }, 180_000);

  it('erases the corrections with the job, and refuses to correct an erased job', async () => {
    const { key } = await liveAccount();
    const { jobId } = await extracted(key, false);
    const marker = 'CORRECTED-PN-5511';
    const done = await call(key, 'POST', `/api/v1/jobs/${jobId}/corrections`, {
      corrections: { policy_number: marker },
    });
    expect(done.status).toBe(200);
    // The pages drawn for the dashboard, sealed under the job's key, go with it.
    await until(
      () => app.context.pageImages.list(jobStream(jobId)),
      (pages) => pages.length === 1,
      'the page drawn',
    );
    await contractClient(app.context.temporal!.client, app.config.TEMPORAL_TASK_QUEUE, {
      idScope: `test-${randomUUID()}-`,
    }).execute(RETENTION_WORKFLOW, { now: new Date(Date.now() + 400 * 86_400_000).toISOString() });
    const erased = await until(
      () => call(key, 'GET', `/api/v1/jobs/${jobId}`),
      (r) => r.body.result_erased_at !== undefined,
      'the erasure',
    );
    expect(erased.body.result).toBeNull();
    expect(erased.body.corrections).toBeUndefined();
    // The events keep no readable value, and no table holds the corrected value.
    const events = await readEvents(app.context.engines.events, jobStream, jobId);
    const correction = events.find((e) => e.type === 'ExtractionCorrected')!;
    expect(correction.data).toMatchObject({ field: 'policy_number', from: null, to: null });
    expect(await rowsHolding(app.context.engines.sql, [marker])).toEqual([]);
    expect(await app.context.pageImages.list(jobStream(jobId))).toEqual([]);

    const late = await call(key, 'POST', `/api/v1/jobs/${jobId}/corrections`, {
      corrections: { policy_number: 'AXK12345678' },
    });
    expect(late).toEqual({
      status: 409,
      body: { error: 'job_not_correctable', message: expect.stringMatching(/erased/), code: 409 },
    });
  }, 180_000);
});
