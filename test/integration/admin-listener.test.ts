import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runAdminCli } from '../../api/admin/cli.js';
import { startApi, startProjector, type Running } from '../../bin/service.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { openTestContext, type TestContext } from '../support/context.js';
import { notThePublicApi } from '../support/openapi-recorder.js';

const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

/** The CLI as an operator runs it: only DATA_DIR and the token, no URL. */
async function cli(dataDir: string, token: string, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdminCli(
    argv,
    { DATA_DIR: dataDir, ADMIN_TOKEN: token },
    { out: (l) => out.push(l), err: (l) => err.push(l) },
  );
  return {
    code,
    json: out.length ? (JSON.parse(out.join('\n')) as Record<string, any>) : null,
    stderr: err.join('\n'),
  };
}

describe('ADMIN_LISTEN set', () => {
  let t: TestContext;
  let api: Running & { url: string; adminUrl: string };

  it('serves the admin API and /metrics on their own listener, neither on the public one', async () => {
    t = await openTestContext({ env: { ADMIN_LISTEN: '127.0.0.1:0' } });
    const projector = await startProjector(t.context);
    api = await startApi(t.context, 0);
    cleanup.push(async () => {
      await api.stop();
      await projector.stop();
      await t.close();
    });
    expect(api.adminUrl).not.toBe(api.url);
    const auth = { authorization: `Bearer ${t.config.ADMIN_TOKEN}` };

    expect((await fetch(`${api.url}/admin/ledger/reconcile`, { headers: auth })).status).toBe(404);
    expect((await fetch(`${api.url}/metrics`)).status).toBe(404);
    expect((await fetch(`${api.url}/healthz`)).status).toBe(200);

    expect((await fetch(`${api.adminUrl}/admin/ledger/reconcile`, { headers: auth })).status).toBe(200);
    const metrics = await fetch(`${api.adminUrl}/metrics`);
    expect(metrics.status).toBe(200);
    // The public listener's request histogram, not a separate one of the admin listener.
    expect(await metrics.text()).toMatch(/http_request_duration_seconds_count\{[^}]*route="\/healthz"/);
    notThePublicApi.add(new URL(api.adminUrl).origin);
    expect((await fetch(`${api.adminUrl}/api/v1/datasets`)).status).toBe(404);
  });

  it('lets the CLI find it through DATA_DIR/admin-url, and prints snake_case JSON', async () => {
    expect(readFileSync(path.join(t.config.DATA_DIR, 'admin-url'), 'utf8').trim()).toBe(api.adminUrl);
    const token = t.config.ADMIN_TOKEN!;
    const created = await cli(t.config.DATA_DIR, token, 'account', 'create', '--email', 'ops@example.com');
    expect(created.code).toBe(0);
    const accountId = created.json!.account_id as string;
    const plan = await cli(
      t.config.DATA_DIR,
      token,
      'account',
      'plan',
      '--account',
      accountId,
      '--plan',
      'pro',
      '--requests-per-minute',
      '7',
    );
    expect(plan.code).toBe(0);
    expect(plan.json).toEqual({
      account_id: accountId,
      plan: 'pro',
      limits: { monthly_credits: 500, requests_per_minute: 7, requests_per_month: 50000 },
    });
    // Every key the CLI prints, for every command, is snake_case.
    const outputs = [
      created.json,
      plan.json,
      (await cli(t.config.DATA_DIR, token, 'account', 'show', '--account', accountId)).json,
      (await cli(t.config.DATA_DIR, token, 'key', 'create', '--account', accountId, '--mode', 'test')).json,
      (await cli(t.config.DATA_DIR, token, 'credits', 'grant', '--account', accountId, '--amount', '3')).json,
      (await cli(t.config.DATA_DIR, token, 'credits', 'balance', '--account', accountId)).json,
      (await cli(t.config.DATA_DIR, token, 'ledger', 'replay', '--account', accountId)).json,
      (await cli(t.config.DATA_DIR, token, 'ledger', 'reconcile')).json,
      (await cli(t.config.DATA_DIR, token, 'webhook-secret', '--account', accountId)).json,
    ];
    const keys: string[] = [];
    const walk = (value: unknown) => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object') {
        for (const [key, item] of Object.entries(value)) {
          keys.push(key);
          walk(item);
        }
      }
    };
    outputs.forEach(walk);
    expect(keys.filter((key) => !/^[a-z0-9]+(_[a-z0-9]+)*$/.test(key))).toEqual([]);
  });

  it('answers 429 in the error shape after 10 failed admin-token attempts from one client until its next slot, even to the right token', async () => {
    for (let i = 0; i < 10; i += 1) {
      const res = await fetch(`${api.adminUrl}/admin/ledger/reconcile`, {
        headers: { authorization: `Bearer guess-${i}` },
      });
      expect(res.status).toBe(401);
    }
    const refused = await fetch(`${api.adminUrl}/admin/ledger/reconcile`, {
      headers: { authorization: 'Bearer guess-11' },
    });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(2);
    expect(await refused.json()).toEqual({
      error: 'rate_limit_exceeded',
      message: expect.stringContaining('admin-token'),
      code: 429,
      retry_after: retryAfter,
    });
    const right = () =>
      fetch(`${api.adminUrl}/admin/ledger/reconcile`, { headers: { authorization: `Bearer ${t.config.ADMIN_TOKEN}` } });
    expect((await right()).status).toBe(429);
    // Slowed, not shut out: at its slot the right token passes.
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000 + 100));
    expect((await right()).status).toBe(200);
  });
});

describe('ADMIN_LISTEN unset', () => {
  let app: TestApp;
  it('keeps the admin API and /metrics on the API listener, both behind the admin token, and points the CLI there', async () => {
    app = await startTestApp();
    cleanup.push(() => app.stop());
    // The metrics are the operator's: a visitor of the public port reads none of them.
    const anonymous = await fetch(`${app.url}/metrics`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: 'unauthorized', code: 401 });
    expect((await fetch(`${app.url}/metrics`, { headers: { authorization: 'Bearer not-the-token' } })).status).toBe(
      401,
    );
    const scraped = await fetch(`${app.url}/metrics`, {
      headers: { authorization: `Bearer ${app.config.ADMIN_TOKEN}` },
    });
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toContain('pvs_mail_outbox');
    expect(readFileSync(path.join(app.config.DATA_DIR, 'admin-url'), 'utf8').trim()).toBe(app.url);
    const created = await cli(
      app.config.DATA_DIR,
      app.config.ADMIN_TOKEN!,
      'account',
      'create',
      '--email',
      'ops2@example.com',
    );
    expect(created.code).toBe(0);
    expect(created.json!.account_id).toMatch(/^acct_/);
  });
});
