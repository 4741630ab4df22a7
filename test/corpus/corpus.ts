// The extraction corpus: 72 policy documents (UK, DE, FR x motor, travel, health x 8, in four layouts), each
// as a text PDF and as a scanned image-only PDF, with ground truth. Generated from a fixed seed into
// test/corpus/.out/<version>/ when missing (gitignored); the version is a hash of the generator's sources,
// so changing the generator regenerates. Tests, benches and `node --import tsx test/corpus/generate.ts` share it.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Country, InsuranceType } from '../../domain/extraction/types.js';
import { renderTextPdf } from './layouts.js';
import { LAYOUTS, drawPolicy, type Truth } from './policies.js';
import { scanPdf } from './scan.js';

export const SEED = 20240301;
const COUNTRIES: Country[] = ['UK', 'DE', 'FR'];
const TYPES: InsuranceType[] = ['motor', 'travel', 'health'];
const PER_LINE = 8;

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SOURCES = ['corpus.ts', 'policies.ts', 'layouts.ts', 'scan.ts', 'register.ts', '../../scripts/random.ts'];

export interface CorpusEntry {
  truth: Truth;
  textPdf: string;
  scanPdf: string;
}

export interface Corpus {
  dir: string;
  version: string;
  entries: CorpusEntry[];
}

export function corpusVersion(): string {
  const hash = createHash('sha256');
  hash.update(String(SEED));
  for (const file of SOURCES) hash.update(readFileSync(path.join(HERE, file)));
  return hash.digest('hex').slice(0, 12);
}

export function corpusDir(version = corpusVersion()): string {
  return path.join(HERE, '.out', version);
}

/** Every document of the corpus, in a fixed order. */
export function plan(): { index: number; country: Country; type: InsuranceType; layout: (typeof LAYOUTS)[number] }[] {
  const out = [];
  for (const country of COUNTRIES) {
    for (const type of TYPES) {
      for (let i = 0; i < PER_LINE; i++) out.push({ index: i + 1, country, type, layout: LAYOUTS[i % LAYOUTS.length]! });
    }
  }
  return out;
}

async function generate(dir: string, log: (line: string) => void): Promise<void> {
  const temporary = `${dir}.tmp-${process.pid}`;
  await rm(temporary, { recursive: true, force: true });
  await mkdir(temporary, { recursive: true });
  const manifest: Truth[] = [];
  const started = Date.now();
  for (const item of plan()) {
    const { doc, truth } = drawPolicy(SEED, item.index, item.country, item.type, item.layout);
    const { pdf, pages } = await renderTextPdf(doc);
    const scan = await scanPdf(pdf, SEED + manifest.length);
    const full: Truth = { ...truth, expected: { ...truth.expected, pages } };
    await writeFile(path.join(temporary, `${doc.id}.pdf`), pdf);
    await writeFile(path.join(temporary, `${doc.id}-scan.pdf`), scan);
    await writeFile(path.join(temporary, `${doc.id}.json`), JSON.stringify(full, null, 2) + '\n');
    manifest.push(full);
  }
  await writeFile(path.join(temporary, 'manifest.json'), JSON.stringify({ seed: SEED, documents: manifest.map((t) => t.id) }, null, 2) + '\n');
  await rm(dir, { recursive: true, force: true });
  await rename(temporary, dir);
  // Corpora of earlier generator versions are dead weight now.
  for (const name of await readdir(path.dirname(dir))) {
    if (name !== path.basename(dir) && /^[0-9a-f]{12}$/.test(name)) await rm(path.join(path.dirname(dir), name), { recursive: true, force: true });
  }
  log(`corpus: ${manifest.length} documents generated in ${((Date.now() - started) / 1000).toFixed(1)} s into ${dir}`);
}

async function load(dir: string, version: string): Promise<Corpus> {
  const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as { documents: string[] };
  const entries = await Promise.all(
    manifest.documents.map(async (id) => ({
      truth: JSON.parse(await readFile(path.join(dir, `${id}.json`), 'utf8')) as Truth,
      textPdf: path.join(dir, `${id}.pdf`),
      scanPdf: path.join(dir, `${id}-scan.pdf`),
    })),
  );
  return { dir, version, entries };
}

/**
 * The corpus, generated first if missing. Concurrent callers (test files in parallel processes) wait for the
 * one that holds the lock rather than generating twice.
 */
export async function ensureCorpus(log: (line: string) => void = () => undefined): Promise<Corpus> {
  const version = corpusVersion();
  const dir = corpusDir(version);
  const lock = `${dir}.lock`;
  for (;;) {
    if (existsSync(path.join(dir, 'manifest.json'))) return load(dir, version);
    await mkdir(path.dirname(dir), { recursive: true });
    try {
      await mkdir(lock);
    } catch {
      // Someone else is generating; a lock older than ten minutes belongs to a process that died.
      const age = await stat(lock).then((s) => Date.now() - s.mtimeMs, () => 0);
      if (age > 10 * 60_000) await rm(lock, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 1000));
      continue;
    }
    try {
      if (!existsSync(path.join(dir, 'manifest.json'))) await generate(dir, log);
    } finally {
      await rm(lock, { recursive: true, force: true });
    }
  }
}

/** A deterministic subset: `perLine` documents of each country and type, spread over the layouts. */
export function sample(corpus: Corpus, perLine: number): CorpusEntry[] {
  const out: CorpusEntry[] = [];
  for (const country of COUNTRIES) {
    for (const type of TYPES) {
      const line = corpus.entries.filter((e) => e.truth.country === country && e.truth.insurance_type === type);
      const step = line.length / perLine;
      for (let i = 0; i < perLine; i++) {
        const entry = line[Math.floor(i * step + (TYPES.indexOf(type) + COUNTRIES.indexOf(country)) % Math.max(1, Math.floor(step)))];
        if (entry) out.push(entry);
      }
    }
  }
  return out;
}
