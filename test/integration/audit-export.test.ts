// Per-call audit entries (issue 22, docs/architecture.md#personal-data): the synchronous route's (buffered, inserted in batches), async
// verifications' and batch items' (from the projector), exported by `npm run admin -- audit export` as CSV with
// no policy number; entries past 90 days are deleted by the retention workflow.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCli } from '../../api/admin/cli.js';
import { AUDIT_CSV_COLUMNS, insertEntries } from '../../application/audit.js';
import { accountWithKey, callWithKey, startTestApp, until, type TestApp } from '../support/app.js';
import { RETENTION_WORKFLOW } from '../../contracts/retention.js';
import { contractClient } from '../../infra/temporal/contract-client.js';

const DAY_MS = 86_400_000;
const AXA = { policy_number: 'AXK12345678', country: 'UK', insurance_type: 'motor', provider: 'AXA' };
// Not in the registry: its batch item ends as an error.
const AXA2 = { ...AXA, policy_number: 'AXK87654321' };
const POLICY_NUMBERS = [AXA.policy_number, AXA2.policy_number];

let app: TestApp;
const call = (key: string, method: string, path: string, body?: unknown) => callWithKey(app, key, method, path, body);

beforeAll(async () => {
  app = await startTestApp({ worker: true });
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

async function cli(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdminCli(
    argv,
    { ADMIN_URL: app.url, ADMIN_TOKEN: app.config.ADMIN_TOKEN },
    {
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    },
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const today = () => new Date().toISOString().slice(0, 10);

describe('audit entries', () => {
  let accountId: string;
  let otherAccount: string;

  beforeAll(async () => {
    const live = await accountWithKey(app, { plan: 'pro' });
    accountId = live.accountId;
    const other = await accountWithKey(app, { plan: 'pro' });
    otherAccount = other.accountId;

    const sync = await call(live.key, 'POST', '/api/v1/verify', AXA);
    expect(sync.status).toBe(200);
    expect((await call(other.key, 'POST', '/api/v1/verify', AXA)).status).toBe(200);

    const job = await call(live.key, 'POST', '/api/v1/verify/async', AXA);
    const batch = await call(live.key, 'POST', '/api/v1/verify/batch', { policies: [AXA, AXA2] });
    expect([job.status, batch.status]).toEqual([202, 202]);
    await until(
      () => call(live.key, 'GET', `/api/v1/jobs/${job.body.job_id}`),
      (r) => r.body.status !== 'pending',
      'the job',
    );
    await until(
      () => call(live.key, 'GET', `/api/v1/batches/${batch.body.batch_id}`),
      (r) => r.body.status === 'complete',
      'the batch',
    );
    // The projector's rows are filled in with the results.
    await until(
      () =>
        app.context.engines.sql.query<{ status: string }>('select status from call_audit where account_id = $1', [
          accountId,
        ]),
      (rows) => rows.length === 4 && rows.every((row) => row.status !== 'pending'),
      'the audit rows',
    );
  }, 180_000);

  it('exports the account entries as CSV: header and rows, and no policy number', async () => {
    const exported = await cli(['audit', 'export', '--account', accountId, '--since', today()]);
    expect(exported.code).toBe(0);
    const [header, ...lines] = exported.out.split('\n');
    expect(header).toBe(AUDIT_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(4);
    const rows = lines.map((line) =>
      Object.fromEntries(line.split(',').map((value, i) => [AUDIT_CSV_COLUMNS[i], value])),
    );
    expect(rows.map((row) => row.channel)).toEqual(['sync', 'async', 'batch', 'batch']);
    expect(rows.map((row) => row.status)).toEqual(['verified', 'verified', 'verified', 'error']);
    for (const row of rows) {
      expect(row).toMatchObject({ mode: 'live', country: 'UK', insurance_type: 'motor' });
      expect(row.key_id).toMatch(/^\S+$/);
      expect(Number.isFinite(Date.parse(row.at!))).toBe(true);
    }
    expect(Number(rows[0]!.confidence)).toBeGreaterThan(0);
    for (const number of POLICY_NUMBERS) expect(exported.out).not.toContain(number);
    expect(exported.out).not.toContain('AXA');
    // Nor anywhere in the table.
    const all = JSON.stringify(await app.context.engines.sql.query('select * from call_audit'));
    for (const number of POLICY_NUMBERS) expect(all).not.toContain(number);
  });

  it('exports only that account and only from the given day', async () => {
    const other = await cli(['audit', 'export', '--account', otherAccount, '--since', today()]);
    expect(other.out.split('\n')).toHaveLength(2);
    const tomorrow = new Date(Date.now() + DAY_MS).toISOString().slice(0, 10);
    expect((await cli(['audit', 'export', '--account', accountId, '--since', tomorrow])).out).toBe(
      AUDIT_CSV_COLUMNS.join(','),
    );
  });

  it('refuses a bad date: the CLI as usage, the API with a 400', async () => {
    expect((await cli(['audit', 'export', '--account', accountId, '--since', 'yesterday'])).code).toBe(2);
    expect((await cli(['audit', 'export', '--account', accountId])).code).toBe(2);
    // Year 0000 is a date to JavaScript, not to PostgreSQL (22008): refused before the query, like 10000.
    for (const since of ['0000-01-01', '10000-01-01'])
      expect((await cli(['audit', 'export', '--account', accountId, '--since', since])).code).toBe(2);
    for (const since of ['2026-02-30', '0000-01-01', '0000-12-31', '10000-01-01']) {
      const res = await fetch(`${app.url}/admin/accounts/${accountId}/audit?since=${since}`, {
        headers: { authorization: `Bearer ${app.config.ADMIN_TOKEN}` },
      });
      expect(res.status, since).toBe(400);
      expect(res.headers.get('content-type'), since).toMatch(/^application\/json/);
      expect(await res.json()).toMatchObject({
        error: 'invalid_parameter',
        code: 400,
        message: 'since must be a date, YYYY-MM-DD, from 0001-01-01 to 9999-12-31.',
      });
    }
  });

  it('deletes entries older than 90 days when retention runs', async () => {
    const now = new Date();
    const entry = {
      accountId,
      keyId: 'key_old',
      mode: 'live',
      country: 'DE',
      insuranceType: 'health',
      status: 'verified',
      confidence: 0.9,
    };
    await insertEntries(app.context.engines.sql, [
      { ...entry, at: now.getTime() - 91 * DAY_MS },
      { ...entry, at: now.getTime() - 89 * DAY_MS },
    ]);
    const workflows = contractClient(app.context.temporal!.client, app.config.TEMPORAL_TASK_QUEUE, {
      idScope: `audit-${randomUUID()}-`,
    });
    const report = await workflows.execute(RETENTION_WORKFLOW, { now: now.toISOString() });
    expect(report.audit_entries_deleted).toBe(1);
    const left = await app.context.engines.sql.query<{ at: Date }>(
      `select at from call_audit where key_id = 'key_old'`,
    );
    // The one of 89 days, to the millisecond (entries travel to the insert as milliseconds since the epoch).
    expect(left.map((row) => row.at.getTime())).toEqual([now.getTime() - 89 * DAY_MS]);
    const since = new Date(now.getTime() - 100 * DAY_MS).toISOString().slice(0, 10);
    expect((await cli(['audit', 'export', '--account', accountId, '--since', since])).out.split('\n')).toHaveLength(6);
  });
});
