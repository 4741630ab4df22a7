// The service's Temporal client (infra/temporal/client.ts) keeps Node's async hooks off: the SDK's call options
// live in an AsyncLocalStorage whose first run would switch them on for the whole process, every promise of every
// request paying for them from then on. The options must still reach the calls.
import { executionAsyncId } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectTemporal, type TemporalClient } from '../../infra/temporal/client.js';

const DEADLINE_EXCEEDED = 4;

/** Only with async hooks on does a promise's reaction run under an async id of its own. */
const asyncHooksOn = () =>
  new Promise<boolean>((resolve) =>
    setTimeout(() => void Promise.resolve().then(() => resolve(executionAsyncId() !== 0)), 0),
  );

describe('the Temporal client', () => {
  let temporal: TemporalClient;
  beforeAll(async () => {
    temporal = await connectTemporal(inject('temporalAddress'), 'default');
  });
  afterAll(async () => {
    await temporal?.close();
  });

  it('leaves async hooks off after connecting and after workflow calls', async () => {
    expect(await asyncHooksOn()).toBe(false);
    // Every workflow call goes through the SDK's namespace header, which runs the storage.
    await expect(temporal.client.workflow.getHandle(`missing-${randomUUID()}`).describe()).rejects.toMatchObject({
      name: 'WorkflowNotFoundError',
    });
    await expect(temporal.client.workflow.getHandle(`missing-${randomUUID()}`).cancel()).rejects.toMatchObject({
      name: 'WorkflowNotFoundError',
    });
    expect(await asyncHooksOn()).toBe(false);
  });

  it('still gives a call its options, nested as the SDK nests them: a deadline already past fails the call', async () => {
    const { connection } = temporal;
    const deadline = Date.now() + 60_000;
    const seen = await connection.withDeadline(deadline, () =>
      connection.withMetadata({ probe: '1' }, async () => connection.callContextStorage.getStore()),
    );
    expect(seen).toMatchObject({ deadline, metadata: { probe: '1' } });
    expect(connection.callContextStorage.getStore()).toBeUndefined();
    await expect(
      connection.withDeadline(Date.now() - 1_000, () =>
        temporal.client.workflow.getHandle(`missing-${randomUUID()}`).describe(),
      ),
    ).rejects.toMatchObject({ cause: { code: DEADLINE_EXCEEDED } });
    expect(await asyncHooksOn()).toBe(false);
  });
});
