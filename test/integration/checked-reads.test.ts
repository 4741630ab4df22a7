// Checked reads (issue 33, item 3): with the projector stopped across a job's whole life (more than 10 s), a poll
// right after the 202 still finds the job, and its callback is still `verification.completed` with the full
// record (folded from the job's events), equal to what the read model shows once the projector runs again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithKey, startTestApp, until, type TestApp } from '../support/app.js';
import { startReceiver, type Receiver } from '../support/webhook-receiver.js';

let app: TestApp;
let receiver: Receiver;
const secrets: string[] = [];

beforeAll(async () => {
  receiver = await startReceiver({ host: '127.0.0.1', secrets, respond: (_req, res) => res.writeHead(200).end() });
  app = await startTestApp({
    worker: true,
    env: { WEBHOOK_ALLOWLIST: `127.0.0.1:${receiver.port}`, WEBHOOK_RETRY_SECONDS: '1' },
  });
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await receiver?.close();
});

const AXA = { policy_number: 'AXK12345678', country: 'UK', insurance_type: 'motor', provider: 'AXA' };
const call = (method: string, path: string, key: string, body?: unknown) =>
  fetch(app.url + path, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  }).then(async (res) => ({ status: res.status, body: (await res.json()) as any }));

describe('a job while the read models lag', () => {
  it('is found by a poll, and calls back completed with the full record', async () => {
    const { key, accountId } = await accountWithKey(app, { plan: 'pro' });
    secrets.push(
      (await app.admin<{ secret: string }>('POST', `/admin/accounts/${accountId}/webhook-secret`)).body.secret,
    );

    await app.projector.stop();
    let running = false;
    const resume = async () => {
      if (running) return;
      running = true;
      await app.projector.start();
    };
    let jobId = '';
    try {
      const submitted = await call('POST', '/api/v1/verify/async', key, {
        ...AXA,
        webhook_url: `${receiver.origin}/lagging`,
      });
      expect(submitted.status).toBe(202);
      jobId = submitted.body.job_id;
      expect((await app.context.engines.sql.query('select 1 from jobs where job_id = $1', [jobId])).length).toBe(0);
      // The read model has no row yet: the poll is answered from the job's events.
      const polled = await call('GET', `/api/v1/jobs/${jobId}`, key);
      expect(polled.status).toBe(200);
      expect(polled.body.job_id).toBe(jobId);

      const callback = await until(
        async () => receiver.received.find((r) => r.headers['webhook-id'] === jobId),
        Boolean,
        'the callback',
        60_000,
      );
      const body = JSON.parse(callback!.body);
      expect(body.type).toBe('verification.completed');
      expect(body.data).toMatchObject({
        job_id: jobId,
        status: 'complete',
        result: { status: 'verified' },
        completed_at: expect.any(String),
      });
      // Still stopped: the body came from the events, not from a caught-up read model.
      expect((await app.context.engines.sql.query('select 1 from jobs where job_id = $1', [jobId])).length).toBe(0);

      await resume();
      const caughtUp = await until(
        () => call('GET', `/api/v1/jobs/${jobId}`, key),
        (r) => r.body.webhook?.status === 'delivered',
        'the read model',
      );
      const { webhook: _sent, ...fromEvents } = body.data;
      const { webhook: _now, ...fromReadModel } = caughtUp.body;
      expect(fromEvents).toEqual(fromReadModel);
    } finally {
      await resume();
    }
  }, 120_000);

  it('finds a batch right after its 202, folded from its events, as the read model shows it later', async () => {
    const { key } = await accountWithKey(app, { plan: 'pro' });
    await app.projector.stop();
    let batchId = '';
    let folded: any;
    try {
      const submitted = await call('POST', '/api/v1/verify/batch', key, {
        policies: [AXA, { ...AXA, policy_number: 'AXK87654321' }],
      });
      expect(submitted.status).toBe(202);
      batchId = submitted.body.batch_id;
      expect((await app.context.engines.sql.query('select 1 from batches where batch_id = $1', [batchId])).length).toBe(
        0,
      );
      const polled = await call('GET', `/api/v1/batches/${batchId}`, key);
      expect(polled.status).toBe(200);
      expect(polled.body).toMatchObject({ batch_id: batchId, total_count: 2 });
      folded = (
        await until(
          () => call('GET', `/api/v1/batches/${batchId}`, key),
          (r) => r.body.status === 'complete',
          'the batch',
          60_000,
        )
      ).body;
      expect((await app.context.engines.sql.query('select 1 from batches where batch_id = $1', [batchId])).length).toBe(
        0,
      );
    } finally {
      await app.projector.start();
    }
    const projected = await until(
      async () =>
        (await app.context.engines.sql.query('select 1 from batches where batch_id = $1', [batchId])).length
          ? call('GET', `/api/v1/batches/${batchId}`, key)
          : null,
      (r) => r?.body.status === 'complete',
      'the read model',
    );
    expect(projected!.body).toEqual(folded);
  }, 120_000);
});
