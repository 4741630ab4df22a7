// The written-apart corpus (issue 41, item 3): documents of the kinds insurers send, written from a description of
// real paperwork by a hand that has not read the parser or the other corpora, each with the fields extraction
// should return. Built in memory from a fixed seed (no files): the same bytes on every run.
import { buildVerification } from '../../infra/verification/load.js';
import { deDocuments } from './documents/de.js';
import type { Country, Draft, InsuranceType } from './documents/draft.js';
import { frDocuments } from './documents/fr.js';
import { ukDocuments } from './documents/uk.js';
import { iso, Rng } from './formats.js';
import { layout, scanPdf, textPdf, type ScanLook } from './render.js';

/** The fields scored, all of the extraction result's policy fields; an expected null counts like any value. */
export const APART_FIELDS = [
  'policy_number',
  'insurer',
  'insurance_type',
  'start_date',
  'end_date',
  'vehicle_registration',
] as const;
export type ApartField = (typeof APART_FIELDS)[number];
export type Truth = Record<ApartField, string | null>;

export interface ApartDocument {
  id: string;
  country: Country;
  type: InsuranceType;
  truth: Truth;
  pages: number;
  /** The PDF with a text layer. */
  text: () => Promise<Buffer>;
  /** The same paper scanned: images only. */
  scan: () => Promise<Buffer>;
}

const SEED = 4141;

function scanLook(rng: Rng): ScanLook {
  return {
    dpi: rng.pick([200, 200, 240, 300]),
    rotation: 0.2 + rng.next() * 1.1,
    blur: 0.3 + rng.next() * 0.6,
    grain: 5 + rng.int(0, 9),
    specks: rng.int(40, 260),
    ink: rng.int(10, 60),
    jpegQuality: rng.int(62, 85),
  };
}

let built: ApartDocument[] | undefined;

/** The corpus, UK then DE then FR; each document's PDFs are rendered when first asked for. */
export function apartCorpus(): ApartDocument[] {
  if (built) return built;
  const rng = new Rng(SEED);
  const drafts: Draft[] = [...ukDocuments(rng), ...deDocuments(rng), ...frDocuments(rng)];
  const { matchInsurer } = buildVerification();
  built = drafts.map((draft, i) => {
    // The truth names the entity that carries the risk; the answer is its name in the register.
    const insurer = matchInsurer(draft.truth.underwriter, draft.country, draft.type);
    if (!insurer) throw new Error(`${draft.id}: the underwriter ${draft.truth.underwriter} is not in the register`);
    const pages = layout(draft.blocks, draft.look);
    const look = scanLook(new Rng(SEED * 31 + i));
    let text: Promise<Buffer> | undefined;
    let scan: Promise<Buffer> | undefined;
    return {
      id: draft.id,
      country: draft.country,
      type: draft.type,
      pages: pages.length,
      truth: {
        policy_number: draft.truth.policy_number,
        insurer,
        insurance_type: draft.type,
        start_date: draft.truth.start_date && iso(draft.truth.start_date),
        end_date: draft.truth.end_date && iso(draft.truth.end_date),
        vehicle_registration: draft.truth.vehicle_registration,
      },
      text: () => (text ??= textPdf(pages, draft.id)),
      scan: () => (scan ??= scanPdf(pages, draft.id, look, SEED * 17 + i)),
    };
  });
  return built;
}

/**
 * A sample of the scans for the test suite: every country and type in turn, so that a sample of n covers all
 * nine pairs once n is nine or more.
 */
export function scanSample(documents: ApartDocument[], n: number): ApartDocument[] {
  const groups = new Map<string, ApartDocument[]>();
  for (const doc of documents) {
    const key = `${doc.country}-${doc.type}`;
    groups.set(key, [...(groups.get(key) ?? []), doc]);
  }
  const out: ApartDocument[] = [];
  for (let round = 0; out.length < n && out.length < documents.length; round++) {
    for (const group of groups.values()) if (group[round] && out.length < n) out.push(group[round]!);
  }
  return out;
}
