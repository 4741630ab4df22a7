import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookResendWorkflowId } from '../../contracts/webhook-resend.js';
import { ResendRefusedError, resendWebhook } from '../../infra/temporal/portal-workflows.js';
import { listDeliveries, type Delivery } from '../../projections/webhook-deliveries.js';
import { accountWithKey, startTestApp, type TestApp } from '../support/app.js';
import { startReceiver, type Receiver } from '../support/webhook-receiver.js';

// Resending a callback from the dashboard (docs/architecture.md#portal-and-admin) on the real Temporal dev server and a real receiver that
// checks Standard Webhooks signatures the way a customer does.

let app: TestApp;
let receiver: Receiver;
const secrets: string[] = [];
/** What the receiver answers, by path: 200 for a signature it verifies (401 otherwise) unless told. */
const answers = new Map<string, number>();

beforeAll(async () => {
  receiver = await startReceiver({
    host: '127.0.0.1',
    secrets,
    respond: (_req, res, received) =>
      res.writeHead(answers.get(received.path) ?? (received.verifiedWith.length > 0 ? 200 : 401)).end(),
  });
  app = await startTestApp({
    worker: true,
    env: { WEBHOOK_ALLOWLIST: `127.0.0.1:${receiver.port}`, WEBHOOK_RETRY_SECONDS: '1' },
  });
});

afterAll(async () => {
  await app?.stop();
  await receiver?.close();
});

const AXA = { policy_number: 'AXK12345678', country: 'UK', insurance_type: 'motor', provider: 'AXA' };
const taskQueue = () => app.config.TEMPORAL_TASK_QUEUE;
const client = () => app.context.temporal!.client;
const db = () => app.context.engines.sql;

async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function call(method: string, path: string, key: string, body?: unknown) {
  const res = await fetch(app.url + path, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** An account with its webhook secret, and a live job whose callback to `path` went out (or was given up). */
async function deliveredJob(path: string, mode: 'live' | 'test' = 'live') {
  const { key, accountId } = await accountWithKey(app, { plan: 'pro', mode });
  const secret = (await app.admin<{ secret: string }>('POST', `/admin/accounts/${accountId}/webhook-secret`)).body
    .secret;
  secrets.push(secret);
  const submitted = await call('POST', '/api/v1/verify/async', key, {
    ...AXA,
    webhook_url: `${receiver.origin}${path}`,
  });
  expect(submitted.status).toBe(202);
  const jobId: string = submitted.body.job_id;
  const job = await until(
    () => call('GET', `/api/v1/jobs/${jobId}`, key),
    (r) => r.body.status !== 'pending' && (mode === 'test' || r.body.webhook?.status !== 'pending'),
  );
  return { key, accountId, jobId, job: job.body };
}

const received = (jobId: string) => receiver.received.filter((r) => r.headers['webhook-id'] === jobId);
const deliveryOf = async (accountId: string, jobId: string): Promise<Delivery | undefined> =>
  (await listDeliveries(db(), accountId)).find((d) => d.job_id === jobId);

describe('webhook resend', () => {
  it('delivers a job callback again, signed with the current secret, and lists it delivered with its response code', async () => {
    const { accountId, jobId, job } = await deliveredJob('/resend/ok');
    expect(job.webhook).toMatchObject({ status: 'delivered', attempts: 1 });
    // The deliveries read model is a projection of its own, which may apply the end a moment after the jobs one.
    const original = await until(
      () => deliveryOf(accountId, jobId),
      (d) => d !== undefined && d.status !== 'pending',
    );
    expect(original).toMatchObject({
      event_type: 'verification.completed',
      status: 'delivered',
      attempts: 1,
      response_code: 200,
      url: `${receiver.origin}/resend/ok`,
      resendable: true,
    });
    expect(received(jobId)).toHaveLength(1);

    // The account rotates its secret: the resend is signed with the new one (and the previous, for its overlap).
    const rotated = (await app.admin<{ secret: string }>('POST', `/admin/accounts/${accountId}/webhook-secret/rotate`))
      .body.secret;
    secrets.push(rotated);
    const { workflowId } = await resendWebhook(client(), taskQueue(), { jobId, accountId, retrySeconds: 1 });
    expect(workflowId).toBe(webhookResendWorkflowId(jobId));
    expect(await client().workflow.getHandle(workflowId).result()).toBe('delivered');

    const calls = received(jobId);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.verifiedWith).toContain(secrets.indexOf(rotated));
    const [first, again] = calls.map((c) => JSON.parse(c.body));
    expect(again.type).toBe('verification.completed');
    expect(again.data).toEqual(first.data); // the same job record, as the original delivery sent it

    const delivery = await until(
      () => deliveryOf(accountId, jobId),
      (d) => d?.status !== 'pending',
    );
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 1, response_code: 200 });
    expect(delivery!.last_attempt_at).toBeInstanceOf(Date);

    // The resend is a delivery of its own: the original's row and its attempts stay as they were.
    const both = (await listDeliveries(db(), accountId)).filter((d) => d.job_id === jobId);
    expect(
      both.map((d) => [
        d.delivery_id === null ? 'original' : 'resend',
        d.status,
        d.attempts,
        d.response_code,
        d.resendable,
      ]),
    ).toEqual([
      ['resend', 'delivered', 1, 200, true],
      ['original', 'delivered', 1, 200, false],
    ]);
    for (const row of both) expect(row.attempt_log).toEqual([{ attempt: 1, status: 200, at: expect.any(Date) }]);
  });

  it('shows a failing resend as pending with response code 500 while it retries, then failed', async () => {
    const path = '/resend/flaky';
    const { accountId, jobId } = await deliveredJob(path);
    answers.set(path, 500);
    const { workflowId, position } = await resendWebhook(client(), taskQueue(), { jobId, accountId, retrySeconds: 1 });
    // Recorded before resendWebhook returned: the dashboard shows the resend once it reaches it, with no attempt yet or a 500.
    expect(await app.context.readModelsAt(position, 10_000)).toBe(true);
    expect((await deliveryOf(accountId, jobId))?.status).toBe('pending');
    const retrying = await until(
      () => deliveryOf(accountId, jobId),
      (d) => (d?.attempts ?? 0) >= 2,
    );
    expect(retrying).toMatchObject({ status: 'pending', response_code: 500 });
    expect(retrying!.attempts).toBeGreaterThanOrEqual(2);

    // A second resend while this one runs joins it rather than sending twice.
    const run = (await client().workflow.getHandle(workflowId).describe()).runId;
    expect((await resendWebhook(client(), taskQueue(), { jobId, accountId, retrySeconds: 1 })).workflowId).toBe(
      workflowId,
    );
    expect((await client().workflow.getHandle(workflowId).describe()).runId).toBe(run);

    // The receiver now refuses for good (410, not retried): the resend ends failed.
    answers.set(path, 410);
    expect(await client().workflow.getHandle(workflowId).result()).toBe('failed');
    const failed = await until(
      () => deliveryOf(accountId, jobId),
      (d) => d?.status !== 'pending',
    );
    expect(failed).toMatchObject({ status: 'failed', response_code: 410 });
    expect(failed!.attempts).toBe(received(jobId).length - 1); // every attempt of the resend, none of the original
    expect(failed!.attempt_log.map((a) => a.status)).toEqual([...Array(failed!.attempts - 1).fill(500), 410]);
    const original = (await listDeliveries(db(), accountId)).find((d) => d.job_id === jobId && d.delivery_id === null);
    expect(original).toMatchObject({ status: 'delivered', attempts: 1, response_code: 200 });
  });

  it('refuses to resend what has no callback: a test key job, an unknown job, another account', async () => {
    const { accountId: testAccount, jobId: testJob } = await deliveredJob('/resend/test', 'test');
    expect(await deliveryOf(testAccount, testJob)).toBeUndefined();
    await expect(
      resendWebhook(client(), taskQueue(), { jobId: testJob, accountId: testAccount, retrySeconds: 1 }),
    ).rejects.toBeInstanceOf(ResendRefusedError);
    const { jobId } = await deliveredJob('/resend/other');
    const { accountId: stranger } = await accountWithKey(app);
    await expect(
      resendWebhook(client(), taskQueue(), { jobId, accountId: stranger, retrySeconds: 1 }),
    ).rejects.toBeInstanceOf(ResendRefusedError);
    await expect(
      resendWebhook(client(), taskQueue(), { jobId: crypto.randomUUID(), accountId: stranger, retrySeconds: 1 }),
    ).rejects.toBeInstanceOf(ResendRefusedError);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(received(testJob)).toHaveLength(0);
    expect(received(jobId)).toHaveLength(1);
  });
});
