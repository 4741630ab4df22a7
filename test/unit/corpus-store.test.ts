import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureGenerated, type GeneratedDocument } from '../corpus/store.js';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function* one(): AsyncIterable<GeneratedDocument<{ n: number }>> {
  yield { id: 'doc-1', truth: { n: 1 }, pdf: new Uint8Array([1]), scan: new Uint8Array([2]) };
}

async function lockedBy(pid: number): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'corpus-store-'));
  dirs.push(root);
  const dir = path.join(root, 'abcdef123456');
  await mkdir(`${dir}.lock`);
  await writeFile(path.join(`${dir}.lock`, 'pid'), String(pid));
  return dir;
}

describe('a generated corpus shared by test files in parallel', () => {
  it('takes over at once from a holder whose process died mid-way (not after a wait of minutes)', async () => {
    const dead = spawnSync(process.execPath, ['-e', '']).pid!;
    const dir = await lockedBy(dead);
    const entries = await ensureGenerated(dir, one, () => undefined);
    expect(entries.map((e) => e.truth)).toEqual([{ n: 1 }]);
  }, 10_000);

  it('waits while the holder is alive, and goes on once its lock is gone', async () => {
    const dir = await lockedBy(process.pid);
    let settled = false;
    const pending = ensureGenerated(dir, one, () => undefined).finally(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(settled).toBe(false);
    await rm(`${dir}.lock`, { recursive: true });
    expect((await pending).map((e) => e.truth)).toEqual([{ n: 1 }]);
  }, 10_000);
});
