// The import graph points down only (docs/architecture.md#layout, issue 19 item 3): no module imports, through any path, a module
// that imports it back. scripts/import-graph.ts prints the circles for a reader.
import { expect, it } from 'vitest';
import { fromRoot } from '../../infra/paths.js';
import { circles, importGraph, importsOf } from '../../scripts/import-graph.js';

it('finds no import circle in the tree, type imports included', () => {
  const graph = importGraph(fromRoot());
  expect(graph.size).toBeGreaterThan(300);
  expect(circles(graph)).toEqual([]);
});

it('sees static, type, re-exported and dynamic imports, and finds a circle made of them', () => {
  const text = `
    import a from './a.js';
    import type { B } from './b.js';
    export { c } from './c.js';
    const d = await import('./d.js');
    type E = import('./e.js').E;`;
  expect(importsOf(text, 'x.ts')).toEqual(['./a.js', './b.js', './c.js', './d.js', './e.js']);
  expect(importsOf(text, 'x.ts', true)).toEqual(['./a.js', './c.js', './d.js']);
  const graph = new Map([
    ['a.ts', new Set(['b.ts'])],
    ['b.ts', new Set(['c.ts'])],
    ['c.ts', new Set(['a.ts'])],
    ['d.ts', new Set(['a.ts', 'd.ts'])],
  ]);
  expect(circles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['d.ts']]);
});
