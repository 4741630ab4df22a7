// The layer rules of eslint.config.js, held against the import graph (scripts/import-graph.ts): lint sees static
// and type imports, the graph sees dynamic `import('…')` too, so a back-pointing import cannot hide in one.
import { ESLint } from 'eslint';
import { expect, it } from 'vitest';
import { fromRoot } from '../../infra/paths.js';
import { importGraph, type Graph } from '../../scripts/import-graph.js';

const RULE = '@typescript-eslint/no-restricted-imports';
const ROOMS = ['domain', 'contracts', 'infra', 'projections', 'application', 'activities', 'workflows', 'api', 'bin'];

interface Pattern {
  group?: string[];
  allowTypeImports?: boolean;
}

/** The rooms `room`'s lint rule forbids, and whether type imports of them are allowed. */
async function forbiddenFor(eslint: ESLint, room: string): Promise<{ rooms: string[]; typesAllowed: boolean }> {
  const config = (await eslint.calculateConfigForFile(fromRoot(`${room}/fixture.ts`))) as {
    rules: Record<string, [unknown, { patterns?: Pattern[] }]>;
  };
  const patterns = config.rules[RULE]?.[1].patterns ?? [];
  const rooms = patterns
    .flatMap((pattern) => pattern.group ?? [])
    .flatMap((glob) => /^\*\*\/(\w+)\/\*\*$/.exec(glob)?.[1] ?? []);
  return { rooms, typesAllowed: patterns.some((pattern) => pattern.allowTypeImports === true) };
}

/** Every edge from a module of `room` into one of `rooms`. */
const edgesInto = (graph: Graph, room: string, rooms: readonly string[]) =>
  [...graph].flatMap(([from, targets]) =>
    from.startsWith(`${room}/`)
      ? [...targets].filter((to) => rooms.includes(to.split('/')[0]!)).map((to) => `${from} -> ${to}`)
      : [],
  );

it('finds no import that points up a layer, dynamic imports included', async () => {
  const eslint = new ESLint({ cwd: fromRoot() });
  const all = importGraph(fromRoot());
  const runtime = importGraph(fromRoot(), true);
  const violations: string[] = [];
  for (const room of ROOMS) {
    const { rooms, typesAllowed } = await forbiddenFor(eslint, room);
    expect(rooms.length, `${room}/ has layer rules`).toBeGreaterThan(0);
    violations.push(...edgesInto(typesAllowed ? runtime : all, room, rooms));
  }
  expect(violations).toEqual([]);
});

it('would see a dynamic import pointing up a layer', () => {
  const graph: Graph = new Map([
    ['infra/storage.ts', new Set(['infra/sql/pglite.ts'])],
    ['infra/late.ts', new Set(['workflows/index.ts'])],
  ]);
  expect(edgesInto(graph, 'infra', ['workflows', 'api'])).toEqual(['infra/late.ts -> workflows/index.ts']);
});
