// POST /api/v1/verify under 50 connections (autocannon): a live key, whose every answer is charged on the
// ledger in PostgreSQL, and a test key (the sandbox), each as a ratio to a bare Express route returning the
// same JSON, measured in the same run, rounds alternating so that machine noise hits all alike.
// Targets: live >= 0.35, test >= 0.7.
//
//   node --import tsx bench/verify.ts [--duration 10] [--connections 50] [--rounds 2]
import { parseArgs } from 'node:util';
import { benchAccount, fmt, load, ratio, spawnChild, startEngines, type Load } from './support.js';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '2' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);

const engines = await startEngines();
const children = [];
try {
  // The service as deployed: the API and the projector as their own processes on PostgreSQL.
  const projector = await spawnChild('bin/projector.ts', engines.env, { serves: false });
  children.push(projector);
  const api = await spawnChild('bin/api.ts', engines.env);
  children.push(api);

  const { live, test } = await benchAccount(api.url, engines.env.ADMIN_TOKEN!);

  const body = JSON.stringify({ policy_number: 'AXK12345678', country: 'UK', insurance_type: 'motor', provider: 'AXA' });
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

  const runs: Record<string, Load[]> = { bareLive: [], live: [], bareTest: [], test: [] };
  const url = (base: string) => `${base}/api/v1/verify`;
  for (let round = 0; round < Number(values.rounds); round += 1) {
    runs.bareLive!.push(await load({ url: url(bareLive.url), connections, duration, ...request(live) }));
    runs.live!.push(await load({ url: url(api.url), connections, duration, ...request(live) }));
    runs.bareTest!.push(await load({ url: url(bareTest.url), connections, duration, ...request(test) }));
    runs.test!.push(await load({ url: url(api.url), connections, duration, ...request(test) }));
  }
  const mean = (xs: Load[]) => ({
    rps: xs.reduce((s, x) => s + x.rps, 0) / xs.length,
    p99: xs.reduce((s, x) => s + x.p99, 0) / xs.length,
  });
  const [bl, l, bt, t] = [mean(runs.bareLive!), mean(runs.live!), mean(runs.bareTest!), mean(runs.test!)];
  console.log(`POST /api/v1/verify, ${connections} connections, ${values.rounds} rounds of ${duration} s each`);
  console.log(`  bare Express (live body)   ${fmt(bl.rps, 0)} req/s  p99 ${bl.p99} ms`);
  console.log(`  live key, ledger on PG     ${fmt(l.rps, 0)} req/s  p99 ${l.p99} ms   ratio ${fmt(ratio(l.rps, bl.rps))} (target >= 0.35)`);
  console.log(`  bare Express (test body)   ${fmt(bt.rps, 0)} req/s  p99 ${bt.p99} ms`);
  console.log(`  test key, sandbox          ${fmt(t.rps, 0)} req/s  p99 ${t.p99} ms   ratio ${fmt(ratio(t.rps, bt.rps))} (target >= 0.7)`);
} finally {
  for (const child of children.reverse()) await child.stop();
  await engines.close();
}
