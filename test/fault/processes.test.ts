// kill -9 of the API, of the worker and of the projector while a batch of 100 and 50 sync charges are in
// flight: the batch completes with each item once, every answered charge is in the ledger once, and the books
// reconcile.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditsStream } from '../../domain/ledger/ledger.js';
import { AXA, batchCompletes, batchOf, booksBalance, sleep, startStack, type Stack } from './support.js';
import { runsWhere } from '../support/ci.js';

describe.runIf(runsWhere(process.env.DATABASE_URL))('kill -9 under load', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it.each(['worker', 'projector', 'api'] as const)('the %s killed mid-batch and mid-charges', async (role) => {
    const { key, accountId } = await stack.account(1000);
    const submitted = await stack.call(
      key,
      'POST',
      '/api/v1/verify/batch',
      { policies: batchOf(100, 10) },
      { 'idempotency-key': `batch-${role}` },
    );
    expect(submitted.status).toBe(202);
    const batchId = submitted.body.batch_id as string;

    // 50 sync charges, sent while the process dies; some are cut off (the API's death), none may be doubled.
    const answered = new Map<string, number>();
    const charges = Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        await sleep(i * 20);
        const id = randomUUID();
        const res = await stack.call(key, 'POST', '/api/v1/verify', AXA, { 'x-request-id': id }).catch(() => null);
        if (res?.status === 200) answered.set(id, res.body.credits_charged);
      }),
    );
    await sleep(300);
    await stack.restart(role, 'kill');
    await charges;

    // A growing batch shows processing while it runs (unless it was quicker than the poll).
    const seen = await stack.call(key, 'GET', `/api/v1/batches/${batchId}`);
    expect(seen.status).toBe(200);
    expect(['pending', 'processing', 'complete']).toContain(seen.body.status);
    if (seen.body.status === 'processing') expect(seen.body.completed_count).toBeGreaterThan(0);

    const done = await batchCompletes(stack, key, batchId, 100);
    const items = (await stack.t.context.engines.events.readStream(`batch-${batchId}`)).filter(
      (e) => e.type === 'BatchItemCompleted',
    );
    expect(items).toHaveLength(100);
    // A replay of the finished batch answers where it is now.
    const replay = await stack.call(
      key,
      'POST',
      '/api/v1/verify/batch',
      { policies: batchOf(100, 10) },
      { 'idempotency-key': `batch-${role}` },
    );
    expect(replay).toMatchObject({ status: 200, body: { batch_id: batchId, status: 'complete' } });

    await booksBalance(stack, accountId);
    const ledger = await stack.t.context.engines.events.readStream(creditsStream(accountId));
    const references = ledger.filter((e) => e.type === 'CreditsCharged').map((e) => e.metadata.request_id as string);
    for (const [id, credits] of answered) expect(references.filter((r) => r === id)).toHaveLength(credits);
    const settled = ledger.filter((e) => e.type === 'ReservationSettled').map((e) => e.data as { captured: number });
    expect(settled).toHaveLength(1);
    expect(settled[0]!.captured).toBe(done.summary.credits_charged);
  });
});
