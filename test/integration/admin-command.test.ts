// The admin CLI as the command an operator types, `npx pvs-admin …` (package.json's bin): its stdout is the admin
// API's JSON and nothing else, so it pipes into a JSON parser; `--help` is the usage, not an error.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';

const run = promisify(execFile);

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.stop());

/** `npx pvs-admin <argv>` in the repository, the way a shell runs it, with stdout and stderr kept apart. */
async function pvsAdmin(...argv: string[]) {
  const env = { ...process.env, ADMIN_URL: app.url, ADMIN_TOKEN: app.config.ADMIN_TOKEN, NO_COLOR: '1' };
  try {
    const { stdout, stderr } = await run('npx', ['--offline', '--no-install', 'pvs-admin', ...argv], {
      env,
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('npx pvs-admin', () => {
  it('prints only JSON on stdout: ledger reconcile and account create parse whole', async () => {
    const created = await pvsAdmin('account', 'create', '--email', 'pipe@example.com');
    expect(created.code).toBe(0);
    expect((JSON.parse(created.stdout) as { account_id: string }).account_id).toMatch(/^acct_/);

    const reconcile = await pvsAdmin('ledger', 'reconcile');
    expect(reconcile.code).toBe(0);
    const body = JSON.parse(reconcile.stdout) as { rows: { account_id: string; match: boolean }[] };
    expect(body.rows.length).toBeGreaterThan(0);
    // The table is for the eye, on stderr.
    expect(reconcile.stderr).toMatch(/events_balance/);
  }, 120_000);

  it('answers --help and -h with the usage on stdout, exit 0', async () => {
    for (const flag of ['--help', '-h']) {
      const help = await pvsAdmin(flag);
      expect(help.code).toBe(0);
      expect(help.stdout).toMatch(/^usage: npx pvs-admin <command>/);
      expect(help.stdout + help.stderr).not.toMatch(/unknown option/i);
    }
    // A mistake is a usage error on stderr, stdout left empty.
    const wrong = await pvsAdmin('ledger', 'reconcile', '--bogus');
    expect(wrong.code).toBe(2);
    expect(wrong.stdout).toBe('');
    expect(wrong.stderr).toMatch(/usage: npx pvs-admin/);
  }, 120_000);
});
