// The ledger across processes (issue 34): two API processes and two workers against one PostgreSQL (and Redis
// when REDIS_URL is set), as a deployment scales out. Printed:
//  - charged verifications a second on separate accounts, two API processes against one (the ratio); each
//    process's load is its own autocannon run, both at once;
//  - one shared account with a fixed number of credits, charged from both processes at once with more requests
//    than credits: how many were charged (never more than the credits: overspend 0), how many refused with 402,
//    and the admin API's reconcile of every account (0 mismatches).
// The workers run beside the APIs as deployed; a synchronous verification charges in the API process itself.
//
//   npm run bench -- scale-processes, or node --import tsx bench/scale-processes.ts [--duration 10] [--credits 2000]
import { parseArgs } from 'node:util';
import { benchAccount, fmt, load, ratio, spawnChild, startEngines, warmUp, type Child } from './support.js';

const { values } = parseArgs({
  options: { duration: { type: 'string', default: '10' }, credits: { type: 'string', default: '2000' } },
});
const duration = Number(values.duration);
const credits = Number(values.credits);
const body = JSON.stringify({ policy_number: 'AXK12345678', country: 'UK', insurance_type: 'motor', provider: 'AXA' });

const engines = await startEngines();
const children: Child[] = [];
try {
  const env = { ...engines.env, REDIS_URL: process.env.REDIS_URL ?? '' };
  children.push(await spawnChild('bin/projector.ts', env, { serves: false }));
  const apis = [await spawnChild('bin/api.ts', env), await spawnChild('bin/api.ts', env)];
  children.push(...apis);
  children.push(
    await spawnChild('bin/worker.ts', env, { serves: false }),
    await spawnChild('bin/worker.ts', env, { serves: false }),
  );
  const admin = engines.env.ADMIN_TOKEN!;
  const request = (key: string) => ({
    method: 'POST' as const,
    body,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
  });

  // Separate accounts: one process alone, then both at once, each on an account of its own.
  const [a, b] = [await benchAccount(apis[0]!.url, admin), await benchAccount(apis[0]!.url, admin)];
  await warmUp(apis.map((api, i) => ({ url: `${api.url}/api/v1/verify`, request: request([a, b][i]!.live) })));
  const one = await load({ url: `${apis[0]!.url}/api/v1/verify`, connections: 25, duration, ...request(a.live) });
  const both = await Promise.all(
    apis.map((api, i) =>
      load({ url: `${api.url}/api/v1/verify`, connections: 25, duration, ...request([a, b][i]!.live) }),
    ),
  );
  const twoRps = both.reduce((sum, l) => sum + l.rps, 0);
  console.log(
    `separate accounts: one API process ${fmt(one.rps, 0)} charged verifications/s; two ${fmt(twoRps, 0)}/s; ratio ${fmt(ratio(twoRps, one.rps))}`,
  );

  // One shared account, more requests than credits, from both processes at once.
  const post = (path: string, payload: unknown) =>
    fetch(apis[0]!.url + path, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    }).then((r) => r.json() as Promise<Record<string, string>>);
  const { account_id: shared } = await post('/admin/accounts', {
    name: 'shared',
    plan: 'enterprise',
    monthly_credits: credits,
    requests_per_minute: 100_000_000,
    requests_per_month: 1_000_000_000,
  });
  const { key } = await post(`/admin/accounts/${shared}/keys`, { mode: 'live' });
  const statuses = new Map<number, number>();
  let next = 0;
  const total = Math.round(credits * 1.5);
  await Promise.all(
    Array.from({ length: 50 }, async (_, worker) => {
      while (next < total) {
        next += 1;
        const res = await fetch(`${apis[worker % 2]!.url}/api/v1/verify`, request(key!));
        await res.arrayBuffer();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      }
    }),
  );
  const charged = statuses.get(200) ?? 0;
  const balance = (await fetch(`${apis[1]!.url}/admin/accounts/${shared}/credits`, {
    headers: { authorization: `Bearer ${admin}` },
  }).then((r) => r.json())) as {
    balance: number;
  };
  const reconcile = (await fetch(`${apis[0]!.url}/admin/ledger/reconcile`, {
    headers: { authorization: `Bearer ${admin}` },
  }).then((r) => r.json())) as { mismatches: number };
  const overspend = Math.max(0, charged - credits) + Math.max(0, -balance.balance);
  console.log(
    `shared account of ${credits} credits, ${total} requests from two processes: ${charged} charged, ${statuses.get(402) ?? 0} refused (402), other ${total - charged - (statuses.get(402) ?? 0)}; balance ${balance.balance}; overspend ${overspend}; reconcile mismatches ${reconcile.mismatches}`,
  );
  console.log(
    `scale-processes: ratio ${fmt(ratio(twoRps, one.rps))} of one process, overspend ${overspend}, reconcile ${reconcile.mismatches}`,
  );
  if (overspend > 0 || reconcile.mismatches > 0) process.exitCode = 1;
} finally {
  for (const child of children.reverse()) await child.stop();
  await engines.close();
}
