// The fault suite's stack: the service as separate processes (API, worker, projector) on the machine's
// PostgreSQL and Redis, each of which a test may kill with SIGKILL and start again; and the checks every case ends
// with: every job and batch finished, `ledger reconcile` exits 0, nothing charged twice.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import { runAdminCli } from '../../api/admin/cli.js';
import { creditsStream } from '../../domain/ledger/ledger.js';
import { openTestContext, type TestContext } from '../support/context.js';
import { spawnService, type ServiceProcess } from '../support/processes.js';

export const run = promisify(execFile);
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Role = 'api' | 'worker' | 'projector';

export interface Stack {
  t: TestContext;
  procs: Record<Role, ServiceProcess>;
  /** The ids of the documents in the store now (the documents table every process reaches). */
  blobs(): Promise<string[]>;
  readonly url: string;
  restart(role: Role, how: 'kill' | 'stop'): Promise<void>;
  /** Starts again each process that exited, as the deployment's restart policy (compose: unless-stopped) does. */
  revive(): Promise<Role[]>;
  admin<T = any>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }>;
  call(
    key: string,
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: any; headers: Headers }>;
  account(credits: number): Promise<{ accountId: string; key: string }>;
  stop(): Promise<void>;
}

export async function startStack(env: Record<string, string> = {}): Promise<Stack> {
  const t = await openTestContext();
  const spawn = (role: Role) => spawnService(t, role, env);
  const procs = { projector: await spawn('projector'), worker: await spawn('worker'), api: await spawn('api') };
  const stack: Stack = {
    t,
    procs,
    blobs: async () =>
      (await t.context.engines.sql.query<{ blob_id: string }>('select blob_id from documents order by blob_id')).map(
        (row) => row.blob_id,
      ),
    get url() {
      return procs.api.url;
    },
    async restart(role, how) {
      await procs[role][how]();
      procs[role] = await spawn(role);
    },
    async revive() {
      const exited = (Object.keys(procs) as Role[]).filter((role) => procs[role].child.exitCode !== null);
      for (const role of exited) procs[role] = await spawn(role);
      return exited;
    },
    async admin(method, path, body) {
      const res = await fetch(stack.url + path, {
        method,
        headers: { authorization: `Bearer ${t.config.ADMIN_TOKEN}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, body: await res.json() };
    },
    async call(key, method, path, body, headers = {}) {
      const res = await fetch(stack.url + path, {
        method,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON: kept as text for the assertion message
      }
      return { status: res.status, body: parsed, headers: res.headers };
    },
    async account(credits) {
      const account = await stack.admin('POST', '/admin/accounts', {
        email: `fault-${Math.random().toString(36).slice(2)}@example.com`,
        plan: 'enterprise',
        monthly_credits: credits,
        requests_per_minute: 1_000_000,
      });
      expect(account.status).toBe(201);
      const key = await stack.admin('POST', `/admin/accounts/${account.body.account_id}/keys`, { mode: 'live' });
      expect(key.status).toBe(201);
      return { accountId: account.body.account_id as string, key: key.body.key as string };
    },
    async stop() {
      await Promise.all(Object.values(procs).map((p) => p.stop()));
      await t.close();
    },
  };
  return stack;
}

/** Retries `attempt` until it returns something (not undefined), for at most `ms`. */
export async function eventually<T>(what: string, ms: number, attempt: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + ms;
  let last: unknown;
  for (;;) {
    try {
      const value = await attempt();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms${last ? ` (${String(last)})` : ''}`);
    await sleep(500);
  }
}

/** A batch of `size` live policies; `slow` of them wait out the sample registry's timeout, so it stays in flight. */
export function batchOf(size: number, slow: number) {
  return Array.from({ length: size }, (_, i) =>
    i >= size - slow
      ? { policy_number: 'OUT10000001', country: 'UK', insurance_type: 'motor' }
      : i % 2 === 1
        ? { policy_number: 'EXP10000001', country: 'UK', insurance_type: 'motor' }
        : { policy_number: 'AXK12345678', country: 'UK', insurance_type: 'motor', provider: 'AXA' },
  );
}

export const AXA = { policy_number: 'AXK12345678', country: 'UK', insurance_type: 'motor', provider: 'AXA' };

/** Waits until a batch is complete and checks its items: each of them once. */
export async function batchCompletes(stack: Stack, key: string, batchId: string, total: number, ms = 180_000) {
  const done = await eventually(`batch ${batchId} complete`, ms, async () => {
    const res = await stack.call(key, 'GET', `/api/v1/batches/${batchId}`);
    return res.status === 200 && res.body.status === 'complete' ? res.body : undefined;
  });
  expect(done.results.map((r: { index: number }) => r.index)).toEqual(Array.from({ length: total }, (_, i) => i));
  return done;
}

/** Waits until a job is complete or failed; a failed one carries a clear error. */
export async function jobEnds(stack: Stack, key: string, jobId: string, ms = 180_000) {
  const job = await eventually(`job ${jobId} finished`, ms, async () => {
    const res = await stack.call(key, 'GET', `/api/v1/jobs/${jobId}`);
    return res.status === 200 && res.body.status !== 'pending' ? res.body : undefined;
  });
  if (job.status === 'failed')
    expect(job.error).toMatchObject({
      error: expect.any(String),
      message: expect.any(String),
      code: expect.any(Number),
    });
  else expect(job.status).toBe('complete');
  return job;
}

/**
 * The books after a fault: nothing charged, reserved or settled twice, nothing left reserved, the balance what the
 * ledger's events say, and `ledger reconcile` exits 0.
 */
export async function booksBalance(stack: Stack, accountId: string): Promise<void> {
  const events = await eventually('ledger settled', 60_000, async () => {
    const all = await stack.t.context.engines.events.readStream(creditsStream(accountId));
    const reserved = all.filter((e) => e.type === 'CreditsReserved').length;
    const settled = all.filter((e) => e.type === 'ReservationSettled').length;
    return reserved === settled ? all : undefined;
  });
  const field = (type: string, name: string) =>
    events.filter((e) => e.type === type).map((e) => (e.data as Record<string, string>)[name]);
  for (const [type, name] of [
    ['CreditsCharged', 'reference'],
    ['CreditsReserved', 'reservation_id'],
    ['ReservationSettled', 'reservation_id'],
  ] as const) {
    const ids = field(type, name);
    expect(new Set(ids).size, `${type} twice for one ${name}`).toBe(ids.length);
  }
  const credits = await eventually('balances read model caught up', 60_000, async () => {
    const res = await stack.admin('GET', `/admin/accounts/${accountId}/credits`);
    return res.status === 200 && res.body.reserved === 0 ? res.body : undefined;
  });
  expect(credits.reserved).toBe(0);
  const code = await eventually('ledger reconcile exits 0', 60_000, async () => {
    const exit = await runAdminCli(
      ['ledger', 'reconcile'],
      { API_URL: stack.url, ADMIN_TOKEN: stack.t.config.ADMIN_TOKEN! },
      { out: () => undefined, err: () => undefined },
    );
    return exit === 0 ? exit : undefined;
  });
  expect(code).toBe(0);
}
