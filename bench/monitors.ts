// Monitors at scale on the embedded stack (issue 55): N test-key monitors started through the start facade
// (application/monitors/start.ts: the stream's first event, then the workflow) and each checked once (the check
// activity: the stream read, the sandbox's observation, the decider, the append), on the service's own worker
// process (bin/worker.ts, sealed payloads); against N workflows of one bare verification activity each
// (bench/bare-check-worker.ts) on the same Temporal dev server, in the same run. Both are started `--concurrency`
// at a time and timed from the first start to the last check; the ratio is the median over `--rounds` rounds (each
// round's monitors go on sleeping). Then the worker's memory a sleeping monitor: the growth of its resident set
// over the last half of the monitors, once all sleep, per monitor (with WORKER_CACHED_WORKFLOWS bounding the cache,
// a sleeping monitor lives in Temporal, not in the worker). Target: a ratio of at least 0.5, memory that does not
// grow with the monitors.
//
//   node --import tsx bench/monitors.ts [--monitors 10000] [--concurrency 50] [--rounds 1]
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Client, Connection } from '@temporalio/client';
import { startMonitor, type MonitorStartDeps } from '../application/monitors/start.js';
import { openContext } from '../bin/context.js';
import { PLANS } from '../domain/plans.js';
import type { MonitorStarted } from '../domain/monitors/monitor.js';
import { loadConfig } from '../infra/config.js';
import { createLogger } from '../infra/logger.js';
import { fmt, ratio, settle, spawnChild, startEngines } from './support.js';

const { values } = parseArgs({
  options: {
    monitors: { type: 'string', default: '10000' },
    concurrency: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '1' },
  },
});
const total = Number(values.monitors);
const concurrency = Number(values.concurrency);
const rounds = Math.max(1, Number(values.rounds));
const POLICY = 'SANDBOX_STEADY';

/** Runs `count` tasks, `concurrency` at a time. */
async function inParallel(count: number, task: (i: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

/** Waits until `count()` reaches `target`; the seconds since `from`. */
async function until(count: () => Promise<number>, target: number, from: bigint, what: string): Promise<number> {
  const deadline = Date.now() + 30 * 60_000;
  while ((await count()) < target) {
    if (Date.now() > deadline) throw new Error(`${what}: ${await count()} of ${target} after 30 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return Number(process.hrtime.bigint() - from) / 1e9;
}

/** A process's resident set, in KB (Linux). */
const rssKb = (pid: number): number =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const engines = await startEngines();
Object.assign(process.env, engines.env);
const config = loadConfig();
const context = await openContext(config, createLogger('warn', 'bench'), { temporalAddress: engines.temporalAddress });
const children = [];
try {
  const worker = await spawnChild('bin/worker.ts', engines.env, { serves: false });
  children.push(worker);
  const bareQueue = `bare-${randomUUID()}`;
  children.push(
    await spawnChild('bench/bare-check-worker.ts', { ...engines.env, BARE_TASK_QUEUE: bareQueue }, { serves: false }),
  );
  const connection = await Connection.connect({ address: engines.temporalAddress });
  const bareClient = new Client({ connection });
  const { accountId } = await context.accounts.open({
    contact: { name: 'Monitors bench' },
    plan: 'enterprise',
    limits: PLANS.enterprise,
  });
  const deps: MonitorStartDeps = {
    events: context.engines.events,
    temporal: context.temporal!.client,
    taskQueue: config.TEMPORAL_TASK_QUEUE,
    webhookRetrySeconds: 60,
  };
  const startDay = new Date().toISOString().slice(0, 10);
  const started = (): MonitorStarted => ({
    account_id: accountId,
    key_id: 'key_bench',
    mode: 'test',
    request: { policy_number: POLICY, country: 'UK', insurance_type: 'motor' },
    idempotency_key: null,
    request_hash: 'bench',
    at: new Date().toISOString(),
    webhook_url: 'https://example.com/hooks/monitors',
    expiry_notice_days: 30,
    frequency: 'daily',
    metadata: {},
  });
  const checked = async () =>
    Number(
      (
        await context.engines.sql.query<{ n: string }>(
          `select count(*) as n from es_events where type = 'PolicyObserved'`,
        )
      )[0]!.n,
    );
  let monitors = 0;
  const monitorRun = async (count: number) => {
    const from = process.hrtime.bigint();
    const target = monitors + count;
    await inParallel(count, () => startMonitor(deps, `mon_${randomBytes(12).toString('hex')}`, started()));
    monitors = target;
    return until(checked, target, from, 'monitor checks');
  };
  let bareDone = 0;
  const completedBare = async () =>
    (await bareClient.workflow.count(`WorkflowType = 'bareCheckWorkflow' AND ExecutionStatus = 'Completed'`)).count;
  const bareRun = async (count: number) => {
    const from = process.hrtime.bigint();
    const target = bareDone + count;
    await inParallel(count, () =>
      bareClient.workflow.start('bareCheckWorkflow', {
        taskQueue: bareQueue,
        workflowId: `bare-check-${randomUUID()}`,
        args: [POLICY, startDay],
      }),
    );
    bareDone = target;
    return count / (await until(completedBare, target, from, 'bare activities'));
  };

  // Warm both paths (bundles, caches, connections), and let the worker's start (the datasets' loads) pass.
  await settle(120);
  await bareRun(concurrency);
  await monitorRun(concurrency);
  const warmMonitors = monitors;

  const rates = { bare: [] as number[], monitors: [] as number[] };
  const perRound = Math.ceil(total / rounds);
  let halfRss = Number.NaN;
  let halfAt = 0;
  for (let round = 0; round < rounds; round += 1) {
    await settle();
    rates.bare.push(await bareRun(perRound));
    await settle();
    // In two halves: the worker's memory is read between them, once the first half sleeps.
    const first = Math.floor(perRound / 2);
    let seconds = await monitorRun(first);
    if (round === rounds - 1) {
      await settle();
      halfRss = rssKb(worker.process.pid!);
      halfAt = monitors;
    }
    seconds += await monitorRun(perRound - first);
    rates.monitors.push(perRound / seconds);
    console.log(
      `round ${round + 1}: ${perRound} monitors ${fmt(rates.monitors.at(-1)!, 1)} checks/s, ` +
        `bare ${fmt(rates.bare.at(-1)!, 1)} activities/s`,
    );
  }
  await settle();
  const fullRss = rssKb(worker.process.pid!);
  const perMonitor = Math.max(0, (fullRss - halfRss) / (monitors - halfAt));
  console.log(
    `worker resident set: ${Math.round(halfRss / 1024)} MB at ${halfAt} sleeping monitors, ` +
      `${Math.round(fullRss / 1024)} MB at ${monitors} (${warmMonitors} from the warm-up)`,
  );
  const r = median(rates.monitors);
  console.log(
    `monitors: ${rounds * perRound} monitors, ${fmt(r, 1)} checks/s, ${fmt(ratio(r, median(rates.bare)))} of bare activities, ${fmt(perMonitor, 1)} KB of worker memory a sleeping monitor`,
  );
  await connection.close();
} finally {
  for (const child of children.reverse()) await child.stop();
  await context.close();
  await engines.close();
}
