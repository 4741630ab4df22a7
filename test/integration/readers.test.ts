// The readers of the read models (projections/readers/, docs/architecture.md#the-read-side) with the projector stopped: what folds is
// answered from the events, what cannot fold (a key, a link, a session: found by hash) is a clear error, never a
// silent answer that forgets the caller's write; and each reader waits for its own projection only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS } from '../../domain/plans.js';
import { ReadModelBehindError } from '../../projections/readers/index.js';
import { startTestApp, type TestApp } from '../support/app.js';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({});
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

describe('a reader while its projection is stopped', () => {
  it('refuses to answer for an account write it has not reached, and answers once it has', async () => {
    const { readers, accounts } = app.context;
    await app.projector.stop();
    let opened;
    try {
      opened = await accounts.open(
        { contact: { name: 'reader' }, plan: 'free', limits: PLANS.free },
        { actor: 'test' },
      );
      await expect(readers.accounts.shows(opened.position)).rejects.toBeInstanceOf(ReadModelBehindError);
    } finally {
      await app.projector.start();
    }
    await expect(readers.accounts.shows(opened.position)).resolves.toBeUndefined();
  }, 60_000);

  it('answers a job of before at once, and an unknown one as none', async () => {
    const owner = { accountId: 'nobody', mode: 'live' };
    expect(await app.context.readers.jobs.get('00000000-0000-4000-8000-000000000000', owner)).toBeNull();
    expect(await app.context.readers.batches.get('00000000-0000-4000-8000-000000000000', owner)).toBeNull();
  });
});
