// docs/architecture.md#the-read-side on the whole service (issue 38, acceptance): one read model that throws on a chosen event parks it,
// the others stay current and their waits answer, /readyz and /metrics say which one is behind, and the admin
// CLI replays the event once the fault is gone, with nothing applied twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCli } from '../../api/admin/cli.js';
import { creditsStream, type LedgerEvent } from '../../domain/ledger/ledger.js';
import type { Projection } from '../../projections/projection.js';
import { accountWithKey, startTestApp, until, type TestApp } from '../support/app.js';

/** Every event of the chosen accounts' ledgers throws while they are poisoned. */
const poisoned = new Set<string>();

/** A read model of the ledger's events: how often each was applied. */
const mirror: Projection<LedgerEvent> = {
  name: 'test_ledger_mirror',
  migrations: [
    {
      id: 'test-ledger-mirror-001',
      sql: 'create table test_ledger_mirror (event_id text primary key, account_id text not null, applied int not null)',
    },
  ],
  tables: ['test_ledger_mirror'],
  streams: [creditsStream],
  async forget(tx, accountId) {
    await tx.query('delete from test_ledger_mirror where account_id = $1', [accountId]);
  },
  async apply(tx, event, accountId) {
    if (poisoned.has(accountId)) throw new Error('the mirror cannot take this account');
    await tx.query(
      `insert into test_ledger_mirror (event_id, account_id, applied) values ($1, $2, 1)
       on conflict (event_id) do update set applied = test_ledger_mirror.applied + 1`,
      [event.id, accountId],
    );
  },
};

describe('one read model failing on an event', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ projections: [mirror] });
  });
  afterAll(async () => app?.stop());

  const cli = async (...argv: string[]) => {
    const out: string[] = [];
    const code = await runAdminCli(
      argv,
      { ADMIN_URL: app.url, ADMIN_TOKEN: app.config.ADMIN_TOKEN },
      { out: (line) => out.push(line), err: () => undefined },
    );
    return { code, body: JSON.parse(out.join('\n')) as Record<string, any> };
  };
  const mirrored = async (accountId: string) =>
    app.context.engines.sql.query<{ event_id: string; applied: number }>(
      'select event_id, applied from test_ledger_mirror where account_id = $1',
      [accountId],
    );
  const readiness = async () =>
    (await (await fetch(`${app.url}/readyz`)).json()) as {
      status: string;
      checks: Record<string, string>;
      degraded?: Record<string, string>;
    };

  it('parks it, keeps the others current, reports it, and replays it once when the fault is gone', async () => {
    const sick = await accountWithKey(app, { plan: 'pro' });
    poisoned.add(sick.accountId);
    const granted = await app.admin<{ balance: number }>('POST', `/admin/accounts/${sick.accountId}/credits`, {
      amount: 25,
    });
    expect(granted.status).toBe(200);
    const healthy = await accountWithKey(app, { plan: 'pro' });

    // The sick account's events are parked by the mirror alone; the balances and the healthy account go on.
    const parked = await until(
      () => cli('projections', 'parked', '--projection', 'test_ledger_mirror'),
      (r) => r.body.parked.length >= 1,
      'parked events',
      20_000,
    );
    expect(parked.body.parked).toMatchObject([
      { stream: creditsStream(sick.accountId), type: 'CreditsGranted', stopped: false },
    ]);
    const [last] = await app.context.engines.events.readStream(creditsStream(healthy.accountId), { fromRevision: 0 });
    expect(await app.context.readModelsAt(last!.position, 10_000)).toBe(true);
    expect(await mirrored(healthy.accountId)).not.toEqual([]);
    expect(
      (await app.admin<{ balance: number }>('GET', `/admin/accounts/${sick.accountId}/credits`)).body.balance,
    ).toBeGreaterThanOrEqual(25);

    // Readiness says which read model is behind without counting it as down (this app runs no worker and loads no
    // datasets, so the other checks are not its business here), and the metric counts the parked events.
    expect(await readiness()).toMatchObject({
      checks: { read_models: 'degraded' },
      degraded: { test_ledger_mirror: 'degraded' },
    });
    const metrics = await (
      await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${app.config.ADMIN_TOKEN}` } })
    ).text();
    expect(metrics).toMatch(/pvs_projection_parked_events_total\{projection="test_ledger_mirror"\} [1-9]/);
    const listed = await cli('projections', 'list');
    expect(listed.code).toBe(1);
    expect(listed.body.projections.find((p: { name: string }) => p.name === 'test_ledger_mirror')).toMatchObject({
      status: 'degraded',
      parked: parked.body.parked.length,
    });

    // Fixed, replayed: each parked event applied exactly once, however often the replay is asked.
    poisoned.delete(sick.accountId);
    const replayed = await cli('projections', 'replay', '--projection', 'test_ledger_mirror');
    expect(replayed).toMatchObject({ code: 0, body: { failed: [] } });
    expect(replayed.body.replayed).toHaveLength(parked.body.parked.length);
    expect((await cli('projections', 'replay', '--projection', 'test_ledger_mirror')).body.replayed).toEqual([]);
    const rows = await mirrored(sick.accountId);
    expect(rows.map((row) => row.event_id)).toContain(parked.body.parked[0].event_id);
    expect(rows.every((row) => row.applied === 1)).toBe(true);
    expect(await readiness()).toMatchObject({ checks: { read_models: 'ok' } });
    expect((await readiness()).degraded).toBeUndefined();
    expect((await cli('projections', 'list')).code).toBe(0);
  });
});
