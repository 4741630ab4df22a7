// `npm run bench [-- name… [--option value…]]`: runs the benchmarks one after the other (they measure against
// baselines taken in the same run, so each needs the machine to itself). Without names, all of them. Options after
// the names go to each bench named (`npm run bench -- monitors --monitors 2000`).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fromRoot } from '../infra/paths.js';

// Helpers and baselines, not benchmarks.
const NOT_BENCHES = new Set([
  'run',
  'support',
  'bare-json',
  'bare-temporal',
  'bare-workflow',
  'bare-check-worker',
  'bare-check-workflow',
]);

const all = readdirSync(fromRoot('bench'))
  .filter((file) => file.endsWith('.ts'))
  .map((file) => file.slice(0, -3))
  .filter((name) => !NOT_BENCHES.has(name))
  .sort();
const args = process.argv.slice(2);
const firstOption = args.findIndex((arg) => arg.startsWith('--'));
const wanted = firstOption < 0 ? args : args.slice(0, firstOption);
const options = firstOption < 0 ? [] : args.slice(firstOption);
const unknown = wanted.filter((name) => !all.includes(name));
if (unknown.length > 0) {
  console.error(`unknown bench(es): ${unknown.join(', ')}; known: ${all.join(', ')}`);
  process.exit(2);
}
let failed = 0;
for (const name of wanted.length > 0 ? wanted : all) {
  console.log(`\n=== bench/${name}.ts`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', `bench/${name}.ts`, ...options], {
    cwd: fromRoot(),
    stdio: 'inherit',
  });
  if (result.status !== 0) failed += 1;
}
process.exit(failed > 0 ? 1 : 0);
