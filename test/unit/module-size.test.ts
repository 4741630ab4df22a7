// Small modules of one purpose (issue 52): no production module over 300 lines, so that one can be read whole. A
// module that grows past it is split by what it does, not by where its lines fall; this lists every offender.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { fromRoot } from '../../infra/paths.js';

const FLOORS = ['api', 'application', 'activities', 'bin', 'contracts', 'domain', 'infra', 'projections', 'workflows'];
const MAX_LINES = 300;

function modulesUnder(dir: string): string[] {
  return readdirSync(fromRoot(dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return modulesUnder(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Lines as `wc -l` counts them. */
const linesOf = (path: string) => readFileSync(fromRoot(path), 'utf8').split('\n').length - 1;

const oversized = (paths: readonly string[], lines = linesOf) =>
  paths.filter((path) => lines(path) > MAX_LINES).map((path) => `${path}: ${lines(path)} lines`);

it(`finds no production module over ${MAX_LINES} lines`, () => {
  const modules = FLOORS.flatMap(modulesUnder);
  expect(modules.length).toBeGreaterThan(100);
  expect(oversized(modules)).toEqual([]);
});

it('names each module over the limit, and only those', () => {
  const sizes: Record<string, number> = { 'a.ts': 300, 'b.ts': 301, 'c.tsx': 734 };
  expect(oversized(Object.keys(sizes), (path) => sizes[path]!)).toEqual(['b.ts: 301 lines', 'c.tsx: 734 lines']);
});
