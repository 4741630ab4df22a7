// Lighthouse on the pages for people (issue 32): /, /docs, /datasets, a dataset page and /portal, as a phone
// sees them (Lighthouse's default: mobile, throttled), served by the API process on PostgreSQL with every dataset
// loaded. Debian's Chromium (CHROME_PATH, default /usr/bin/chromium), never a downloaded one. Targets: performance
// at least 90; accessibility, best practices and SEO at least 95. Exits 1 when a page misses one.
//
//   node --import tsx bench/lighthouse.ts [--pages /,/docs] [--runs 1]
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { parseArgs, promisify } from 'node:util';
import { spawnChild, startEngines, type Child, loadBundledDatasets } from './support.js';

const run = promisify(execFile);
const CLI = createRequire(import.meta.url).resolve('lighthouse/cli/index.js');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const TARGET: Record<(typeof CATEGORIES)[number], number> = {
  performance: 90,
  accessibility: 95,
  'best-practices': 95,
  seo: 95,
};

interface Report {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { score: number | null; title: string; scoreDisplayMode: string }>;
}

async function lighthouse(url: string): Promise<Report> {
  const { stdout } = await run(
    process.execPath,
    [
      CLI,
      url,
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      `--only-categories=${CATEGORIES.join(',')}`,
      '--chrome-flags=--headless --no-sandbox --disable-gpu --disable-background-networking',
    ],
    { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' }, maxBuffer: 64 << 20 },
  );
  return JSON.parse(stdout) as Report;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { pages: { type: 'string' }, runs: { type: 'string', default: '1' } } });
  const pages = values.pages
    ? values.pages.split(',')
    : ['/', '/docs', '/datasets', '/datasets/uk-cpi-index', '/portal'];
  const runs = Number(values.runs);
  const engines = await startEngines();
  const children: Child[] = [];
  let missed = 0;
  try {
    await loadBundledDatasets(engines.databaseUrl);
    const api = await spawnChild('bin/api.ts', { ...engines.env, REDIS_URL: '' });
    children.push(api);
    console.log(`page`.padEnd(26) + CATEGORIES.map((c) => c.padStart(16)).join(''));
    for (const page of pages) {
      // The median run of each category when asked for several: Lighthouse's performance varies run to run.
      const reports: Report[] = [];
      for (let i = 0; i < runs; i += 1) reports.push(await lighthouse(`${api.url}${page}`));
      const scores = CATEGORIES.map((c) => {
        const all = reports.map((r) => Math.round((r.categories[c]?.score ?? 0) * 100)).sort((a, b) => a - b);
        return all[Math.floor(all.length / 2)]!;
      });
      const low = CATEGORIES.filter((c, i) => scores[i]! < TARGET[c]);
      missed += low.length;
      console.log(
        page.padEnd(26) +
          scores.map((s) => String(s).padStart(16)).join('') +
          (low.length ? `   below target: ${low.join(', ')}` : ''),
      );
      // What cost the points, so a miss says what to fix.
      if (low.length) {
        const failing = Object.values(reports[0]!.audits).filter(
          (a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative',
        );
        for (const audit of failing.slice(0, 8)) console.log(`    ${audit.title} (${Math.round(audit.score! * 100)})`);
      }
    }
    console.log(
      `lighthouse: ${pages.length} pages, ${missed === 0 ? 'every target met' : `${missed} scores below target`} (performance >= 90; accessibility, best practices, SEO >= 95; mobile)`,
    );
  } finally {
    for (const child of children) await child.stop();
    await engines.close();
  }
  process.exit(missed === 0 ? 0 : 1);
}

await main();
