import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { formatPayloadKeys } from '../../infra/temporal/payload-codec.js';
import { fromRoot } from '../../infra/paths.js';
import { freePort } from './net.js';
import type { TestContext } from './context.js';

export interface ServiceProcess {
  child: ChildProcess;
  url: string;
  output(): string;
  /** SIGKILL: the process dies mid-way, as in a crash. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Runs `bin/<entry>.ts` as a separate process on the same engines as the test context: its PostgreSQL schema,
 * its Redis prefix, its Temporal task queue, its secrets. Needs DATABASE_URL (PGlite is one process's).
 */
export async function spawnService(
  t: TestContext,
  entry: 'api' | 'worker' | 'projector',
  env: Record<string, string> = {},
  args: readonly string[] = [],
  // false: return at once, for a test that acts during start-up (an api is otherwise awaited until /healthz answers).
  { waitReady = true }: { waitReady?: boolean } = {},
): Promise<ServiceProcess> {
  if (!t.databaseUrl) throw new Error('separate processes need DATABASE_URL');
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', `bin/${entry}.ts`, ...args], {
    cwd: fromRoot(),
    env: {
      ...process.env,
      DATABASE_URL: t.databaseUrl,
      TEMPORAL_ADDRESS: inject('temporalAddress'),
      TEMPORAL_TASK_QUEUE: t.config.TEMPORAL_TASK_QUEUE,
      REDIS_KEY_PREFIX: t.config.REDIS_KEY_PREFIX,
      ADMIN_TOKEN: t.config.ADMIN_TOKEN!,
      KEY_PEPPER: t.config.KEY_PEPPER!,
      // Each process has a DATA_DIR of its own: they share the payload and master keys as separate hosts would.
      TEMPORAL_PAYLOAD_KEYS: formatPayloadKeys(t.context.secrets.payloadKeys),
      DATA_MASTER_KEYS: formatPayloadKeys(t.context.secrets.dataMasterKeys),
      WEBHOOK_ALLOWLIST: t.config.WEBHOOK_ALLOWLIST.join(','),
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), `pvs-${entry}-`)),
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  if (entry === 'api' && waitReady) {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`api exited: ${output}`);
      const ok = await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`api did not start: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return {
    child,
    url,
    output: () => output,
    async kill() {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
