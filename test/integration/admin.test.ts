import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCli } from '../../api/admin/cli.js';
import { creditsStream } from '../../domain/ledger/ledger.js';
import { startTestApp, type TestApp } from '../support/app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.stop());

/** The CLI as an operator runs it, against the running test service. */
async function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdminCli(
    argv,
    { API_URL: app.url, ADMIN_TOKEN: app.config.ADMIN_TOKEN },
    {
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    },
  );
  const text = out.join('\n');
  return { code, json: text ? (JSON.parse(text) as Record<string, any>) : null, stderr: err.join('\n') };
}

describe('admin CLI and API', () => {
  it('creates an account, issues and revokes keys, grants credits, and shows it all', async () => {
    const created = await cli('account', 'create', '--email', 'ops@example.com', '--name', 'Ops Ltd', '--plan', 'pro');
    expect(created.code).toBe(0);
    const accountId = created.json!.account_id as string;
    expect(accountId).toMatch(/^acct_/);

    const live = await cli('key', 'create', '--account', accountId, '--mode', 'live');
    expect(live.json!.key).toMatch(/^pk_live_/);
    const test = await cli('key', 'create', '--account', accountId, '--mode', 'test', '--scopes', 'verify,jobs');
    expect(test.json!.scopes).toEqual(['verify', 'jobs']);

    expect((await cli('credits', 'grant', '--account', accountId, '--amount', '25')).json).toEqual({
      balance: 525,
      available: 525,
    });
    expect((await cli('credits', 'balance', '--account', accountId)).json).toMatchObject({ balance: 525, reserved: 0 });
    expect((await cli('key', 'revoke', '--key-id', test.json!.key_id)).json).toEqual({
      key_id: test.json!.key_id,
      status: 'revoked',
    });

    const shown = (await cli('account', 'show', '--account', accountId)).json!;
    expect(shown.account).toMatchObject({ account_id: accountId, email: 'ops@example.com', name: 'Ops Ltd' });
    expect(shown.plan).toEqual({
      name: 'pro',
      monthly_credits: 500,
      requests_per_minute: 100,
      requests_per_month: 50000,
    });
    expect(shown.balance).toMatchObject({ balance: 525, reserved: 0, available: 525 });
    expect(shown.keys.map((k: any) => [k.mode, k.status, k.prefix, k.last4])).toEqual([
      ['live', 'active', 'pk_live_', (live.json!.key as string).slice(-4)],
      ['test', 'revoked', 'pk_test_', (test.json!.key as string).slice(-4)],
    ]);
    // The clear key is shown once, at creation, never again.
    expect(JSON.stringify(shown)).not.toContain(live.json!.key);
  });

  it('replays and reconciles the ledger, and exits 1 when the read model disagrees', async () => {
    const accountId = (await cli('account', 'create', '--email', 'audit@example.com')).json!.account_id as string;
    await cli('credits', 'grant', '--account', accountId, '--amount', '5');
    const replay = await cli('ledger', 'replay', '--account', accountId);
    expect(replay.code).toBe(0);
    expect(replay.json!.rows.map((r: any) => [r.type, r.amount, r.balance])).toEqual([
      ['CreditsGranted', 10, 10],
      ['CreditsGranted', 5, 15],
    ]);
    expect(replay.stderr).toContain('CreditsGranted');
    expect((await cli('ledger', 'reconcile')).code).toBe(0);

    await app.context.engines.sql.query('update balances set balance = balance + 1 where account_id = $1', [accountId]);
    const broken = await cli('ledger', 'reconcile');
    expect(broken.code).toBe(1);
    expect(broken.json!.rows.find((r: any) => r.account_id === accountId)).toMatchObject({
      match: false,
      events: { balance: 15 },
      read_model: { balance: 16 },
    });
    expect(broken.stderr).toMatch(/NO/);
    expect((await cli('ledger', 'replay', '--account', accountId)).code).toBe(1);
    await app.context.engines.sql.query('update balances set balance = balance - 1 where account_id = $1', [accountId]);
  });

  it('refuses a wrong admin token, bad input and unknown ids, in the error shape', async () => {
    const res = await fetch(`${app.url}/admin/accounts/x`, { headers: { authorization: 'Bearer wrong-token' } });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: 'unauthorized', code: 401 });
    expect(await app.admin('POST', '/admin/accounts', { email: 'not-an-email' })).toMatchObject({
      status: 400,
      body: { error: 'invalid_request', code: 400 },
    });
    expect(await app.admin('GET', '/admin/accounts/acct_nope')).toMatchObject({
      status: 404,
      body: { error: 'not_found' },
    });
    expect((await cli('key', 'create', '--account', 'acct_x')).code).toBe(2);
    expect((await cli('nonsense')).code).toBe(2);
    expect((await cli('key', 'revoke', '--key-id', 'key_nope')).code).toBe(1);
  });

  it('replays and reconciles a ledger longer than a page, written out a page at a time', async () => {
    const created = await cli('account', 'create', '--email', 'long.history@example.com', '--plan', 'pro');
    const accountId = created.json!.account_id as string;
    await cli('credits', 'grant', '--account', accountId, '--amount', '2500');
    const charges = Array.from({ length: 2_300 }, (_, i) => ({
      type: 'CreditsCharged',
      data: { amount: 1, operation: 'verify', reference: `h${i}` },
    }));
    let last;
    for (let i = 0; i < charges.length; i += 1000)
      last = await app.context.engines.events.append(creditsStream(accountId), charges.slice(i, i + 1000));
    expect(await app.context.readModelsAt(last!.position, 20_000)).toBe(true);
    const replay = await cli('ledger', 'replay', '--account', accountId);
    expect(replay.code).toBe(0);
    const rows = replay.json!.rows as { revision: number; balance: number }[];
    expect(rows.map((r) => r.revision)).toEqual(rows.map((_, i) => i));
    expect(rows.at(-1)!.balance).toBe(3000 - 2_300);
    expect(replay.json!.reconciliation).toMatchObject({ match: true, lag: 0 });
  });
});
