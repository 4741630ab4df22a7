// Usage counting off the request (issue 40 item 2): an API process counts admitted calls in memory and appends
// the counts every FLUSH_MS. A graceful stop appends what is left, so nothing is lost; a kill -9 loses at most the
// calls answered within the last interval. Read from the usage events themselves, not from a read model that
// would also need the projector to have caught up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageStream } from '../../domain/usage/requests.js';
import { FLUSH_MS } from '../../infra/periodic-flush.js';
import { accountWithKey, startTestApp, type TestApp } from '../support/app.js';
import { runsWhere } from '../support/ci.js';
import { spawnService } from '../support/processes.js';

const AXA = { policy_number: 'AXK12345678', country: 'UK', insurance_type: 'motor', provider: 'AXA' };

describe.runIf(runsWhere(process.env.DATABASE_URL))('usage counts across a stop and a crash of the API', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  }, 120_000);
  afterAll(async () => app?.stop());

  const verify = (base: string, key: string) =>
    fetch(`${base}/api/v1/verify`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(AXA),
    }).then((res) => res.status);

  /** The calls the account's usage events count, whichever process appended them. */
  const counted = async (accountId: string) =>
    (await app.context.engines.events.readStream(usageStream(accountId)))
      .filter((event) => event.type === 'RequestsCounted')
      .reduce((sum, event) => sum + (event.data as { count: number }).count, 0);

  it('a graceful stop counts every call; a kill -9 loses at most those of the last flush interval', async () => {
    // A test key: free, so that only the counting is under test.
    const { key, accountId } = await accountWithKey(app, { plan: 'pro', mode: 'test', requestsPerMinute: 10_000 });
    const stopped = await spawnService(app, 'api', { REDIS_URL: '' });
    for (let i = 0; i < 30; i += 1) expect(await verify(stopped.url, key)).toBe(200);
    await stopped.stop();
    expect(await counted(accountId)).toBe(30);

    const killed = await spawnService(app, 'api', { REDIS_URL: '' });
    for (let i = 0; i < 20; i += 1) expect(await verify(killed.url, key)).toBe(200);
    // More than a flush interval (and a flush's own time on a busy machine), with no request to wake it: counted.
    await new Promise((resolve) => setTimeout(resolve, FLUSH_MS + 2000));
    expect(await counted(accountId)).toBe(50);
    for (let i = 0; i < 15; i += 1) expect(await verify(killed.url, key)).toBe(200);
    await killed.kill();
    // What was lost, if anything, is of the 15 answered within the last interval; nothing is counted twice.
    const after = await counted(accountId);
    expect(after).toBeGreaterThanOrEqual(50);
    expect(after).toBeLessThanOrEqual(65);
  }, 120_000);
});
