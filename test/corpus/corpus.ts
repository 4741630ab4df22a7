// The extraction corpus: 72 policy documents (UK, DE, FR x motor, travel, health x 8, in four layouts), each
// as a text PDF and as a scanned image-only PDF, with ground truth. Generated from a fixed seed into
// test/corpus/.out/<version>/ when missing (gitignored); the version is a hash of the generator's sources,
// so changing the generator regenerates. Tests, benches and `node --import tsx test/corpus/generate.ts` share it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Country, InsuranceType } from '../../domain/extraction/types.js';
import { Random } from '../../scripts/random.js';
import { relabel, rewordPhrases, type Variant } from './blind.js';
import { renderTextPdf } from './layouts.js';
import { LAYOUTS, drawPolicy, type PolicyDocument, type Row, type Truth } from './policies.js';
import { scanPdf } from './scan.js';
import { ensureGenerated, generatorVersion, type GeneratedDocument } from './store.js';

export const SEED = 20240301;
const COUNTRIES: Country[] = ['UK', 'DE', 'FR'];
const TYPES: InsuranceType[] = ['motor', 'travel', 'health'];
const PER_LINE = 8;

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SOURCES = [
  'corpus.ts',
  'blind.ts',
  'policies.ts',
  'layouts.ts',
  'scan.ts',
  'register.ts',
  'store.ts',
  '../../scripts/random.ts',
];

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

/** Each variant in a folder of its own: a new version of one removes only that variant's older ones. */
export function corpusDir(version = corpusVersion(), variant: Variant = 'labelled'): string {
  return path.join(HERE, variant === 'labelled' ? '.out' : `.out-${variant}`, version);
}

// The letters' prose that names a field: the subject's "policy number", the sentence of the period, the
// underwriter's sentence.
const NUMBER_PHRASES = /policy number|Versicherungsschein-Nr\.|contrat n°/g;
const START_PHRASES = /Your cover starts on|Ihr Versicherungsschutz beginnt am|Votre contrat prend effet le/g;
const END_PHRASES = /and ends on|und endet am|et prend fin le|der Vertrag ist unbefristet/g;
// The words of a printed range: "From 00:01 on … to 23:59 on …", "vom … bis …", "du … au …".
const RANGE_WORDS = /^(?:From 00:01 on|vom|du) | (?:to 23:59 on|to|bis|au) /g;
const INSURER_PHRASES = /This policy is underwritten by|Risikoträger ist die|Ce contrat est assuré par/g;

/** The document with its fields' labels made up or removed (see blind.ts); the truth does not change. */
function blindDocument(doc: PolicyDocument, variant: Variant, seed: number): PolicyDocument {
  if (variant === 'labelled') return doc;
  const r = new Random(seed);
  const details = doc.details.map((row) =>
    row.field
      ? {
          ...row,
          label: relabel(row.label, variant, r),
          value: rewordPhrases(row.value, RANGE_WORDS, variant, r, ' – '),
        }
      : row,
  );
  const letter = doc.letter && {
    ...doc.letter,
    subject: rewordPhrases(doc.letter.subject, NUMBER_PHRASES, variant, r),
    paragraphs: doc.letter.paragraphs.map((p) =>
      rewordPhrases(
        rewordPhrases(rewordPhrases(p, START_PHRASES, variant, r), END_PHRASES, variant, r, '–'),
        INSURER_PHRASES,
        variant,
        r,
      ),
    ),
  };
  if (variant !== 'decoys') return { ...doc, details, letter };
  // The decoys' labels too: the holder's rows, and every other row that holds a number or a date (the issue date,
  // a previous policy's number, the first registration, the VIN, the IBAN). The cover's amounts keep theirs:
  // coverage is scored and read by its labels alone.
  const decoy = (row: Row) => !row.field && /\d/.test(row.value) && !/[€£]|\bEUR\b|\bGBP\b/.test(row.value);
  const others = (rows: Row[], all = false) =>
    rows.map((row) => (all || decoy(row) ? { ...row, label: relabel(row.label, variant, r) } : row));
  return { ...doc, holder: others(doc.holder, true), details: others(details), cover: others(doc.cover), letter };
}

/** Every document of the corpus, in a fixed order. */
export function plan(): { index: number; country: Country; type: InsuranceType; layout: (typeof LAYOUTS)[number] }[] {
  const out = [];
  for (const country of COUNTRIES) {
    for (const type of TYPES) {
      for (let i = 0; i < PER_LINE; i++)
        out.push({ index: i + 1, country, type, layout: LAYOUTS[i % LAYOUTS.length]! });
    }
  }
  return out;
}

/** Every document of the corpus as a text PDF, with its ground truth; scanned by documents(). */
export async function* textDocuments(
  variant: Variant,
): AsyncIterable<{ id: string; truth: Truth; pdf: Buffer; n: number }> {
  let n = 0;
  for (const item of plan()) {
    const { doc: labelled, truth } = drawPolicy(SEED, item.index, item.country, item.type, item.layout);
    const doc = blindDocument(labelled, variant, SEED + 31 * n);
    const { pdf, pages } = await renderTextPdf(doc);
    yield { id: doc.id, truth: { ...truth, expected: { ...truth.expected, pages } }, pdf, n: n++ };
  }
}

async function* documents(variant: Variant): AsyncIterable<GeneratedDocument<Truth>> {
  for await (const { id, truth, pdf, n } of textDocuments(variant))
    yield { id, truth, pdf, scan: await scanPdf(pdf, SEED + n) };
}

/**
 * The corpus, generated first if missing (see ensureGenerated); its label-blind variants are the parser's
 * development set for reading without labels (the independent corpus's are only ever scored).
 */
export async function ensureCorpus(
  log: (line: string) => void = () => undefined,
  variant: Variant = 'labelled',
): Promise<Corpus> {
  const version = corpusVersion();
  const dir = corpusDir(version, variant);
  return { dir, version, entries: await ensureGenerated(dir, () => documents(variant), log) };
}

/** A deterministic subset: `perLine` documents of each country and type, spread over the layouts. */
export function sample(corpus: Corpus, perLine: number): CorpusEntry[] {
  const out: CorpusEntry[] = [];
  for (const country of COUNTRIES) {
    for (const type of TYPES) {
      const line = corpus.entries.filter((e) => e.truth.country === country && e.truth.insurance_type === type);
      const step = line.length / perLine;
      for (let i = 0; i < perLine; i++) {
        const entry =
          line[
            Math.floor(i * step + ((TYPES.indexOf(type) + COUNTRIES.indexOf(country)) % Math.max(1, Math.floor(step))))
          ];
        if (entry) out.push(entry);
      }
    }
  }
  return out;
}
