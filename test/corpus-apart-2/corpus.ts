// The second written-apart corpus (issue 41, item 3, a second time): documents of the kinds insurers send, written
// by a hand that has read neither the parser nor the other corpora (only the first written-apart corpus's
// renderer and scorer, which it reuses), each with what a careful reader answers. Built in memory: the same bytes
// on every run. Its documents are the shape the first written-apart corpus's scorer takes, so both are scored by
// the same code.
import { buildVerification } from '../../infra/verification/load.js';
import type { ApartDocument } from '../corpus-apart/corpus.js';
import { Rng } from '../corpus-apart/formats.js';
import { layout, scanPdf, textPdf, type ScanLook } from '../corpus-apart/render.js';
import { dePapers } from './documents/de.js';
import { frPapers } from './documents/fr.js';
import { ukPapers } from './documents/uk.js';
import { iso, type Paper } from './paper.js';

const SEED = 4242;

/** A scanner's flaws, drawn once per document: resolution, skew, softness, grain, dust and JPEG quality. */
function scanLook(rng: Rng): ScanLook {
  return {
    dpi: rng.pick([200, 240, 300, 300]),
    rotation: 0.1 + rng.next() * 1.2,
    blur: 0.25 + rng.next() * 0.6,
    grain: 4 + rng.int(0, 10),
    specks: rng.int(30, 240),
    ink: rng.int(5, 55),
    jpegQuality: rng.int(60, 88),
  };
}

/** The papers as written, UK then DE then FR. */
export const apart2Papers = (): Paper[] => [...ukPapers(), ...dePapers(), ...frPapers()];

let built: ApartDocument[] | undefined;

/** The corpus as the written-apart scorer takes it; each document's PDFs are rendered when first asked for. */
export function apart2Corpus(): ApartDocument[] {
  if (built) return built;
  const { directory } = buildVerification();
  built = apart2Papers().map((paper, i) => {
    // The answer is the register's name for the entity the paper names as carrying the risk.
    const insurer = directory.byReference(paper.country, paper.truth.insurer.ref);
    if (!insurer)
      throw new Error(
        `${paper.id}: register reference ${paper.truth.insurer.ref} is not in the ${paper.country} register`,
      );
    const pages = layout(paper.blocks, paper.look);
    const look = scanLook(new Rng(SEED * 29 + i));
    let text: Promise<Buffer> | undefined;
    let scan: Promise<Buffer> | undefined;
    return {
      id: paper.id,
      country: paper.country,
      type: paper.type,
      pages: pages.length,
      truth: {
        policy_number: paper.truth.policy_number,
        insurer: insurer.name,
        insurance_type: paper.type,
        start_date: paper.truth.start && iso(paper.truth.start),
        end_date: paper.truth.end && iso(paper.truth.end),
        vehicle_registration: paper.truth.plate,
      },
      text: () => (text ??= textPdf(pages, paper.id)),
      scan: () => (scan ??= scanPdf(pages, paper.id, look, SEED * 13 + i)),
    };
  });
  return built;
}
