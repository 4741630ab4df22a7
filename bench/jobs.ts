// Async verification end to end (submit with POST /api/v1/verify/async, then poll GET /api/v1/jobs/{id} until
// complete), in jobs per second, as a ratio to a bare Temporal workflow with one no-op activity on the same
// server in the same run (target >= 0.5); and the wall time of a batch of 100 as a ratio to one async job's
// (target <= 3). The API, worker and projector run as their own processes on PostgreSQL.
//
//   node --import tsx bench/jobs.ts [--jobs 200] [--concurrency 20] [--rounds 2]
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { Client, Connection } from '@temporalio/client';
import { benchAccount, fmt, ratio, spawnChild, startEngines } from './support.js';

const { values } = parseArgs({
  options: {
    jobs: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '2' },
  },
});
const jobs = Number(values.jobs);
const concurrency = Number(values.concurrency);
const AXA = { policy_number: 'AXK12345678', country: 'UK', insurance_type: 'motor', provider: 'AXA' };

/** Runs `count` tasks, `concurrency` at a time; returns the wall time in seconds. */
async function timed(count: number, task: (i: number) => Promise<void>): Promise<number> {
  const started = process.hrtime.bigint();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await task(next++);
    }),
  );
  return Number(process.hrtime.bigint() - started) / 1e9;
}

const engines = await startEngines();
const children = [];
try {
  children.push(await spawnChild('bin/projector.ts', engines.env, { serves: false }));
  children.push(await spawnChild('bin/worker.ts', engines.env, { serves: false }));
  const api = await spawnChild('bin/api.ts', engines.env);
  children.push(api);
  const bareQueue = `bare-${randomUUID()}`;
  children.push(await spawnChild('bench/bare-temporal.ts', { ...engines.env, BARE_TASK_QUEUE: bareQueue }, { serves: false }));

  const { live: key } = await benchAccount(api.url, engines.env.ADMIN_TOKEN!);
  // The worker loads the public datasets at start; measure once that is over.
  while ((await fetch(`${api.url}/readyz`)).status !== 200) await new Promise((resolve) => setTimeout(resolve, 500));
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const until = async (path: string, done: (body: any) => boolean) => {
    for (;;) {
      const body = await (await fetch(api.url + path, { headers })).json();
      if (done(body)) return body;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const asyncJob = async () => {
    const res = await fetch(`${api.url}/api/v1/verify/async`, { method: 'POST', headers, body: JSON.stringify(AXA) });
    const { job_id } = (await res.json()) as { job_id: string };
    await until(`/api/v1/jobs/${job_id}`, (job) => job.status === 'complete');
  };
  const batch = async () => {
    const res = await fetch(`${api.url}/api/v1/verify/batch`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ policies: Array.from({ length: 100 }, () => AXA) }),
    });
    const { batch_id } = (await res.json()) as { batch_id: string };
    await until(`/api/v1/batches/${batch_id}`, (b) => b.status === 'complete');
  };

  const connection = await Connection.connect({ address: engines.temporalAddress });
  const client = new Client({ connection });
  const bare = () => client.workflow.execute('bareWorkflow', { taskQueue: bareQueue, workflowId: `bare-${randomUUID()}` });

  // Warm both paths (bundles, caches, connections) before measuring.
  await timed(concurrency, asyncJob);
  await timed(concurrency, bare);

  const rates = { bare: [] as number[], jobs: [] as number[], single: [] as number[], batch: [] as number[] };
  for (let round = 0; round < Number(values.rounds); round += 1) {
    rates.bare.push(jobs / (await timed(jobs, bare)));
    rates.jobs.push(jobs / (await timed(jobs, asyncJob)));
    const one = process.hrtime.bigint();
    await asyncJob();
    rates.single.push(Number(process.hrtime.bigint() - one) / 1e9);
    const hundred = process.hrtime.bigint();
    await batch();
    rates.batch.push(Number(process.hrtime.bigint() - hundred) / 1e9);
  }
  await connection.close();
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  const [b, j, s, h] = [mean(rates.bare), mean(rates.jobs), mean(rates.single), mean(rates.batch)];
  console.log(`Async jobs end to end, ${jobs} per round, ${concurrency} at a time, ${values.rounds} rounds`);
  console.log(`  bare workflow + no-op activity   ${fmt(b, 1)} jobs/s`);
  console.log(`  async verification jobs           ${fmt(j, 1)} jobs/s   ratio ${fmt(ratio(j, b))} (target >= 0.5)`);
  console.log(`  one async job                     ${fmt(s * 1000, 0)} ms`);
  console.log(`  batch of 100                      ${fmt(h * 1000, 0)} ms   ratio ${fmt(ratio(h, s))} (target <= 3)`);
} finally {
  for (const child of children.reverse()) await child.stop();
  await engines.close();
}
