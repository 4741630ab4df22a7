// Requests per second of the series and preview endpoints, as a ratio to a bare Express route that returns the
// same JSON (the same bytes), measured in the same run. Target: a ratio of at least 0.6. Then the series shaped
// (`units=pc1&frequency=quarterly`: aggregated, then transformed) as a ratio to the plain series call on the same
// routes (issue 18's target: at least 0.7), with the response cache as served and without it (every request
// shaping the whole daily series again, from the whole series kept in memory: infra/datasets/whole-series.ts).
//
//   node --import tsx bench/datasets.ts [--duration 5] [--connections 10] [--rounds 2]
//
// The servers run in a child process so autocannon's own work does not share their event loop. Rounds
// alternate baseline and candidate, so load from other processes on the machine hits both alike.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import express from 'express';
import { datasetActivities } from '../activities/datasets.js';
import { createApp } from '../api/app.js';
import { datasetRoutes } from '../api/routes/datasets.js';
import { datasetMigrations } from '../infra/datasets/migrations.js';
import { createLogger } from '../infra/logger.js';
import { migrate } from '../infra/sql/migrate.js';
import { openPglite } from '../infra/sql/pglite.js';

const SERIES = '/api/v1/datasets/brent-crude-daily/series';
const PREVIEW = '/data/brent-crude-daily/preview';

interface Ports {
  baseline: number;
  router: number;
  app: number;
  /** The routes with their response cache off. */
  uncached: number;
}

const SHAPED = `${SERIES}?units=pc1&frequency=quarterly`;

/** Child: PGlite with one dataset loaded, and three servers. */
async function serve(): Promise<void> {
  const logger = createLogger('silent', 'bench');
  const sql = await openPglite();
  await migrate(sql, datasetMigrations);
  await datasetActivities({ sql, logger }).refreshDataset({
    slug: 'brent-crude-daily',
    refreshId: 'bench',
    startedAt: new Date().toISOString(),
  });

  const listen = async (app: express.Express) => {
    const server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return (server.address() as AddressInfo).port;
  };

  // The routes alone in a bare Express app: what this module costs.
  const routerApp = express();
  routerApp.set('etag', false);
  routerApp.use(datasetRoutes({ sql }));
  const router = await listen(routerApp);

  const uncachedApp = express();
  uncachedApp.set('etag', false);
  uncachedApp.use(datasetRoutes({ sql, cacheTtlMs: 0 }));
  const uncached = await listen(uncachedApp);

  // The same routes inside the service's app (request ids, access log, metrics, error handling).
  const app = await listen(createApp({ logger, readiness: {}, routers: [datasetRoutes({ sql })] }));

  // The baseline: the same JSON objects, serialised by res.json on every request, as a plain route would.
  const bodies: Record<string, unknown> = {};
  for (const path of [SERIES, PREVIEW]) bodies[path] = await (await fetch(`http://127.0.0.1:${router}${path}`)).json();
  const baselineApp = express();
  baselineApp.set('etag', false);
  baselineApp.get(SERIES, (_req, res) => {
    res.json(bodies[SERIES]);
  });
  baselineApp.get(PREVIEW, (_req, res) => {
    res.json(bodies[PREVIEW]);
  });
  const baseline = await listen(baselineApp);

  process.stdout.write(`${JSON.stringify({ baseline, router, app, uncached } satisfies Ports)}\n`);
}

async function measure(url: string, duration: number, connections: number): Promise<number> {
  const result = await autocannon({ url, duration, connections, pipelining: 1 });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result.requests.average;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '5' },
      connections: { type: 'string', default: '10' },
      rounds: { type: 'string', default: '2' },
    },
  });
  const duration = Number(values.duration);
  const connections = Number(values.connections);
  const rounds = Number(values.rounds);

  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const [line] = (await once(child.stdout!, 'data')) as [Buffer];
    const ports = JSON.parse(line.toString()) as Ports;
    const at = (port: number, path: string) => `http://127.0.0.1:${port}${path}`;
    const sizes: Record<string, number> = {};
    for (const path of [SERIES, PREVIEW]) {
      const [ours, theirs] = await Promise.all([fetch(at(ports.router, path)), fetch(at(ports.baseline, path))]);
      const [a, b] = [Buffer.byteLength(await ours.text()), Buffer.byteLength(await theirs.text())];
      if (a !== b) throw new Error(`${path}: bodies differ in size (${a} vs ${b})`);
      sizes[path] = a;
    }

    // Warm both up (JIT, caches) before measuring.
    for (const port of Object.values(ports))
      for (const path of [SERIES, PREVIEW, SHAPED]) await measure(at(port, path), 1, connections);

    const totals: Record<string, Record<keyof Ports, number[]>> = {};
    const shaped: Record<'plain' | 'shaped' | 'plainUncached' | 'shapedUncached', number[]> = {
      plain: [],
      shaped: [],
      plainUncached: [],
      shapedUncached: [],
    };
    for (let round = 0; round < rounds; round++) {
      for (const path of [SERIES, PREVIEW]) {
        totals[path] ??= { baseline: [], router: [], app: [], uncached: [] };
        for (const target of ['baseline', 'router', 'app'] as const)
          totals[path][target].push(await measure(at(ports[target], path), duration, connections));
      }
      shaped.plain.push(await measure(at(ports.router, SERIES), duration, connections));
      shaped.shaped.push(await measure(at(ports.router, SHAPED), duration, connections));
      shaped.plainUncached.push(await measure(at(ports.uncached, SERIES), duration, connections));
      shaped.shapedUncached.push(await measure(at(ports.uncached, SHAPED), duration, connections));
    }

    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    console.log(
      `datasets bench: ${rounds} round(s) of ${duration} s, ${connections} connections, servers in a child process`,
    );
    let worst = Infinity;
    for (const path of [SERIES, PREVIEW]) {
      const t = totals[path]!;
      const [base, router, app] = [mean(t.baseline), mean(t.router), mean(t.app)];
      worst = Math.min(worst, router / base);
      console.log(
        `${path} (${sizes[path]} bytes): baseline ${base.toFixed(0)} req/s; routes ${router.toFixed(0)} req/s, ratio ${(router / base).toFixed(2)}; ` +
          `in the service app ${app.toFixed(0)} req/s, ratio ${(app / base).toFixed(2)}`,
      );
    }
    console.log(
      `worst ratio (routes vs baseline): ${worst.toFixed(2)} (target >= 0.6) ${worst >= 0.6 ? 'OK' : 'BELOW TARGET'}`,
    );
    const [plain, pc1, plainUncached, pc1Uncached] = [
      mean(shaped.plain),
      mean(shaped.shaped),
      mean(shaped.plainUncached),
      mean(shaped.shapedUncached),
    ];
    console.log(
      `${SHAPED}: ${pc1.toFixed(0)} req/s against the plain series' ${plain.toFixed(0)}, ratio ${(pc1 / plain).toFixed(2)} (target >= 0.7) ${pc1 / plain >= 0.7 ? 'OK' : 'BELOW TARGET'}`,
    );
    console.log(
      `  without the response cache: ${pc1Uncached.toFixed(0)} req/s against ${plainUncached.toFixed(0)}, ratio ${(pc1Uncached / plainUncached).toFixed(2)}`,
    );
  } finally {
    child.kill();
  }
}

if (process.argv.includes('--serve')) {
  await serve();
} else {
  await main();
}
