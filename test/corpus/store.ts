// A generated corpus on disk: made once into a directory named by its generator's version, shared by test
// files running in parallel processes (a lock directory), loaded as entries with their ground truth.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface StoredEntry<T> {
  truth: T;
  textPdf: string;
  scanPdf: string;
}

export interface GeneratedDocument<T> {
  id: string;
  truth: T;
  pdf: Uint8Array;
  scan: Uint8Array;
}

/** A hash of the seed and the generator's source files: a change to either makes a new corpus. */
export function generatorVersion(seed: number, dir: string, files: readonly string[]): string {
  const hash = createHash('sha256');
  hash.update(String(seed));
  for (const file of files) hash.update(readFileSync(path.join(dir, file)));
  return hash.digest('hex').slice(0, 12);
}

async function generateInto<T>(
  dir: string,
  documents: AsyncIterable<GeneratedDocument<T>>,
  log: (line: string) => void,
): Promise<void> {
  const temporary = `${dir}.tmp-${process.pid}`;
  await rm(temporary, { recursive: true, force: true });
  await mkdir(temporary, { recursive: true });
  const ids: string[] = [];
  const started = Date.now();
  for await (const document of documents) {
    await writeFile(path.join(temporary, `${document.id}.pdf`), document.pdf);
    await writeFile(path.join(temporary, `${document.id}-scan.pdf`), document.scan);
    await writeFile(path.join(temporary, `${document.id}.json`), JSON.stringify(document.truth, null, 2) + '\n');
    ids.push(document.id);
  }
  await writeFile(path.join(temporary, 'manifest.json'), JSON.stringify({ documents: ids }, null, 2) + '\n');
  await rm(dir, { recursive: true, force: true });
  await rename(temporary, dir);
  // Corpora of earlier generator versions are dead weight now.
  for (const name of await readdir(path.dirname(dir))) {
    if (name !== path.basename(dir) && /^[0-9a-f]{12}$/.test(name))
      await rm(path.join(path.dirname(dir), name), { recursive: true, force: true });
  }
  log(`corpus: ${ids.length} documents generated in ${((Date.now() - started) / 1000).toFixed(1)} s into ${dir}`);
}

async function load<T>(dir: string): Promise<StoredEntry<T>[]> {
  const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as { documents: string[] };
  return Promise.all(
    manifest.documents.map(async (id) => ({
      truth: JSON.parse(await readFile(path.join(dir, `${id}.json`), 'utf8')) as T,
      textPdf: path.join(dir, `${id}.pdf`),
      scanPdf: path.join(dir, `${id}-scan.pdf`),
    })),
  );
}

async function abandoned(lock: string): Promise<boolean> {
  const holder = await readFile(path.join(lock, 'pid'), 'utf8').then(Number, () => undefined);
  if (holder === undefined) {
    const age = await stat(lock).then(
      (s) => Date.now() - s.mtimeMs,
      () => 0,
    );
    return age > 60_000;
  }
  try {
    process.kill(holder, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * The corpus in `dir`, generated first if missing. Concurrent callers (test files in parallel processes) wait
 * for the one that holds the lock rather than generating twice.
 */
export async function ensureGenerated<T>(
  dir: string,
  documents: () => AsyncIterable<GeneratedDocument<T>>,
  log: (line: string) => void,
): Promise<StoredEntry<T>[]> {
  const lock = `${dir}.lock`;
  for (;;) {
    if (existsSync(path.join(dir, 'manifest.json'))) return load<T>(dir);
    await mkdir(path.dirname(dir), { recursive: true });
    try {
      await mkdir(lock);
      await writeFile(path.join(lock, 'pid'), String(process.pid));
    } catch {
      // Someone else is generating. A holder that died (a test file's fork that crashed) is replaced at once, not
      // after a wait: its pid is gone. A lock without a pid a minute old was left between mkdir and writeFile.
      if (await abandoned(lock)) await rm(lock, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 1000));
      continue;
    }
    try {
      if (!existsSync(path.join(dir, 'manifest.json'))) await generateInto(dir, documents(), log);
    } finally {
      await rm(lock, { recursive: true, force: true });
    }
  }
}
