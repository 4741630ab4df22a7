// A signal during start-up (the CI failures of stop 61): a process told to stop while it still connects, sets up the
// datasets' Schedules or has just said it runs stops like any other, exit code 0, instead of dying by the signal
// (no handler installed yet) or on the start-up calls its own shutdown cut off ("Channel has been shut down").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { runsWhere } from '../support/ci.js';
import { spawnService } from '../support/processes.js';

describe.runIf(runsWhere(process.env.DATABASE_URL))('a process signalled while it starts', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
  });

  // 'starting' comes before the process opens its connections; the others once it runs, just before the worker's
  // Schedules and first loads begin.
  it.each([
    ['worker', 'starting'],
    ['worker', 'worker running'],
    ['api', 'starting'],
    ['projector', 'starting'],
  ] as const)(
    '%s: exits 0 when SIGTERM comes right after "%s"',
    async (entry, line) => {
      const child = await spawnService(app, entry, { LOG_LEVEL: 'debug' }, [], { waitReady: false });
      try {
        const deadline = Date.now() + 60_000;
        while (!child.output().includes(`"msg":"${line}"`)) {
          if (child.child.exitCode !== null || Date.now() > deadline)
            throw new Error(`the ${entry} never logged "${line}": ${child.output()}`);
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        const exited = new Promise<number | null>((resolve) => child.child.once('exit', (code) => resolve(code)));
        child.child.kill('SIGTERM');
        const code = await Promise.race([
          exited,
          new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 40_000)),
        ]);
        expect(code, child.output()).toBe(0);
        expect(child.output()).not.toContain('Channel has been shut down');
        expect(child.output()).not.toContain('start-up failed');
      } finally {
        await child.kill();
      }
    },
    120_000,
  );
});
