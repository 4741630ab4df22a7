// `npm run dev` as a person starts it: on a pseudo-terminal (util-linux `script`) and piped. On the terminal the
// console shows no JSON and no line twice (long steps update one line in place), Ctrl-C ends it without a JSON
// line; piped, log lines are JSON and the steps never repeat a line. A customer's receiver that answers 500 gives
// one short line per attempt, with the job, the status and the next try: no stack, no task token.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCli } from '../../api/admin/cli.js';
import { freePort } from '../support/net.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
// eslint-disable-next-line no-control-regex -- the terminal's escape sequences are what it strips
const ANSI = /\u001b\[[0-9;?]*[A-Za-z]/g;

let receiver: Server;
let receiverPort: number;
let attempts = 0;
beforeAll(async () => {
  receiverPort = await freePort();
  receiver = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      attempts += 1;
      response.writeHead(500).end('down for maintenance');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(receiverPort, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

interface Dev {
  child: ChildProcessWithoutNullStreams;
  output(): string;
  port: number;
  dataDir: string;
  exited: Promise<string>;
}

async function startDev(terminal: boolean): Promise<Dev> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pvs-dev-console-'));
  const [port, temporalPort, uiPort] = [await freePort(), await freePort(), await freePort()];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    TEMPORAL_DEV_PORT: String(temporalPort),
    TEMPORAL_UI_PORT: String(uiPort),
    WEBHOOK_ALLOWLIST: `127.0.0.1:${receiverPort}`,
    WEBHOOK_RETRY_SECONDS: '1',
    LOG_FORMAT: 'auto',
    COLUMNS: '160',
  };
  // Embedded engines, as on a fresh machine: no shared database, Redis or Temporal of the test run.
  for (const name of [
    'DATABASE_URL',
    'REDIS_URL',
    'EVENTSTORE_URL',
    'TEMPORAL_ADDRESS',
    'LOG_LEVEL',
    'NODE_OPTIONS',
    'NODE_ENV',
    'VITEST',
  ])
    delete env[name];
  const child = terminal
    ? spawn('script', ['-q', '-e', '-c', 'stty cols 160; npm run dev', '/dev/null'], { cwd: ROOT, env, detached: true })
    : spawn('npm', ['run', 'dev'], { cwd: ROOT, env, detached: true });
  let text = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  // How it ended: `exit 0`, or the signal npm passed on (a shell reports Ctrl-C's as 130 either way).
  const exited = new Promise<string>((resolve) =>
    child.on('exit', (code, signal) => resolve(signal ? `signal ${signal}` : `exit ${code}`)),
  );
  return { child, output: () => text, port, dataDir, exited };
}

async function until(what: string, check: () => boolean, timeoutMs: number, dev: Dev): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (dev.child.exitCode !== null || dev.child.signalCode !== null)
      throw new Error(`npm run dev ended waiting for ${what}:\n${dev.output().slice(-3000)}`);
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}; output so far:\n${dev.output().slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * What a terminal shows: each line as it stands after its last carriage return, without colours, and without
 * the frames of npm's own spinner (drawn before our process starts).
 */
const screenLines = (text: string) =>
  text
    .replace(ANSI, '')
    .split(/\r?\n/)
    .map((line) => line.split('\r').pop()!.trimEnd())
    .filter((line) => line.trim() !== '' && !/^[\u2800-\u28ff\s]+$/.test(line));

const repeated = (lines: string[]) => lines.filter((line, i) => lines.indexOf(line) !== i);

/** An account on a paid plan with a live key (test keys never call back), and an async job with a callback. */
async function submitWithCallback(dev: Dev): Promise<string> {
  const adminEnv = {
    ADMIN_URL: `http://127.0.0.1:${dev.port}`,
    ADMIN_TOKEN: readFileSync(path.join(dev.dataDir, 'admin-token'), 'utf8').trim(),
  };
  const out: string[] = [];
  const io = { out: (line: string) => out.push(line), err: () => undefined };
  expect(
    await runAdminCli(['account', 'create', '--email', 'console@example.com', '--plan', 'pro'], adminEnv, io),
  ).toBe(0);
  const accountId = (JSON.parse(out.pop()!) as { account_id: string }).account_id;
  expect(await runAdminCli(['key', 'create', '--account', accountId, '--mode', 'live'], adminEnv, io)).toBe(0);
  const key = (JSON.parse(out.pop()!) as { key: string }).key;
  const response = await fetch(`http://127.0.0.1:${dev.port}/api/v1/verify/async`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      policy_number: 'AXK12345678',
      country: 'UK',
      insurance_type: 'motor',
      provider: 'AXA',
      webhook_url: `http://127.0.0.1:${receiverPort}/hook`,
    }),
  });
  expect(response.status).toBe(202);
  return ((await response.json()) as { job_id: string }).job_id;
}

/** The run's lines about the job's callback: one per attempt, short, with the status and the next try. */
async function checkCallbackLines(dev: Dev, jobId: string, lines: () => string[]): Promise<void> {
  const before = attempts;
  await until('three callback attempts', () => attempts >= before + 3, 120_000, dev);
  await until(
    'their log lines',
    () => lines().filter((line) => line.includes(`callback of job ${jobId}`)).length >= 3,
    30_000,
    dev,
  );
  const aboutJob = lines().filter((line) => line.includes(jobId));
  expect(aboutJob.length).toBeGreaterThanOrEqual(3);
  for (const line of aboutJob) {
    expect(line).toMatch(/callback of job \S+ failed \(HTTP 500\), attempt \d+; next try in \d+ s/);
    expect(line.length).toBeLessThan(700);
    expect(line).not.toMatch(/taskToken|stack|\n\s+at /);
  }
  const attemptNumbers = aboutJob.map((line) => Number(/attempt (\d+)/.exec(line)![1]));
  expect(new Set(attemptNumbers).size).toBe(attemptNumbers.length); // one line per attempt
  expect(lines().filter((line) => line.includes('Activity failed'))).toEqual([]);
}

const CLEAN_END = /^(exit (0|130)|signal SIGINT)$/;

async function stop(dev: Dev, terminal: boolean): Promise<string> {
  // Ctrl-C: on a terminal the byte the key sends; piped, SIGINT to the foreground process group.
  if (terminal) dev.child.stdin.write('\u0003');
  else process.kill(-dev.child.pid!, 'SIGINT');
  const end = await Promise.race([
    dev.exited,
    new Promise<string>((resolve) => setTimeout(() => resolve('hung'), 60_000)),
  ]);
  if (end === 'hung') process.kill(-dev.child.pid!, 'SIGKILL');
  // Every process of the group is gone: the Temporal dev server included.
  await until('the process group to end', () => !alive(-dev.child.pid!), 30_000, dev).catch(() =>
    process.kill(-dev.child.pid!, 'SIGKILL'),
  );
  writeFileSync(`${dev.dataDir}.out`, dev.output()); // for a failure's post-mortem
  rmSync(dev.dataDir, { recursive: true, force: true });
  return end;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('npm run dev', () => {
  it('on a terminal: readable steps, no JSON, no line twice, a short line per failed callback, a clean Ctrl-C', async () => {
    const dev = await startDev(true);
    let ended = '';
    try {
      await until('Ready', () => /Ready: \/readyz answers 200/.test(dev.output()), 360_000, dev);
      const jobId = await submitWithCallback(dev);
      await checkCallbackLines(dev, jobId, () => screenLines(dev.output()));
    } finally {
      ended = await stop(dev, true);
    }
    expect(ended).toMatch(CLEAN_END);
    const lines = screenLines(dev.output());
    expect(lines.filter((line) => /shutdown failed|stop failed/.test(line))).toEqual([]);
    expect(lines.filter((line) => line.trimStart().startsWith('{'))).toEqual([]);
    expect(repeated(lines)).toEqual([]);
    expect(lines.some((line) => /Datasets: \d+ of \d+ loaded/.test(line))).toBe(true);
    // The datasets count up on one line: not a line each.
    expect(lines.filter((line) => /Datasets: \d+ of \d+ loaded/.test(line)).length).toBe(1);
    expect(lines.filter((line) => line.includes('dataset refreshed'))).toEqual([]);
  }, 600_000);

  it('piped: JSON log lines, each step once, a short JSON line per failed callback, a clean SIGINT', async () => {
    const dev = await startDev(false);
    let ended = '';
    const lines = () =>
      dev
        .output()
        .split('\n')
        .filter((line) => line.trim() !== '');
    try {
      await until('Ready', () => /Ready: \/readyz answers 200/.test(dev.output()), 360_000, dev);
      const jobId = await submitWithCallback(dev);
      await checkCallbackLines(dev, jobId, lines);
    } finally {
      ended = await stop(dev, false);
    }
    expect(ended).toMatch(CLEAN_END);
    expect(dev.output()).not.toContain('\r');
    const logs = lines().filter((line) => line.startsWith('{'));
    for (const line of logs) expect(() => JSON.parse(line) as unknown).not.toThrow();
    expect(logs.some((line) => (JSON.parse(line) as { msg?: string }).msg === 'shutting down')).toBe(true);
    const steps = lines().filter((line) => !line.startsWith('{'));
    expect(repeated(steps)).toEqual([]);
    expect(steps.filter((line) => /Datasets: \d+ of \d+ loaded/.test(line)).length).toBeGreaterThan(1);
  }, 600_000);
});
