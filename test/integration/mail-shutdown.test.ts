// Shutdown with a stalled mail server (issue 39 item 6): a worker whose portal mail is held by a server that
// accepts the connection and never answers stops within 10 s of SIGTERM, and the mail stays in the outbox, pending,
// for the next worker's attempt.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { runsWhere } from '../support/ci.js';
import { freePort } from '../support/net.js';
import { submitForm } from '../support/portal.js';
import { spawnService } from '../support/processes.js';
import { stalledSmtpServer } from '../support/smtp.js';

describe.runIf(runsWhere(process.env.DATABASE_URL))('a worker stopping while the mail server stalls', () => {
  let app: TestApp;
  let smtp: Awaited<ReturnType<typeof stalledSmtpServer>>;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    smtp = await stalledSmtpServer(port);
    // The API in this process queues the mail; the worker is a process of its own, signalled as an orchestrator would.
    app = await startTestApp();
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
    await smtp?.close();
  });

  it('exits within 10 s of SIGTERM, leaving the mail pending in the outbox', async () => {
    const worker = await spawnService(app, 'worker', { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_RETRY_SECONDS: '1' });
    try {
      const address = `stalled.${Date.now().toString(36)}@example.com`;
      expect((await submitForm(app.url, '/portal', { email: address, key_type: 'test' })).status).toBe(200);
      // The worker's send is under way: connected, waiting for a greeting that never comes.
      const deadline = Date.now() + 60_000;
      while (smtp.connections() === 0) {
        if (Date.now() > deadline) throw new Error(`the worker never connected: ${worker.output()}`);
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
      expect(seconds, worker.output()).toBeLessThan(10);
      expect(code, worker.output()).toBe(0);

      const rows = await app.context.engines.sql.query<{ status: string; address: string | null }>(
        'select status, address from mail_outbox',
      );
      expect(rows).toEqual([{ status: 'pending', address }]);
    } finally {
      await worker.kill();
    }
  }, 120_000);
});
