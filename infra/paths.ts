import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The repository root, found from this file whether it runs from source (tsx) or from dist/.
function findRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('package.json not found above ' + fileURLToPath(import.meta.url));
    dir = parent;
  }
  return dir;
}

export const ROOT = findRoot();
export const DATA = path.join(ROOT, 'data');
export const fromRoot = (...parts: string[]) => path.join(ROOT, ...parts);
