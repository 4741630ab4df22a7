// The extraction corpus: 72 policy documents (UK, DE, FR x motor, travel, health x 8, in four layouts), each
// as a text PDF and as a scanned image-only PDF, with ground truth. Generated from a fixed seed into
// test/corpus/.out/<version>/ when missing (gitignored); the version is a hash of the generator's sources,
// so changing the generator regenerates. Tests, benches and `node --import tsx test/corpus/generate.ts` share it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Country, InsuranceType } from '../../domain/extraction/types.js';
import { renderTextPdf } from './layouts.js';
import { LAYOUTS, drawPolicy, type Truth } from './policies.js';
import { scanPdf } from './scan.js';
import { ensureGenerated, generatorVersion, type GeneratedDocument } from './store.js';

export const SEED = 20240301;
const COUNTRIES: Country[] = ['UK', 'DE', 'FR'];
const TYPES: InsuranceType[] = ['motor', 'travel', 'health'];
const PER_LINE = 8;

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SOURCES = ['corpus.ts', 'policies.ts', 'layouts.ts', 'scan.ts', 'register.ts', 'store.ts', '../../scripts/random.ts'];

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
  return generatorVersion(SEED, HERE, SOURCES);
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

async function* documents(): AsyncIterable<GeneratedDocument<Truth>> {
  let n = 0;
  for (const item of plan()) {
    const { doc, truth } = drawPolicy(SEED, item.index, item.country, item.type, item.layout);
    const { pdf, pages } = await renderTextPdf(doc);
    const scan = await scanPdf(pdf, SEED + n++);
    yield { id: doc.id, truth: { ...truth, expected: { ...truth.expected, pages } }, pdf, scan };
  }
}

/** The corpus, generated first if missing (see ensureGenerated). */
export async function ensureCorpus(log: (line: string) => void = () => undefined): Promise<Corpus> {
  const version = corpusVersion();
  const dir = corpusDir(version);
  return { dir, version, entries: await ensureGenerated(dir, documents, log) };
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
