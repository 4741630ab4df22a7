// How soon an async submission is accepted: the latency of POST /api/v1/verify/async's 202 (issue 40 item 5),
// idle and beside a steady sync load (`--clients` loops of POST /api/v1/verify on another account), in rounds
// whose medians are reported. The baseline, in the same run: the sync verification's own latency beside the
// same load. Targets: beside the load, the 202's p50 <= 100 ms and p99 <= 300 ms. The API, worker and projector
// run as their own processes on PostgreSQL, as deployed.
//
//   node --import tsx bench/accepted.ts [--submissions 60] [--clients 6] [--rounds 3]
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { benchAccount, fmt, ratio, spawnChild, startEngines } from './support.js';

const { values } = parseArgs({
  options: {
    submissions: { type: 'string', default: '60' },
    clients: { type: 'string', default: '6' },
    rounds: { type: 'string', default: '3' },
  },
});
const submissions = Number(values.submissions);
const clients = Number(values.clients);
const rounds = Number(values.rounds);
const AXA = JSON.stringify({ policy_number: 'AXK12345678', country: 'UK', insurance_type: 'motor', provider: 'AXA' });

const quantile = (xs: number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
};
const median = (xs: number[]) => quantile(xs, 0.5);
const loadAverage = () =>
  execFileSync('uptime', { encoding: 'utf8' })
    .trim()
    .replace(/^.*load average:\s*/, '');

const engines = await startEngines();
const children = [];
try {
  children.push(await spawnChild('bin/projector.ts', engines.env, { serves: false }));
  children.push(await spawnChild('bin/worker.ts', engines.env, { serves: false }));
  const api = await spawnChild('bin/api.ts', engines.env);
  children.push(api);
  const { live: asyncKey } = await benchAccount(api.url, engines.env.ADMIN_TOKEN!);
  const { live: syncKey } = await benchAccount(api.url, engines.env.ADMIN_TOKEN!);
  while ((await fetch(`${api.url}/readyz`)).status !== 200) await new Promise((resolve) => setTimeout(resolve, 500));

  /** Milliseconds from sending a request to reading its whole answer, which must have the expected status. */
  const timed = async (path: string, key: string, status: number): Promise<number> => {
    const started = performance.now();
    const res = await fetch(api.url + path, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: AXA,
    });
    await res.text();
    if (res.status !== status) throw new Error(`${path}: ${res.status}`);
    return performance.now() - started;
  };
  const accept = () => timed('/api/v1/verify/async', asyncKey, 202);
  const verify = () => timed('/api/v1/verify', syncKey, 200);

  /** `count` submissions one after another, a short pause between them (a client's pace, not a flood). */
  const acceptances = async (count: number) => {
    const latencies: number[] = [];
    for (let i = 0; i < count; i += 1) {
      latencies.push(await accept());
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return latencies;
  };

  /** The steady sync load: `clients` loops, each sending its next request when the last is answered. */
  const syncLoad = () => {
    let running = true;
    const latencies: number[] = [];
    const loops = Array.from({ length: clients }, async () => {
      while (running) latencies.push(await verify());
    });
    return {
      latencies,
      async stop() {
        running = false;
        await Promise.all(loops);
      },
    };
  };

  // Warm both paths (bundles, caches, connections, the worker's workflow cache) before measuring.
  await acceptances(20);
  for (let i = 0; i < 20; i += 1) await verify();
  const warm = syncLoad();
  await acceptances(20);
  await warm.stop();

  const results: { idle: number[]; loaded: number[]; sync: number[]; load: string }[] = [];
  for (let round = 0; round < rounds; round += 1) {
    // Let the previous round's jobs finish on the worker, so that idle is idle.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const load = loadAverage();
    const idle = await acceptances(submissions);
    const steady = syncLoad();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const syncFrom = steady.latencies.length;
    const loaded = await acceptances(submissions);
    await steady.stop();
    const sync = steady.latencies.slice(syncFrom);
    results.push({ idle, loaded, sync, load });
    const line = (xs: number[]) =>
      `p50 ${fmt(median(xs), 0).padStart(4)} ms  p99 ${fmt(quantile(xs, 0.99), 0).padStart(5)} ms`;
    console.log(
      `  round ${round + 1} (load average ${load}): 202 idle ${line(idle)} | 202 beside load ${line(loaded)} | sync beside load ${line(sync)} (${sync.length} requests)`,
    );
  }

  const of = (pick: (r: (typeof results)[number]) => number[], q: number) =>
    median(results.map((r) => quantile(pick(r), q)));
  const [idle50, idle99, loaded50, loaded99, sync50, sync99] = [
    of((r) => r.idle, 0.5),
    of((r) => r.idle, 0.99),
    of((r) => r.loaded, 0.5),
    of((r) => r.loaded, 0.99),
    of((r) => r.sync, 0.5),
    of((r) => r.sync, 0.99),
  ];
  const met = (ok: boolean) => (ok ? 'met' : 'MISSED');
  console.log(
    `The async 202 (POST /api/v1/verify/async, live key), ${submissions} submissions one at a time, medians of ${rounds} rounds`,
  );
  console.log(`  idle                              p50 ${fmt(idle50, 0)} ms  p99 ${fmt(idle99, 0)} ms`);
  console.log(
    `  beside ${clients} sync clients             p50 ${fmt(loaded50, 0)} ms (target <= 100: ${met(loaded50 <= 100)})  p99 ${fmt(loaded99, 0)} ms (target <= 300: ${met(loaded99 <= 300)})`,
  );
  console.log(
    `  baseline: sync verify beside it   p50 ${fmt(sync50, 0)} ms  p99 ${fmt(sync99, 0)} ms   202/sync p50 ratio ${fmt(ratio(loaded50, sync50))}`,
  );
  console.log(`  load average at each round: ${results.map((r) => r.load).join(' | ')}; now ${loadAverage()}`);
} finally {
  for (const child of children.reverse()) await child.stop();
  await engines.close();
}
