// A signal during start-up (the CI failure of stop 61): a worker told to stop while it still sets up the
// datasets' Schedules and first loads stops like any other, exit code 0, instead of dying on the start-up calls
// its own shutdown cut off ("Channel has been shut down").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { runsWhere } from '../support/ci.js';
import { spawnService } from '../support/processes.js';

describe.runIf(runsWhere(process.env.DATABASE_URL))('a worker signalled while it starts', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
  });

  it('exits 0 when SIGTERM comes while the Schedules are being set up', async () => {
    const worker = await spawnService(app, 'worker', { LOG_LEVEL: 'info' });
    try {
      // 'worker running' is logged just before the Schedules and first loads begin.
      const deadline = Date.now() + 60_000;
      while (!worker.output().includes('worker running')) {
        if (Date.now() > deadline) throw new Error(`the worker never ran: ${worker.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const exited = new Promise<number | null>((resolve) => worker.child.once('exit', (code) => resolve(code)));
      worker.child.kill('SIGTERM');
      const code = await Promise.race([
        exited,
        new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 40_000)),
      ]);
      expect(code, worker.output()).toBe(0);
      expect(worker.output()).not.toContain('Channel has been shut down');
    } finally {
      await worker.kill();
    }
  }, 120_000);
});
