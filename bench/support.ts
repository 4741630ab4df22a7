// Shared by the benchmarks: real engines (a Temporal dev server, a PostgreSQL schema of its own), the service's
// processes as children, and autocannon runs that report throughput and tail latency.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { datasetActivities } from '../activities/datasets.js';
import { CATALOGUE_SLUGS } from '../domain/datasets/catalogue.js';
import { datasetMigrations } from '../infra/datasets/migrations.js';
import { createLogger } from '../infra/logger.js';
import { fromRoot } from '../infra/paths.js';
import { migrate } from '../infra/sql/migrate.js';
import { openPostgres } from '../infra/sql/postgres.js';
import { DevConsole } from '../infra/console/terminal.js';
import { ensureTemporalBinary } from '../infra/temporal/binary.js';
import { startDevServer } from '../infra/temporal/dev-server.js';
import { freePort } from '../test/support/net.js';
import { newPayloadKey } from '../infra/temporal/payload-codec.js';

export { freePort };

export interface BenchEngines {
  temporalAddress: string;
  /** PostgreSQL, in a schema of this run's own. */
  databaseUrl: string;
  env: Record<string, string>;
  close(): Promise<void>;
}

/** A Temporal dev server in memory and a fresh schema on DATABASE_URL (default: the local `test` database). */
export async function startEngines(): Promise<BenchEngines> {
  const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);

  const binary = await ensureTemporalBinary(process.env.TEMPORAL_CLI_PATH, (label, state) =>
    new DevConsole(process.stderr).progress(label, state),
  );
  const temporal = await startDevServer({ binary, port: await freePort(), uiPort: null });
  const env = {
    DATABASE_URL: url.toString(),
    TEMPORAL_ADDRESS: temporal.address,
    TEMPORAL_TASK_QUEUE: `bench-${schema}`,
    ADMIN_TOKEN: `bench-admin-${randomBytes(12).toString('hex')}`,
    KEY_PEPPER: `bench-pepper-${randomBytes(12).toString('hex')}`,
    // Shared by every child (each has a DATA_DIR of its own), as separate hosts would share them.
    TEMPORAL_PAYLOAD_KEYS: newPayloadKey('bench'),
    DATA_MASTER_KEYS: newPayloadKey('bench-master'),
    REDIS_KEY_PREFIX: schema,
    LOG_LEVEL: 'warn',
  };
  return {
    temporalAddress: temporal.address,
    databaseUrl: url.toString(),
    env,
    async close() {
      await temporal.stop();
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    },
  };
}

export interface Child {
  process: ChildProcess;
  url: string;
  stop(): Promise<void>;
}

/**
 * The Node.js flags that `npm run <script>` gives its process (those before `--import tsx`), so that a bench
 * runs the service's processes as they are deployed.
 */
export function nodeFlagsOf(npmScript: string): string[] {
  const { scripts } = JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as { scripts: Record<string, string> };
  const words = (scripts[npmScript] ?? '').split(/\s+/);
  return words.slice(1, Math.max(1, words.indexOf('--import')));
}

/**
 * Runs a script (bin/api.ts, bench/…) as a child with the given environment; waits for /healthz when it serves.
 * A service process (bin/NAME.ts) gets the Node.js flags of `npm run NAME`.
 */
export async function spawnChild(
  script: string,
  env: Record<string, string>,
  options: {
    serves?: boolean;
    /** Modules loaded before the script (--import), e.g. bench/unsealed.mjs. */ preload?: string[];
  } = {},
): Promise<Child> {
  const port = await freePort();
  // BENCH_CPU_PROF=dir: every child writes a V8 CPU profile there when it exits (to find where time goes).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const flags = script.startsWith('bin/') ? nodeFlagsOf(path.basename(script, '.ts')) : [];
  const preload = (options.preload ?? []).flatMap((module) => ['--import', `./${module}`]);
  const child = spawn(process.execPath, [...profile, ...flags, '--import', 'tsx', ...preload, script], {
    cwd: fromRoot(),
    env: { ...process.env, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'pvs-bench-')), PORT: String(port), ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  if (options.serves !== false) {
    const deadline = Date.now() + 120_000;
    while (
      !(await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${script} did not start`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return {
    process: child,
    url,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface Load {
  rps: number;
  p99: number;
  /** CPU time the server process spent per request, in µs: steadier than throughput on a noisy machine. */
  cpuPerRequest: number | null;
}

/** User + system CPU seconds of a process so far, from /proc (Linux). */
function cpuSeconds(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/**
 * One autocannon run. It starts a moment after the previous one ended, so that neither that server's last
 * sockets nor the load generator's own clean-up are counted against this one.
 */
export async function load(options: autocannon.Options, server?: { pid?: number }): Promise<Load> {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const before = cpuSeconds(server?.pid);
  const result = await autocannon({ pipelining: 1, ...options });
  const after = cpuSeconds(server?.pid);
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad > 0)
    throw new Error(`${options.url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  const cpuPerRequest = before === null || after === null ? null : ((after - before) * 1e6) / result.requests.total;
  return { rps: result.requests.average, p99: result.latency.p99, cpuPerRequest };
}

/** Brings servers to steady state (their hot paths compiled) before anything is measured: a few seconds each. */
export async function warmUp(
  targets: { url: string; request: Partial<autocannon.Options> }[],
  seconds = 3,
): Promise<void> {
  for (const { url, request } of targets) await autocannon({ url, connections: 10, duration: seconds, ...request });
}

/** Idle core-seconds and elapsed seconds of the whole machine so far, from /proc/stat. */
function machineIdle(): { idle: number; at: number } {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
  // idle and iowait, in clock ticks (USER_HZ, 100 a second on Linux)
  return { idle: (cpu[3]! + cpu[4]!) / 100, at: performance.now() / 1000 };
}

/**
 * Waits until the machine is quiet again (most of its cores idle over two quarter-second windows in a row, at most
 * `maxSeconds`): what one measured segment leaves behind (a projector catching up, the Temporal server's deferred
 * tasks, a vacuum) must not be billed to the next. Answers the seconds it waited.
 */
export async function settle(maxSeconds = 15): Promise<number> {
  const started = performance.now();
  const cores = os.cpus().length;
  let quiet = 0;
  while (quiet < 2 && performance.now() - started < maxSeconds * 1000) {
    const before = machineIdle();
    await new Promise((resolve) => setTimeout(resolve, 250));
    const after = machineIdle();
    quiet = (after.idle - before.idle) / (after.at - before.at) >= cores * 0.8 ? quiet + 1 : 0;
  }
  return (performance.now() - started) / 1000;
}

export const ratio = (a: number, b: number) => (b === 0 ? 0 : a / b);
export const fmt = (n: number, digits = 2) => n.toFixed(digits);

/**
 * An enterprise account whose limits are out of the way (a bench measures the work, not the limiter's
 * refusals), with a key of each mode.
 */
export async function benchAccount(apiUrl: string, adminToken: string): Promise<{ live: string; test: string }> {
  const admin = async (path: string, body?: unknown) => {
    const res = await fetch(apiUrl + path, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as Record<string, string>;
  };
  const { account_id: account } = await admin('/admin/accounts', {
    name: 'bench',
    plan: 'enterprise',
    monthly_credits: 50_000_000,
    requests_per_minute: 100_000_000,
    requests_per_month: 1_000_000_000,
  });
  return {
    live: (await admin(`/admin/accounts/${account}/keys`, { mode: 'live' })).key!,
    test: (await admin(`/admin/accounts/${account}/keys`, { mode: 'test' })).key!,
  };
}

/**
 * A PostgreSQL schema of this run's own on DATABASE_URL (default the local `test` database), dropped by `drop`;
 * `existing`: one a previous run kept (`release` leaves a schema in place).
 */
export async function benchSchema(
  existing?: string,
): Promise<{ name: string; url: string; drop(): Promise<void>; release(): Promise<void> }> {
  const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const schema = existing ?? `bench_${randomBytes(5).toString('hex')}`;
  if (!/^bench_[0-9a-f]{10}$/.test(schema)) throw new Error(`not a bench schema: ${schema}`);
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  if (!existing) await admin.query(`create schema ${schema}`);
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    name: schema,
    url: url.toString(),
    async drop() {
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    },
    release: () => admin.end(),
  };
}

/**
 * CPU time of this process and of the PostgreSQL backends serving connections named `application` (utime + stime
 * from /proc, so PostgreSQL must run on this machine), sampled from `start` until `stop`: on a machine others share,
 * CPU-seconds tell what a run costs whatever the load. A backend that exits between samples loses its last
 * interval (the pool keeps its connections busy while a run lasts).
 */
export async function cpuMeter(databaseUrl: string, application: string, everyMs = 250) {
  const admin = new pg.Client({ connectionString: databaseUrl, application_name: `${application}-meter` });
  await admin.connect();
  const backends = async () =>
    (
      await admin.query<{ pid: number }>('select pid from pg_stat_activity where application_name = $1', [application])
    ).rows.map((r) => r.pid);
  return {
    async start() {
      const node = process.cpuUsage();
      const before = new Map<number, number>();
      for (const pid of await backends()) before.set(pid, cpuSeconds(pid) ?? 0);
      const last = new Map<number, number>();
      let sampling = Promise.resolve();
      const sample = async () => {
        for (const pid of await backends()) {
          const cpu = cpuSeconds(pid);
          if (cpu !== null) last.set(pid, cpu);
        }
      };
      const timer = setInterval(() => {
        sampling = sampling.then(sample).catch(() => undefined);
      }, everyMs);
      return async (): Promise<{ node: number; postgres: number }> => {
        clearInterval(timer);
        await sampling;
        await sample();
        const used = process.cpuUsage(node);
        let postgres = 0;
        for (const [pid, cpu] of last) postgres += cpu - (before.get(pid) ?? 0);
        return { node: (used.user + used.system) / 1e6, postgres };
      };
    },
    close: () => admin.end(),
  };
}

/** Every dataset loaded from its bundled file, as the refresh workflow's activity does (the pages' benches). */
export async function loadBundledDatasets(databaseUrl: string): Promise<void> {
  const sql = await openPostgres({ connectionString: databaseUrl, max: 2 });
  try {
    await migrate(sql, datasetMigrations);
    const activities = datasetActivities({ sql, logger: createLogger('silent', 'bench') });
    for (const slug of CATALOGUE_SLUGS)
      await activities.refreshDataset({ slug, refreshId: `bench-${slug}`, startedAt: new Date().toISOString() });
  } finally {
    await sql.close();
  }
}
