import { WorkflowFailedError } from '@temporalio/client';
import { CancelledFailure } from '@temporalio/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyExpiryWorkflowId } from '../../contracts/key-expiry.js';
import { cancelKeyExpiry, startKeyExpiry } from '../../infra/temporal/portal-workflows.js';
import { everUsed } from '../../projections/usage.js';
import { AccountId, KeyMode } from '../../contracts/search-attributes.js';
import { accountWithKey, startTestApp, type TestApp } from '../support/app.js';

// The unused-key expiry (docs/architecture.md#portal-and-admin) on the real Temporal dev server: the timer, its cancel by a first use, and
// the safety net for a cancel that never came.

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ worker: true });
});

afterAll(async () => {
  await app?.stop();
});

const client = () => app.context.temporal!.client;
const handle = (keyId: string) => client().workflow.getHandle(keyExpiryWorkflowId(keyId));

async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const sandboxCall = async (key: string) => {
  const res = await fetch(`${app.url}/api/v1/verify`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ policy_number: 'AXK12345678', country: 'UK', insurance_type: 'motor', provider: 'AXA' }),
  });
  return { status: res.status, body: (await res.json()) as { error?: string } };
};

const keyStatus = async (accountId: string, keyId: string) => {
  const shown = await app.admin<{ keys: { key_id: string; status: string }[] }>('GET', `/admin/accounts/${accountId}`);
  return shown.body.keys.find((k) => k.key_id === keyId)?.status;
};

describe('unused key expiry', () => {
  it('deactivates a key never used before its timer: 401 invalid_api_key, listed deactivated, workflow completed', async () => {
    const { accountId, key, keyId } = await accountWithKey(app, { mode: 'test' });
    const input = { accountId, keyId, afterSeconds: 2, mode: 'test' as const };
    await startKeyExpiry(client(), app.config.TEMPORAL_TASK_QUEUE, input);
    await startKeyExpiry(client(), app.config.TEMPORAL_TASK_QUEUE, input); // a second start joins the first
    const described = await handle(keyId).describe();
    expect(described.status.name).toBe('RUNNING');
    expect(described.typedSearchAttributes.get(AccountId)).toBe(accountId);
    expect(described.typedSearchAttributes.get(KeyMode)).toBe('test');
    expect(await keyStatus(accountId, keyId)).toBe('active');

    expect(await handle(keyId).result()).toBe('deactivated');
    expect((await handle(keyId).describe()).status.name).toBe('COMPLETED');
    const refused = await until(
      () => sandboxCall(key),
      (r) => r.status === 401,
    );
    expect(refused).toMatchObject({ status: 401, body: { error: 'invalid_api_key' } });
    expect(await keyStatus(accountId, keyId)).toBe('deactivated');

    // A key has one expiry ever: starting it again after it ended runs nothing new; cancelling it is no error.
    await startKeyExpiry(client(), app.config.TEMPORAL_TASK_QUEUE, input);
    expect((await handle(keyId).describe()).runId).toBe(described.runId);
    await expect(cancelKeyExpiry(client(), keyId)).resolves.toBeUndefined();
  });

  it('keeps a key used before its timer: the first use cancels the expiry, which shows as cancelled', async () => {
    const { accountId, key, keyId } = await accountWithKey(app, { mode: 'test' });
    await startKeyExpiry(client(), app.config.TEMPORAL_TASK_QUEUE, { accountId, keyId, afterSeconds: 3, mode: 'test' });
    expect((await sandboxCall(key)).status).toBe(200);
    await cancelKeyExpiry(client(), keyId); // as the usage recorder's first-use hook does
    await cancelKeyExpiry(client(), keyId); // a second cancel (two API processes) is no error

    const ended = await handle(keyId)
      .result()
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(ended).toBeInstanceOf(WorkflowFailedError);
    expect((ended as WorkflowFailedError).cause).toBeInstanceOf(CancelledFailure);
    expect((await handle(keyId).describe()).status.name).toBe('CANCELLED');

    await new Promise((resolve) => setTimeout(resolve, 3500)); // past where the timer would have fired
    expect(await keyStatus(accountId, keyId)).toBe('active');
    expect((await sandboxCall(key)).status).toBe(200);
  });

  it('does not deactivate a used key whose cancel was missed: the timer fires and finds the usage', async () => {
    const { accountId, key, keyId } = await accountWithKey(app, { mode: 'test' });
    expect((await sandboxCall(key)).status).toBe(200);
    // The admin view flushes the usage counts and waits for the read models: the use is recorded.
    expect(await keyStatus(accountId, keyId)).toBe('active');
    expect(await everUsed(app.context.engines.sql, keyId)).toBe(true);
    // Started after the use, so no first-use cancel can reach it: only the safety net stands in the way.
    await startKeyExpiry(client(), app.config.TEMPORAL_TASK_QUEUE, { accountId, keyId, afterSeconds: 1 });

    expect(await handle(keyId).result()).toBe('used');
    expect((await handle(keyId).describe()).status.name).toBe('COMPLETED');
    expect(await keyStatus(accountId, keyId)).toBe('active');
    expect((await sandboxCall(key)).status).toBe(200);
  });

  it('treats cancelling the expiry of a key that never had one as no error', async () => {
    await expect(cancelKeyExpiry(client(), `key_never_${Date.now()}`)).resolves.toBeUndefined();
  });
});
