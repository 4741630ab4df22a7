// `key-expiry-{key_id}` (workflows/key-expiry.ts): a key never used within KEY_UNUSED_EXPIRY_SECONDS is
// deactivated; a used one is not. `afterSeconds` (7 days in the service) is passed short here.
import { CancelledFailure, WorkflowFailedError } from '@temporalio/client';
import { expect, it } from 'vitest';
import { keyExpiryWorkflow } from '../../workflows/key-expiry.js';
import { Outcome } from '../../contracts/search-attributes.js';
import { workflowTestFile } from './env.js';
import type { KeyExpiryOutcome } from '../../contracts/key-expiry.js';

const server = workflowTestFile();

/** The stub of the portal's activity: what a key's usage says, and when it was asked. */
function portal(answer: KeyExpiryOutcome) {
  const calls: { input: unknown; at: number }[] = [];
  return {
    calls,
    activities: {
      async deactivateUnusedKey(input: unknown): Promise<KeyExpiryOutcome> {
        calls.push({ input, at: Date.now() });
        return answer;
      },
    },
  };
}

const start = (taskQueue: string, keyId: string, afterSeconds: number) =>
  server.client.workflow.start(keyExpiryWorkflow, {
    workflowId: `key-expiry-${keyId}`,
    taskQueue,
    args: [{ accountId: 'acct_test', keyId, afterSeconds }],
  });

it('deactivates a key never used once its time is up, not before', async () => {
  const keyId = `key_${crypto.randomUUID()}`;
  const stub = portal('deactivated');
  const { worker, taskQueue } = await server.stubWorker(stub.activities);

  const startedAt = Date.now();
  const handle = await start(taskQueue, keyId, 2);
  const outcome = await worker.runUntil(handle.result());

  expect(outcome).toBe('deactivated');
  expect(stub.calls.map((c) => c.input)).toEqual([{ accountId: 'acct_test', keyId }]);
  expect(stub.calls[0]!.at - startedAt).toBeGreaterThanOrEqual(2000);
  const history = await handle.fetchHistory();
  const timer = history.events?.find((e) => e.timerStartedEventAttributes);
  expect(Number(timer?.timerStartedEventAttributes?.startToFireTimeout?.seconds)).toBe(2);
  expect((await handle.describe()).typedSearchAttributes.get(Outcome)).toBe('deactivated');
});

it('leaves a used key alone: its first use cancels the expiry while it waits', async () => {
  const keyId = `key_${crypto.randomUUID()}`;
  const stub = portal('deactivated');
  const { worker, taskQueue } = await server.stubWorker(stub.activities);

  const handle = await start(taskQueue, keyId, 3600);
  const error = await worker.runUntil(async () => {
    // The timer is running: the key's first use (infra/temporal/portal-workflows.ts, cancelKeyExpiry) cancels it.
    await expect
      .poll(async () => (await handle.fetchHistory()).events?.some((e) => e.timerStartedEventAttributes))
      .toBe(true);
    await handle.cancel();
    return handle.result().catch((e: unknown) => e);
  });

  expect(error).toBeInstanceOf(WorkflowFailedError);
  expect((error as WorkflowFailedError).cause).toBeInstanceOf(CancelledFailure);
  expect((await handle.describe()).status.name).toBe('CANCELLED');
  expect(stub.calls).toEqual([]);
});

it('keeps a key whose use was seen when the time was up (its cancel lost)', async () => {
  const keyId = `key_${crypto.randomUUID()}`;
  const stub = portal('used');
  const { worker, taskQueue } = await server.stubWorker(stub.activities);

  const handle = await start(taskQueue, keyId, 1);
  expect(await worker.runUntil(handle.result())).toBe('used');
  expect(stub.calls).toHaveLength(1);
  expect((await handle.describe()).typedSearchAttributes.get(Outcome)).toBe('used');
});
