import { afterAll, beforeAll, expect, it } from 'vitest';
import { runAdminCli } from '../../api/admin/cli.js';
import { creditsStream } from '../../domain/ledger/ledger.js';
import { accountWithKey, startTestApp, type TestApp } from '../support/app.js';
import { spawnService, type ServiceProcess } from '../support/processes.js';
import { runsWhere } from '../support/ci.js';

// A worker killed in the middle of a batch: another one finishes it, and every item is charged exactly once.
// The worker runs as a separate process (on the test's PostgreSQL schema), so this needs DATABASE_URL.

let app: TestApp;
const workers: ServiceProcess[] = [];

beforeAll(async () => {
  if (process.env.DATABASE_URL) app = await startTestApp();
});
afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.stop()));
  await app?.stop();
});

it.runIf(runsWhere(process.env.DATABASE_URL))(
  'completes a batch whose worker was killed mid-way, charging each item once',
  async () => {
    workers.push(await spawnService(app, 'worker'));
    const { key, accountId } = await accountWithKey(app, { plan: 'pro' });
    // OUT10000001: the sample registry is "unavailable" for it, so the slices holding those items (the last 40
    // policies) wait out the registry's timeout and the batch stays in flight long enough to be interrupted,
    // while the slices of the first 60 are done.
    const policies = Array.from({ length: 100 }, (_, i) =>
      i >= 60
        ? { policy_number: 'OUT10000001', country: 'UK', insurance_type: 'motor' }
        : i % 2 === 1
          ? { policy_number: 'EXP10000001', country: 'UK', insurance_type: 'motor' }
          : { policy_number: 'AXK12345678', country: 'UK', insurance_type: 'motor', provider: 'AXA' },
    );
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(app.url + path, {
        method,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return (await res.json()) as any;
    };
    const { batch_id: batchId } = await call('POST', '/api/v1/verify/batch', { policies });
    const poll = async (done: (batch: any) => boolean, timeoutMs: number) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const batch = await call('GET', `/api/v1/batches/${batchId}`);
        if (done(batch) || Date.now() > deadline) return batch;
        // Within the polls' own limit (60 a minute): the 202 no longer waits for the worker, which may still be
        // starting when the first polls come.
        await new Promise((resolve) => setTimeout(resolve, 1100));
      }
    };
    const midway = await poll((b) => b.completed_count >= 10, 60_000);
    expect(midway.completed_count).toBeGreaterThanOrEqual(10);
    expect(midway.status).toBe('processing');
    await workers[0]!.kill();

    workers.push(await spawnService(app, 'worker'));
    const done = await poll((b) => b.status === 'complete', 120_000);
    expect(done.status).toBe('complete');
    expect(done.results).toHaveLength(100);
    expect(done.results.map((r: any) => r.index)).toEqual(Array.from({ length: 100 }, (_, i) => i));
    expect(
      done.results
        .filter((r: any) => r.policy_number === 'OUT10000001')
        .every((r: any) => r.flags.includes('registry_unavailable')),
    ).toBe(true);

    const items = (await app.context.engines.events.readStream(`batch-${batchId}`)).filter(
      (e) => e.type === 'BatchItemCompleted',
    );
    expect(new Set(items.map((e) => (e.data as { index: number }).index)).size).toBe(100);
    expect(items).toHaveLength(100);
    const definitive = done.results.filter((r: any) => r.status === 'verified' || r.status === 'unverified').length;
    const ledger = await app.context.engines.events.readStream(creditsStream(accountId));
    const settled = ledger.filter((e) => e.type === 'ReservationSettled');
    expect(settled).toHaveLength(1);
    expect(settled[0]!.data).toMatchObject({ captured: definitive, released: 100 - definitive });
    expect(done.summary.credits_charged).toBe(definitive);
    expect((await app.admin<any>('GET', `/admin/accounts/${accountId}/credits`)).body).toMatchObject({
      balance: 500 - definitive,
      reserved: 0,
    });
    const code = await runAdminCli(
      ['ledger', 'reconcile'],
      { API_URL: app.url, ADMIN_TOKEN: app.config.ADMIN_TOKEN },
      { out: () => undefined, err: () => undefined },
    );
    expect(code).toBe(0);
  },
  240_000,
);
