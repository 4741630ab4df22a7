// The third written-apart corpus: insurance paperwork of the UK, Germany and France written from knowledge of
// real documents by a hand that has read neither the parser nor the other corpora, each with the answers a
// careful reader gives. It reuses the first corpus's document shape, renderer and scorer; everything is built in
// memory from fixed seeds, so the bytes are the same on every run.
import { buildVerification } from '../../infra/verification/load.js';
import type { ApartDocument } from '../corpus-apart/corpus.js';
import { iso, Rng } from '../corpus-apart/formats.js';
import { layout, scanPdf, textPdf, type ScanLook } from '../corpus-apart/render.js';
import { dePapers } from './documents/de.js';
import { frPapers } from './documents/fr.js';
import type { Paper } from './documents/paper.js';
import { ukPapers } from './documents/uk.js';

export { scanSample } from '../corpus-apart/corpus.js';

const SEED = 7727;

let papers: Paper[] | undefined;

/** The papers with their answers as written, UK then DE then FR (the harness reads them). */
export function apart3Papers(): Paper[] {
  papers ??= [...ukPapers(new Rng(SEED)), ...dePapers(new Rng(SEED + 1)), ...frPapers(new Rng(SEED + 2))];
  return papers;
}

/** Each document's scanner: resolution, skew, softness, grain, dust and ink drawn from its own seed. */
function scanLook(rng: Rng): ScanLook {
  return {
    dpi: rng.pick([200, 240, 300, 300]),
    rotation: 0.15 + rng.next() * 1.2,
    blur: 0.25 + rng.next() * 0.65,
    grain: 4 + rng.int(0, 10),
    specks: rng.int(30, 240),
    ink: rng.int(8, 55),
    jpegQuality: rng.int(60, 88),
  };
}

let built: ApartDocument[] | undefined;

/** The corpus; each document's PDFs are rendered when first asked for. */
export function apart3Corpus(): ApartDocument[] {
  if (built) return built;
  const { directory } = buildVerification();
  built = apart3Papers().map((paper, i) => {
    // The expected insurer is the register's name for the reference the paper was written for.
    const insurer = directory.byReference(paper.country, paper.insurer.ref);
    if (!insurer) throw new Error(`${paper.id}: no insurer ${paper.insurer.ref} in the ${paper.country} register`);
    const pages = layout(paper.blocks, paper.look);
    const look = scanLook(new Rng(SEED * 13 + i));
    let text: Promise<Buffer> | undefined;
    let scan: Promise<Buffer> | undefined;
    return {
      id: paper.id,
      country: paper.country,
      type: paper.type,
      pages: pages.length,
      truth: {
        policy_number: paper.policy,
        insurer: insurer.name,
        insurance_type: paper.type,
        start_date: paper.start && iso(paper.start),
        end_date: paper.end && iso(paper.end),
        vehicle_registration: paper.plate,
      },
      text: () => (text ??= textPdf(pages, paper.id)),
      scan: () => (scan ??= scanPdf(pages, paper.id, look, SEED * 29 + i)),
    };
  });
  return built;
}
