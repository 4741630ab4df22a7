import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WithStartWorkflowOperation, WorkflowUpdateFailedError } from '@temporalio/client';
import { runAdminCli } from '../../api/admin/cli.js';
import { reconcileAll } from '../../api/admin/ledger-audit.js';
import { STALE_RESERVATION_HOURS } from '../../domain/ledger/ledger.js';
import { creditsStream } from '../../domain/ledger/ledger.js';
import { verificationWorkflow } from '../../workflows/verification.js';
import { accountWithKey, balanceShown, startTestApp, type TestApp } from '../support/app.js';
import { startReceiver, type Receiver } from '../support/webhook-receiver.js';
import { admit } from '../../contracts/admission.js';
import type { VerificationJobInput } from '../../contracts/verification.js';

// Async verification and batches on the real Temporal dev server, PostgreSQL (or PGlite) and real receivers.

let app: TestApp;
const secrets: string[] = [];
let ok: Receiver;
let flaky: Receiver;
let refusing: Receiver;
let flakyCalls = 0;

beforeAll(async () => {
  ok = await startReceiver({ host: '127.0.0.1', secrets });
  flaky = await startReceiver({
    host: '127.0.0.1',
    secrets,
    respond: (_req, res) => {
      flakyCalls += 1;
      res.writeHead(flakyCalls <= 2 ? 503 : 200).end();
    },
  });
  refusing = await startReceiver({ host: '127.0.0.1', secrets, respond: (_req, res) => res.writeHead(400).end() });
  app = await startTestApp({
    worker: true,
    env: {
      WEBHOOK_ALLOWLIST: [ok, flaky, refusing].map((r) => `127.0.0.1:${r.port}`).join(','),
      WEBHOOK_RETRY_SECONDS: '1',
    },
  });
});

afterAll(async () => {
  await app?.stop();
  await Promise.all([ok, flaky, refusing].map((r) => r?.close()));
});

async function call(method: string, path: string, key: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(app.url + path, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as any };
}

async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const finished = (key: string, jobId: string) =>
  until(
    () => call('GET', `/api/v1/jobs/${jobId}`, key),
    (r) => {
      if (r.status !== 200) throw new Error(`GET job answered ${r.status}: ${JSON.stringify(r.body)}`);
      return r.body.status !== 'pending' && (r.body.webhook === null || r.body.webhook.status !== 'pending');
    },
  );

async function reconcile(): Promise<number> {
  return runAdminCli(
    ['ledger', 'reconcile'],
    { API_URL: app.url, ADMIN_TOKEN: app.config.ADMIN_TOKEN },
    { out: () => undefined, err: () => undefined },
  );
}

const AXA = { policy_number: 'AXK12345678', country: 'UK', insurance_type: 'motor', provider: 'AXA' };

describe('async verification', () => {
  it('answers 202 with a job that is never 404 right after, and completes with the sync result', async () => {
    const { key, accountId } = await accountWithKey(app, { plan: 'pro' });
    const submitted = await call('POST', '/api/v1/verify/async', key, AXA);
    expect(submitted.status).toBe(202);
    expect(submitted.body).toEqual({
      job_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      status: 'pending',
      poll_url: `/api/v1/jobs/${submitted.body.job_id}`,
    });
    const first = await call('GET', submitted.body.poll_url, key);
    expect(first.status).toBe(200);
    expect(first.body.job_id).toBe(submitted.body.job_id);

    const job = await finished(key, submitted.body.job_id);
    const sync = await call('POST', '/api/v1/verify', key, AXA);
    expect(job.body).toMatchObject({ type: 'verification', status: 'complete', error: null, webhook: null });
    const { processed_in_ms: _a, ...asyncResult } = job.body.result;
    const { processed_in_ms: _b, ...syncResult } = sync.body;
    expect(asyncResult).toEqual(syncResult);
    expect(asyncResult.credits_charged).toBe(1);
    await balanceShown(app, accountId, { balance: 498, reserved: 0 });
    expect(await reconcile()).toBe(0);
  });

  it('fails a job with the error the engine gives, and charges nothing for it', async () => {
    const { key, accountId } = await accountWithKey(app, { plan: 'pro' });
    const request = { policy_number: 'ZZZ99999999', country: 'UK', insurance_type: 'motor', provider: 'AXA' };
    const sync = await call('POST', '/api/v1/verify', key, request);
    expect(sync.status).toBeGreaterThanOrEqual(400);
    const submitted = await call('POST', '/api/v1/verify/async', key, request);
    const job = await finished(key, submitted.body.job_id);
    expect(job.body).toMatchObject({ status: 'failed', result: null, error: sync.body });
    await balanceShown(app, accountId, { balance: 500, reserved: 0 });
  });

  it('refuses a job without credits (402), and webhook URLs that are not public https (422)', async () => {
    const { key } = await accountWithKey(app, { credits: 0 });
    expect(await call('POST', '/api/v1/verify/async', key, AXA)).toMatchObject({
      status: 402,
      body: { error: 'insufficient_credits', code: 402 },
    });
    const { key: rich } = await accountWithKey(app, { plan: 'pro' });
    for (const url of [
      'http://example.com/hook',
      'https://10.0.0.5/hook',
      'https://127.0.0.1:9/hook',
      'https://[::1]/hook',
      'not a url',
    ]) {
      expect(await call('POST', '/api/v1/verify/async', rich, { ...AXA, webhook_url: url })).toMatchObject({
        status: 422,
        body: { error: 'invalid_webhook_url', code: 422 },
      });
    }
    expect(
      await call('POST', '/api/v1/verify/async', rich, { country: 'UK', policy_number: 'AXK12345678' }),
    ).toMatchObject({
      status: 400,
      body: { error: 'missing_required_field', code: 400 },
    });
  });

  it('refuses text PostgreSQL cannot store with a 400 naming the field, before holding any credit', async () => {
    const { key, accountId } = await accountWithKey(app, { plan: 'pro' });
    const nul = await call('POST', '/api/v1/verify/async', key, { ...AXA, policy_number: 'AXK1234\u00005678' });
    expect(nul).toMatchObject({ status: 400, body: { error: 'invalid_request', code: 400 } });
    expect(nul.body.message).toMatch(/^policy_number /);
    const hook = await call('POST', '/api/v1/verify/async', key, { ...AXA, webhook_url: 'https://example.com/\u0000' });
    expect(hook).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    expect(hook.body.message).toMatch(/^webhook_url /);
    const batch = await call('POST', '/api/v1/verify/batch', key, {
      policies: [AXA, { ...AXA, provider: 'AXA\ud800' }],
    });
    expect(batch).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    expect(batch.body.message).toMatch(/^policies\[1\]: provider /);
    expect((await app.admin<any>('GET', `/admin/accounts/${accountId}`)).body.balance).toMatchObject({
      balance: 500,
      reserved: 0,
    });
  });

  it('releases the credit of a submission the event store refuses, and answers 400 at once', async () => {
    // Past the API's validation (a workflow started directly): the store itself refuses the NUL.
    const { accountId, keyId } = await accountWithKey(app, { plan: 'pro' });
    const jobId = crypto.randomUUID();
    const request = {
      ...AXA,
      policy_number: 'AXK\u000012345678',
      country: 'UK' as const,
      insurance_type: 'motor' as const,
    };
    const input: VerificationJobInput = {
      admit: {
        jobId,
        kind: 'verification',
        accountId,
        keyId,
        mode: 'live',
        allowance: 500,
        request,
        webhookUrl: null,
        idempotencyKey: null,
        requestHash: 'h',
        reserve: 1,
      },
      request,
      webhookRetrySeconds: 1,
      blobId: null,
    };
    const client = app.context.temporal!.client.workflow;
    const refused = await client
      .executeUpdateWithStart(admit, {
        args: ['h'],
        startWorkflowOperation: new WithStartWorkflowOperation(verificationWorkflow, {
          workflowId: `verification-${jobId}`,
          taskQueue: app.config.TEMPORAL_TASK_QUEUE,
          args: [input],
          workflowIdConflictPolicy: 'USE_EXISTING',
        }),
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(refused).toBeInstanceOf(WorkflowUpdateFailedError);
    expect((refused as WorkflowUpdateFailedError).cause).toMatchObject({ type: 'invalid_request' });
    expect(await client.getHandle(`verification-${jobId}`).result()).toBe('rejected');
    const ledger = (await app.context.engines.events.readStream(creditsStream(accountId))).map((e) => [e.type, e.data]);
    expect(ledger.slice(-2)).toEqual([
      ['CreditsReserved', { reservation_id: jobId, amount: 1, operation: 'verification', reference: jobId }],
      ['ReservationSettled', { reservation_id: jobId, captured: 0, released: 1 }],
    ]);
    await balanceShown(app, accountId, { balance: 500, reserved: 0 });
    expect(await reconcile()).toBe(0);
  });

  it('reports in reconciliation a reservation no job settles once it is older than any job runs', async () => {
    const { accountId } = await accountWithKey(app, { plan: 'pro' });
    const lost = crypto.randomUUID();
    await app.context.ledger.reserve(accountId, {
      allowance: 500,
      reservationId: lost,
      amount: 2,
      operation: 'batch',
      reference: lost,
    });
    const { events, sql } = app.context.engines;
    const mine = async (now: Date) =>
      (await reconcileAll(events, sql, now)).find((row) => row.account_id === accountId)!;
    expect((await mine(new Date())).stale_reservations).toEqual([]);
    const later = await mine(new Date(Date.now() + (STALE_RESERVATION_HOURS + 1) * 3_600_000));
    expect(later.stale_reservations).toMatchObject([{ reservation_id: lost, amount: 2, operation: 'batch' }]);
    await app.context.ledger.settle(accountId, { reservationId: lost, captured: 0 });
  });

  it('returns the same job for a retried submission with the same Idempotency-Key, and 422 for another body', async () => {
    const { key } = await accountWithKey(app, { plan: 'pro' });
    const headers = { 'idempotency-key': `retry-${Date.now()}` };
    const a = await call('POST', '/api/v1/verify/async', key, AXA, headers);
    const b = await call('POST', '/api/v1/verify/async', key, AXA, headers);
    // 202 while the job runs; once it has finished (it may already have), 200 with its current state.
    expect([200, 202]).toContain(b.status);
    expect(b.body.job_id).toBe(a.body.job_id);
    await finished(key, a.body.job_id);
    const c = await call('POST', '/api/v1/verify/async', key, AXA, headers);
    expect(c.body.job_id).toBe(a.body.job_id);
    expect(c.status).toBe(200);
    expect(c.body.status).not.toBe('pending');
    expect(await call('POST', '/api/v1/verify/async', key, { ...AXA, provider: 'Aviva' }, headers)).toMatchObject({
      status: 422,
      body: { error: 'idempotency_conflict' },
    });
  });

  it('hides another account’s jobs and the other mode’s, and unknown ids, as 404', async () => {
    const owner = await accountWithKey(app, { plan: 'pro' });
    const stranger = await accountWithKey(app, { plan: 'pro' });
    const testKey = await app.admin<any>('POST', `/admin/accounts/${owner.accountId}/keys`, { mode: 'test' });
    const { body } = await call('POST', '/api/v1/verify/async', owner.key, AXA);
    for (const key of [stranger.key, testKey.body.key]) {
      expect(await call('GET', `/api/v1/jobs/${body.job_id}`, key)).toMatchObject({
        status: 404,
        body: { error: 'not_found', code: 404 },
      });
    }
    expect((await call('GET', '/api/v1/jobs/00000000-0000-0000-0000-000000000000', owner.key)).status).toBe(404);
    expect((await call('GET', '/api/v1/jobs/not-a-uuid', owner.key)).status).toBe(404);
    expect((await call('GET', '/api/v1/batches/00000000-0000-0000-0000-000000000000', owner.key)).status).toBe(404);
  });
});

describe('webhooks', () => {
  it('calls a receiver once with a Standard Webhooks signature it verifies', async () => {
    const { key, accountId } = await accountWithKey(app, { plan: 'pro' });
    const secret = await app.admin<any>('POST', `/admin/accounts/${accountId}/webhook-secret`);
    expect(secret.body.secret).toMatch(/^whsec_/);
    secrets.push(secret.body.secret);
    const before = ok.received.length;
    const submitted = await call('POST', '/api/v1/verify/async', key, {
      ...AXA,
      webhook_url: `${ok.origin}/hooks/one`,
    });
    const job = await finished(key, submitted.body.job_id);
    expect(job.body.webhook).toMatchObject({ url: `${ok.origin}/hooks/one`, status: 'delivered', attempts: 1 });
    const mine = ok.received.slice(before).filter((r) => r.headers['webhook-id'] === submitted.body.job_id);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.verifiedWith).toContain(secrets.indexOf(secret.body.secret));
    const payload = JSON.parse(mine[0]!.body);
    expect(payload).toMatchObject({
      type: 'verification.completed',
      data: { job_id: submitted.body.job_id, status: 'complete' },
    });
    expect(payload.data.result.status).toBe('verified');
  });

  it('retries a receiver that fails twice, and shows 3 attempts', async () => {
    const { key } = await accountWithKey(app, { plan: 'pro' });
    const submitted = await call('POST', '/api/v1/verify/async', key, { ...AXA, webhook_url: `${flaky.origin}/hook` });
    const job = await finished(key, submitted.body.job_id);
    expect(job.body.webhook).toMatchObject({ status: 'delivered', attempts: 3 });
    expect(flaky.received.filter((r) => r.headers['webhook-id'] === submitted.body.job_id)).toHaveLength(3);
  });

  it('does not retry a receiver that answers 400', async () => {
    const { key } = await accountWithKey(app, { plan: 'pro' });
    const submitted = await call('POST', '/api/v1/verify/async', key, {
      ...AXA,
      webhook_url: `${refusing.origin}/hook`,
    });
    const job = await finished(key, submitted.body.job_id);
    expect(job.body.webhook).toMatchObject({ status: 'failed', attempts: 1 });
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(refusing.received.filter((r) => r.headers['webhook-id'] === submitted.body.job_id)).toHaveLength(1);
  });

  it('never calls back for a test key, whose jobs get sandbox results', async () => {
    const { key } = await accountWithKey(app, { mode: 'test', plan: 'pro' });
    const before = ok.received.length;
    const submitted = await call('POST', '/api/v1/verify/async', key, {
      ...AXA,
      policy_number: 'FAIL_1',
      webhook_url: `${ok.origin}/test`,
    });
    const job = await until(
      () => call('GET', `/api/v1/jobs/${submitted.body.job_id}`, key),
      (r) => r.body.status === 'complete',
    );
    expect(job.body.result).toMatchObject({
      status: 'unverified',
      confidence_score: 0.1,
      sandbox: true,
      credits_charged: 0,
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(ok.received.length).toBe(before);
  });
});

describe('batches', () => {
  const policies = (n: number) =>
    Array.from({ length: n }, (_, i) =>
      i % 3 === 0
        ? AXA
        : i % 3 === 1
          ? { ...AXA, provider: undefined }
          : { ...AXA, policy_number: `ZZZ${String(i).padStart(8, '0')}` },
    );

  it('verifies 100 policies with results in order, charging the definitive answers only', async () => {
    const { key, accountId } = await accountWithKey(app, { plan: 'pro' });
    const submitted = await call('POST', '/api/v1/verify/batch', key, { policies: policies(100) });
    expect(submitted).toMatchObject({ status: 202, body: { status: 'pending', total_count: 100 } });
    expect((await call('GET', `/api/v1/batches/${submitted.body.batch_id}`, key)).status).toBe(200);
    const done = await until(
      () => call('GET', `/api/v1/batches/${submitted.body.batch_id}`, key),
      (r) => r.body.status === 'complete',
    );
    expect(done.body).toMatchObject({ total_count: 100, completed_count: 100 });
    expect(done.body.results.map((r: any) => r.index)).toEqual(Array.from({ length: 100 }, (_, i) => i));
    expect(done.body.results.map((r: any) => r.policy_number)).toEqual(policies(100).map((p) => p.policy_number));
    const definitive = done.body.results.filter(
      (r: any) => r.status === 'verified' || r.status === 'unverified',
    ).length;
    expect(done.body.summary.credits_charged).toBe(definitive);
    expect(done.body.results.filter((r: any) => r.status === 'error').every((r: any) => r.error.code === 404)).toBe(
      true,
    );
    const expected = { balance: 500 - definitive, reserved: 0 };
    await balanceShown(app, accountId, expected);
    expect(await reconcile()).toBe(0);
  });

  it('refuses more than 100 policies (422), a bad item by its index (400), and a batch it cannot pay for (402)', async () => {
    const { key } = await accountWithKey(app);
    expect(await call('POST', '/api/v1/verify/batch', key, { policies: policies(101) })).toMatchObject({
      status: 422,
      body: { error: 'batch_too_large', code: 422 },
    });
    const bad = await call('POST', '/api/v1/verify/batch', key, { policies: [AXA, { ...AXA, country: 'US' }] });
    expect(bad).toMatchObject({ status: 400, body: { error: 'unsupported_country' } });
    expect(bad.body.message).toContain('policies[1]');
    expect(await call('POST', '/api/v1/verify/batch', key, { policies: policies(11) })).toMatchObject({
      status: 402,
      body: { error: 'insufficient_credits' },
    });
    expect((await call('POST', '/api/v1/verify/batch', key, {})).body.error).toBe('missing_required_field');
  });

  it('runs test-key batches on the sandbox, free', async () => {
    const { key } = await accountWithKey(app, { mode: 'test' });
    const submitted = await call('POST', '/api/v1/verify/batch', key, {
      policies: [AXA, { ...AXA, policy_number: 'INCONCLUSIVE_1' }, { ...AXA, policy_number: 'FAIL_2' }],
    });
    const done = await until(
      () => call('GET', `/api/v1/batches/${submitted.body.batch_id}`, key),
      (r) => r.body.status === 'complete',
    );
    expect(done.body.results.map((r: any) => [r.status, r.confidence_score])).toEqual([
      ['verified', 0.95],
      ['inconclusive', 0.5],
      ['unverified', 0.1],
    ]);
    expect(done.body.summary.credits_charged).toBe(0);
  });
});
