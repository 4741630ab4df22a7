// Shutdown with a stalled webhook receiver (issue 54): a worker whose callback is held by a receiver that accepts
// the request and never answers stops within its 10 s grace time of SIGTERM (the delivery honours the activity's
// cancellation instead of waiting out its own 15 s deadline), and the job's callback is still owed: it is not
// recorded as an attempt that ended.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithKey, callWithKey, startTestApp, type TestApp } from '../support/app.js';
import { runsWhere } from '../support/ci.js';
import { spawnService } from '../support/processes.js';
import { startReceiver, type Receiver } from '../support/webhook-receiver.js';

/** The worker's shutdownGraceTime (infra/temporal/worker.ts). */
const GRACE_SECONDS = 10;
/** What a stop may take past the grace: the cancellation's way to the activity and the process's exit. */
const SLACK_SECONDS = 2;

describe.runIf(runsWhere(process.env.DATABASE_URL))('a worker stopping while a webhook receiver stalls', () => {
  let app: TestApp;
  let receiver: Receiver;

  beforeAll(async () => {
    // Takes the callback and never answers it.
    receiver = await startReceiver({ host: '127.0.0.1', secrets: [], respond: () => undefined });
    // The API in this process admits the job; the worker is a process of its own, signalled as an orchestrator would.
    app = await startTestApp({ env: { WEBHOOK_ALLOWLIST: `127.0.0.1:${receiver.port}` } });
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
    await receiver?.close();
  });

  it(`exits within the ${GRACE_SECONDS} s grace time of SIGTERM, the callback still owed`, async () => {
    const worker = await spawnService(app, 'worker');
    try {
      const { key } = await accountWithKey(app, { plan: 'pro' });
      const submitted = await callWithKey(app, key, 'POST', '/api/v1/verify/async', {
        policy_number: 'AXK12345678',
        country: 'UK',
        insurance_type: 'motor',
        provider: 'AXA',
        webhook_url: `${receiver.origin}/hooks/stalled`,
      });
      expect(submitted.status).toBe(202);
      const jobId = (submitted.body as { job_id: string }).job_id;
      // The worker's delivery is under way: the receiver holds the request.
      const deadline = Date.now() + 60_000;
      while (receiver.received.length === 0) {
        if (Date.now() > deadline) throw new Error(`the worker never called back: ${worker.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const exited = new Promise<number | null>((resolve) => worker.child.once('exit', (code) => resolve(code)));
      const started = performance.now();
      worker.child.kill('SIGTERM');
      // A hung worker fails the expectations below instead of the test's timeout.
      const code = await Promise.race([
        exited,
        new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 40_000)),
      ]);
      const seconds = (performance.now() - started) / 1000;
      expect(seconds, worker.output()).toBeLessThan(GRACE_SECONDS + SLACK_SECONDS);
      expect(code, worker.output()).toBe(0);

      // The cancelled attempt ended nothing: the job's stream records no attempt, for the next worker to make one.
      const events = await app.context.engines.events.readStream(`job-${jobId}`);
      expect(events.map((event) => event.type)).toContain('JobCompleted');
      expect(events.map((event) => event.type)).not.toContain('WebhookAttempted');
    } finally {
      await worker.kill();
    }
  }, 120_000);
});
