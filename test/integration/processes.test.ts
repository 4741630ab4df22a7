import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCli } from '../../api/admin/cli.js';
import { creditsStream } from '../../domain/ledger/ledger.js';
import { FLUSH_MS } from '../../infra/periodic-flush.js';
import { accountWithKey, startTestApp, type TestApp } from '../support/app.js';
import { runsWhere } from '../support/ci.js';
import { spawnService, type ServiceProcess } from '../support/processes.js';

// Several processes on one PostgreSQL and one Redis, and processes that die mid-way: the ledger must neither
// overspend nor lose or double a charge. PGlite belongs to one process, so this needs DATABASE_URL.

const AXA = { policy_number: 'AXK12345678', country: 'UK', insurance_type: 'motor', provider: 'AXA' };

describe.runIf(runsWhere(process.env.DATABASE_URL))('separate processes on shared engines', () => {
  let app: TestApp;
  const children: ServiceProcess[] = [];

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await Promise.all(children.map((child) => child.stop()));
    await app?.stop();
  });

  const verify = (base: string, key: string, requestId?: string) =>
    fetch(`${base}/api/v1/verify`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        ...(requestId ? { 'x-request-id': requestId } : {}),
      },
      body: JSON.stringify(AXA),
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as any }));

  const reconcile = () =>
    runAdminCli(
      ['ledger', 'reconcile'],
      { API_URL: app.url, ADMIN_TOKEN: app.config.ADMIN_TOKEN },
      { out: () => undefined, err: () => undefined },
    );

  it('charges exactly 10 of 50 parallel verifications on 10 credits, in one process and across two', async () => {
    const apis = [await spawnService(app, 'api'), await spawnService(app, 'api')];
    children.push(...apis);
    for (const targets of [[app.url], apis.map((a) => a.url)]) {
      const { key, accountId } = await accountWithKey(app, { plan: 'pro', credits: 10 });
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => verify(targets[i % targets.length]!, key)),
      );
      const charged = answers.filter((a) => a.status === 200 && a.body.credits_charged === 1);
      const refused = answers.filter((a) => a.status === 402);
      expect(charged).toHaveLength(10);
      expect(refused).toHaveLength(40);
      expect(
        refused.every((a) => a.body.error === 'insufficient_credits' && a.body.detail === 'Credit balance is 0.'),
      ).toBe(true);
      const credits = await app.admin<any>('GET', `/admin/accounts/${accountId}/credits`);
      expect(credits.body).toMatchObject({ balance: 0, reserved: 0 });
      expect(await reconcile()).toBe(0);
    }
  });

  it.runIf(runsWhere(process.env.REDIS_URL))(
    'shares rate-limit counters between API processes through Redis',
    async () => {
      expect(process.env.REDIS_URL, 'REDIS_URL').toBeTruthy();
      const [a, b] = children;
      const { key } = await accountWithKey(app);
      const statuses: number[] = [];
      for (let i = 0; i < 11; i += 1) statuses.push((await verify((i % 2 ? a : b)!.url, key)).status);
      expect(statuses.slice(0, 10).every((s) => s !== 429)).toBe(true);
      expect(statuses[10]).toBe(429);
    },
  );

  it('loses at most its last flush interval of audit entries when an API process is killed', async () => {
    // The synchronous route's audit entries are written in batches every FLUSH_MS (infra/periodic-flush.ts): the
    // documented bound on what a crash loses is what the process answered in its last interval.
    const api = await spawnService(app, 'api');
    children.push(api);
    const { key, accountId } = await accountWithKey(app, {
      plan: 'enterprise',
      credits: 1_000,
      requestsPerMinute: 1_000_000,
    });
    const audited = async () =>
      Number(
        (
          await app.context.engines.sql.query<{ n: string }>(
            `select count(*)::text as n from call_audit where account_id = $1 and channel = 'sync'`,
            [accountId],
          )
        )[0]!.n,
      );
    for (let i = 0; i < 20; i++) expect((await verify(api.url, key)).status).toBe(200);
    // An interval later (and a flush's own time on a busy machine), with no request to wake it: the 20 are written.
    await new Promise((resolve) => setTimeout(resolve, FLUSH_MS + 2000));
    expect(await audited()).toBe(20);
    for (let i = 0; i < 5; i++) expect((await verify(api.url, key)).status).toBe(200);
    await api.kill();
    // The 5 answered within the last interval may be lost; nothing before it is.
    const after = await audited();
    expect(after).toBeGreaterThanOrEqual(20);
    expect(after).toBeLessThanOrEqual(25);
  });

  it('loses no charge and doubles none when an API process is killed while it charges', async () => {
    const api = await spawnService(app, 'api');
    // A minute's limit above what 16 lanes can send: the request after the restart must not meet a 429.
    const { key, accountId } = await accountWithKey(app, {
      plan: 'enterprise',
      credits: 100_000,
      requestsPerMinute: 1_000_000,
    });
    const answered = new Map<string, number>();
    const failed: string[] = [];
    let stop = false;
    const lane = async () => {
      while (!stop) {
        const id = randomUUID();
        try {
          const res = await verify(api.url, key, id);
          if (res.status === 200) answered.set(id, res.body.credits_charged);
        } catch {
          failed.push(id);
          return;
        }
      }
    };
    const lanes = Array.from({ length: 16 }, lane);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await api.kill();
    stop = true;
    await Promise.all(lanes);
    expect(answered.size).toBeGreaterThan(10);

    // Restart, and let the books settle.
    const again = await spawnService(app, 'api');
    children.push(again);
    const after = randomUUID();
    const res = await verify(again.url, key, after);
    expect(res.status).toBe(200);
    answered.set(after, res.body.credits_charged);
    const charges = (await app.context.engines.events.readStream(creditsStream(accountId))).filter(
      (e) => e.type === 'CreditsCharged',
    );
    // A charge's reference is the service's own request id; the caller's X-Request-Id rides in its metadata.
    const own = charges.map((e) => (e.data as { reference: string }).reference);
    expect(new Set(own).size).toBe(own.length); // nothing doubled
    expect(own.filter((r) => answered.has(r))).toEqual([]); // never the caller's id
    const references = charges.map((e) => e.metadata.request_id as string);
    expect(new Set(references).size).toBe(references.length);
    for (const [id, credits] of answered) {
      expect(references.filter((r) => r === id)).toHaveLength(credits); // every answered charge is in the ledger
    }
    // Whatever else was charged was in flight when the process died (its answer was lost, not its charge).
    const unanswered = references.filter((r) => !answered.has(r));
    expect(unanswered.filter((r) => !failed.includes(r))).toEqual([]);
    const credits = await app.admin<any>('GET', `/admin/accounts/${accountId}/credits`);
    expect(credits.body.balance).toBe(100_000 - charges.length);
    expect(await reconcile()).toBe(0);
  });
});
