// The independent corpus (issue 20, item 5): 45 policy documents (UK, DE, FR x motor, travel, health x the five
// layouts of render.ts), each as a text PDF and as a phone photo, from a generator written apart from
// test/corpus/ and a seed of its own. The parser is developed against the first corpus only; this one measures
// how it reads documents it was not built on. Generated into test/corpus-independent/.out/<version>/ (gitignored).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Country, DocumentLanguage, FieldKey, InsuranceType } from '../../domain/extraction/types.js';
import { ensureGenerated, generatorVersion, type GeneratedDocument, type StoredEntry } from '../corpus/store.js';
import { Random } from '../../scripts/random.js';
import { relabel, rewordPhrases, type Variant } from '../corpus/blind.js';
import { drawFacts } from './facts.js';
import { photographPdf } from './photo.js';
import { LAYOUTS, renderPolicy, type Font, type Layout } from './render.js';
import { wordPolicy, type Wording } from './wording.js';

export const SEED = 77_2026;
const COUNTRIES: Country[] = ['UK', 'DE', 'FR'];
const TYPES: InsuranceType[] = ['motor', 'travel', 'health'];
const FONTS: Font[] = ['Courier', 'Times-Roman', 'Helvetica'];
const HERE = path.dirname(fileURLToPath(import.meta.url));
const SOURCES = [
  '../corpus/blind.ts',
  'corpus.ts',
  'facts.ts',
  'wording.ts',
  'render.ts',
  'photo.ts',
  '../corpus/store.ts',
  '../corpus/register.ts',
  '../../scripts/random.ts',
];

/** The fields of docs/architecture.md#extraction-results and the language: what this corpus's ground truth states. */
export const INDEPENDENT_FIELDS: readonly FieldKey[] = [
  'policy_number',
  'insurer',
  'insurance_type',
  'start_date',
  'end_date',
  'vehicle_registration',
  'language',
];

export interface IndependentTruth {
  id: string;
  country: Country;
  insurance_type: InsuranceType;
  layout: Layout;
  font: Font;
  expected: {
    policy_number: string;
    insurer: string;
    insurance_type: InsuranceType;
    start_date: string;
    end_date: string | null;
    vehicle_registration: string | null;
    language: DocumentLanguage;
    pages: number;
  };
}

export type IndependentEntry = StoredEntry<IndependentTruth>;

// What joins or introduces a value in this corpus's prose: a range's words and the underwriter's sentence.
const RANGE_WORDS = /^(?:vom|du) | (?:to|bis|au) /g;
const INSURER_WORDS = /^(?:This policy is underwritten by|Ihr Versicherer ist die|Contrat assuré par) |\.$/g;
// The running header's labels of its reference and its print date (wording.ts).
const HEADER_WORDS = /Document ref\.|Printed|Unser Zeichen|Stand|Réf\.|édité le/g;

/**
 * The wording with every field's label made up or removed (../corpus/blind.ts): the rows of the fields, the
 * words of a printed range, the underwriter's sentence. The holder's rows (decoys among them) keep theirs, but
 * in the 'decoys' variant, where they and the running header's labels are made up too.
 */
export function blindWording(w: Wording, variant: Variant, seed: number): Wording {
  if (variant === 'labelled') return w;
  const r = new Random(seed);
  const policy = w.policy.map((row) => ({
    label: relabel(row.label, variant, r),
    value: rewordPhrases(row.value, RANGE_WORDS, variant, r, ' – '),
  }));
  const blinded = { ...w, policy, insurerLine: rewordPhrases(w.insurerLine, INSURER_WORDS, variant, r) };
  if (variant !== 'decoys') return blinded;
  const holder = w.holder.map((row) => ({ ...row, label: relabel(row.label, variant, r) }));
  // The header's spacing marks its two cells: each label is replaced in place.
  const header = w.header.replace(HEADER_WORDS, () => relabel('', variant, r));
  return { ...blinded, holder, header };
}

/** Every document of the corpus as a text PDF, with its ground truth; photographed by documents(). */
export async function* textDocuments(
  variant: Variant,
): AsyncIterable<{ id: string; truth: IndependentTruth; pdf: Buffer; seed: number }> {
  let n = 0;
  for (const country of COUNTRIES) {
    for (const type of TYPES) {
      for (const layout of LAYOUTS) {
        const seed = SEED + 101 * n++;
        const facts = drawFacts(seed, country, type);
        const font = new Random(seed + 7).pick(FONTS);
        const { pdf, pages } = await renderPolicy(
          blindWording(wordPolicy(seed + 1, facts), variant, seed + 3),
          layout,
          font,
        );
        const id = `ind-${country.toLowerCase()}-${type}-${layout}`;
        const truth: IndependentTruth = {
          id,
          country,
          insurance_type: type,
          layout,
          font,
          expected: {
            policy_number: facts.policyNumber,
            insurer: facts.insurerName,
            insurance_type: type,
            start_date: facts.start,
            end_date: facts.end,
            vehicle_registration: facts.plate?.canonical ?? null,
            language: facts.lang,
            pages,
          },
        };
        yield { id, truth, pdf, seed };
      }
    }
  }
}

async function* documents(variant: Variant): AsyncIterable<GeneratedDocument<IndependentTruth>> {
  for await (const { id, truth, pdf, seed } of textDocuments(variant))
    yield { id, truth, pdf, scan: await photographPdf(pdf, seed + 2) };
}

/**
 * The corpus as written, or a label-blind variant of it (issue 30). Only ever scored: its misses are never
 * printed, in any variant.
 */
export async function ensureIndependentCorpus(
  log: (line: string) => void = () => undefined,
  variant: Variant = 'labelled',
): Promise<IndependentEntry[]> {
  const dir = path.join(
    HERE,
    variant === 'labelled' ? '.out' : `.out-${variant}`,
    generatorVersion(SEED, HERE, SOURCES),
  );
  return ensureGenerated(dir, () => documents(variant), log);
}
