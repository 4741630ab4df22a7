// POST /api/v1/verify under 50 connections (autocannon): a live key, whose every answer is charged on the
// ledger in PostgreSQL, and a test key (the sandbox), each as a ratio to a bare Express route returning the
// same JSON, measured in the same run, rounds alternating so that machine noise hits all alike.
// Every server is warmed up first (its hot paths compiled), so that steady states are compared.
// Targets: live >= 0.45, test >= 0.7. The targets are read on one API process with its rate limits in memory;
// when REDIS_URL is set, the same keys are also measured against an API process that keeps them in Redis
// (as several API processes must), which the ratio then includes, Redis's own CPU on the same cores too.
//
// `--only live` or `--only test` measures one key mode alone: with BENCH_CPU_PROF=dir, the API's CPU profile then
// holds that mode's requests only (docs/performance.md reads them).
//
//   node --import tsx bench/verify.ts [--duration 10] [--connections 50] [--rounds 4] [--only live|test]
import { parseArgs } from 'node:util';
import { benchAccount, fmt, load, ratio, spawnChild, startEngines, warmUp, type Load } from './support.js';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '4' },
    only: { type: 'string' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
if (values.only !== undefined && values.only !== 'live' && values.only !== 'test')
  throw new Error('--only takes live or test');
const measures = (mode: 'live' | 'test') => values.only === undefined || values.only === mode;

const engines = await startEngines();
const children = [];
try {
  // The service as deployed: the API and the projector as their own processes on PostgreSQL.
  const projector = await spawnChild('bin/projector.ts', engines.env, { serves: false });
  children.push(projector);
  const api = await spawnChild('bin/api.ts', { ...engines.env, REDIS_URL: '' });
  children.push(api);
  const redisUrl = process.env.REDIS_URL;
  const apiRedis = redisUrl ? await spawnChild('bin/api.ts', { ...engines.env, REDIS_URL: redisUrl }) : null;
  if (apiRedis) children.push(apiRedis);

  const { live, test } = await benchAccount(api.url, engines.env.ADMIN_TOKEN!);
  // An account of its own for the second process: two processes taking turns to charge one account would each
  // find its ledger view stale at every turn and catch up on the other's thousands of charges.
  const redisKeys = apiRedis ? await benchAccount(apiRedis.url, engines.env.ADMIN_TOKEN!) : null;

  const body = JSON.stringify({
    policy_number: 'AXK12345678',
    country: 'UK',
    insurance_type: 'motor',
    provider: 'AXA',
  });
  const request = (key: string) => ({
    method: 'POST' as const,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body,
  });
  const sample = async (key: string) => (await fetch(`${api.url}/api/v1/verify`, request(key))).text();
  const liveJson = await sample(live);
  const testJson = await sample(test);
  const bareLive = await spawnChild('bench/bare-json.ts', { BARE_BODY: liveJson });
  const bareTest = await spawnChild('bench/bare-json.ts', { BARE_BODY: testJson });
  children.push(bareLive, bareTest);

  const runs: Record<string, Load[]> = { bareLive: [], live: [], bareTest: [], test: [], liveRedis: [], testRedis: [] };
  const url = (base: string) => `${base}/api/v1/verify`;
  // The projector folds the live run's charges after it: let it finish before the next measurement starts.
  const settle = async () => {
    for (let i = 0; i < 120; i += 1) {
      const res = await fetch(`${api.url}/admin/ledger/reconcile`, {
        headers: { authorization: `Bearer ${engines.env.ADMIN_TOKEN}` },
      });
      const { rows } = (await res.json()) as { rows: { lag: number }[] };
      if (rows.every((row) => row.lag === 0)) return;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  };
  const redis = apiRedis ? { url: url(apiRedis.url), keys: redisKeys! } : null;
  await warmUp([
    ...(measures('live')
      ? [
          { url: url(bareLive.url), request: request(live) },
          { url: url(api.url), request: request(live) },
        ]
      : []),
    ...(measures('test')
      ? [
          { url: url(bareTest.url), request: request(test) },
          { url: url(api.url), request: request(test) },
        ]
      : []),
    ...(redis && measures('live') ? [{ url: redis.url, request: request(redis.keys.live) }] : []),
    ...(redis && measures('test') ? [{ url: redis.url, request: request(redis.keys.test) }] : []),
  ]);
  await settle();
  // Each round measures a baseline and the API back to back, bare first in even rounds and the API first in odd
  // ones: these machines change speed by up to twofold over seconds (a busy neighbour), and a process that waited
  // idle starts slower (V8 shrinks an idle heap after 8 s), so each ratio is taken within its round, the order
  // alternating so that neither side always goes first, and the figure is their median.
  const segment = async (name: string, target: string, key: string, server: { pid?: number }) => {
    runs[name]!.push(await load({ url: target, connections, duration, ...request(key) }, server));
    // The projector folds a live run's charges after it: caught up before the next measurement starts.
    if (name === 'live' || name === 'liveRedis') await settle();
  };
  for (let round = 0; round < Number(values.rounds); round += 1) {
    const inOrder = <T>(list: T[]) => (round % 2 === 0 ? list : [...list].reverse());
    if (measures('live')) {
      for (const run of inOrder([
        () => segment('bareLive', url(bareLive.url), live, bareLive.process),
        () => segment('live', url(api.url), live, api.process),
        ...(apiRedis ? [() => segment('liveRedis', url(apiRedis.url), redisKeys!.live, apiRedis.process)] : []),
      ]))
        await run();
    }
    if (measures('test')) {
      for (const run of inOrder([
        () => segment('bareTest', url(bareTest.url), test, bareTest.process),
        () => segment('test', url(api.url), test, api.process),
        ...(apiRedis ? [() => segment('testRedis', url(apiRedis.url), redisKeys!.test, apiRedis.process)] : []),
      ]))
        await run();
    }
  }
  const mean = (xs: Load[]) => ({
    rps: xs.reduce((s, x) => s + x.rps, 0) / xs.length,
    p99: xs.reduce((s, x) => s + x.p99, 0) / xs.length,
    cpu: xs.reduce((s, x) => s + (x.cpuPerRequest ?? 0), 0) / xs.length,
  });
  /** The median of the rounds' own ratios, and those ratios. */
  const ratioOf = (name: string, baseline: string) => {
    const each = runs[name]!.map((run, i) => ratio(run.rps, runs[baseline]![i]!.rps));
    const sorted = [...each].sort((a, b) => a - b);
    const mid = sorted.length / 2;
    const median = sorted.length % 2 === 1 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
    return `throughput ratio ${fmt(median)} (rounds ${each.map((r) => fmt(r)).join(', ')})`;
  };
  console.log(`POST /api/v1/verify, ${connections} connections, ${values.rounds} rounds of ${duration} s each`);
  const line = (name: string, x: ReturnType<typeof mean>) =>
    `  ${name.padEnd(26)} ${fmt(x.rps, 0).padStart(6)} req/s  p99 ${fmt(x.p99, 0).padStart(4)} ms  server CPU ${fmt(x.cpu, 0)} µs/req`;
  if (measures('live')) {
    const [bl, l] = [mean(runs.bareLive!), mean(runs.live!)];
    console.log(line('bare Express (live body)', bl));
    console.log(`${line('live key, ledger on PG', l)}   ${ratioOf('live', 'bareLive')} (target >= 0.45)`);
    if (apiRedis) {
      const lr = mean(runs.liveRedis!);
      console.log(`${line('  the same, limits in Redis', lr)}   ${ratioOf('liveRedis', 'bareLive')}`);
    }
  }
  if (measures('test')) {
    const [bt, t] = [mean(runs.bareTest!), mean(runs.test!)];
    console.log(line('bare Express (test body)', bt));
    console.log(`${line('test key, sandbox', t)}   ${ratioOf('test', 'bareTest')} (target >= 0.7)`);
    if (apiRedis) {
      const tr = mean(runs.testRedis!);
      console.log(`${line('  the same, limits in Redis', tr)}   ${ratioOf('testRedis', 'bareTest')}`);
    }
  }
  console.log(
    '  (server CPU is the API process alone; the live key also costs PostgreSQL and the projector, and Redis',
  );
  console.log('  its own CPU, which the throughput ratios include)');
} finally {
  for (const child of children.reverse()) await child.stop();
  await engines.close();
}
