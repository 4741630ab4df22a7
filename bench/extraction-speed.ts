// Extraction time per text PDF, as a ratio to the least any extraction must do: pdf.js opening the file and
// reading every page's text items. Measured on the 72 text PDFs of the corpus in the same run, documents
// alternating which of the two goes first.
//
//   node --import tsx bench/extraction-speed.ts [--rounds 3] [--ranker trained|none|file]
//
// --ranker none parses with the rules' own choice, as before the ranking model (issue 53), for comparing the two.
//
// The pipeline is the extraction activities as the workflow runs them for a text PDF: validateDocument,
// readTextLayer, parseFields (fields, insurer matching and policy formats by the product's register). Each activity loads
// the document from the blob store and validates it again, as it must (a retry may run on another worker).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { extractionActivities } from '../activities/extraction.js';
import { createLogger } from '../infra/logger.js';
import type { OcrPool } from '../infra/ocr/pool-interface.js';
import { openPdf } from '../infra/pdf/pdfjs.js';
import { ensureCorpus } from '../test/corpus/corpus.js';
import { registerFormats, registerMatcher } from '../test/corpus/register.js';
import { memoryBlobs } from '../test/support/blobs.js';
import { loadRanker } from './extraction-loko.js';

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '3' }, ranker: { type: 'string', default: 'trained' } },
});
const model = await loadRanker(values.ranker);
const ROUNDS = Number(values.rounds);

const noOcr: OcrPool = {
  size: 0,
  langs: [],
  recognize: () => Promise.reject(new Error('a text PDF needs no OCR')),
  stats: () => ({ size: 0, ready: 0, busy: 0, queued: 0, pages: 0, timeouts: 0, restarts: 0, threads: 0 }),
  close: async () => undefined,
};

const seconds = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9;

async function baseline(bytes: Buffer): Promise<number> {
  const doc = await openPdf(bytes);
  let items = 0;
  for (let n = 1; n <= doc.numPages; n++) items += (await (await doc.getPage(n)).getTextContent()).items.length;
  await doc.destroy();
  return items;
}

const work = mkdtempSync(path.join(tmpdir(), 'bench-extraction-'));
try {
  const corpus = await ensureCorpus((line) => console.log(line));
  const blobs = memoryBlobs();
  const activities = extractionActivities({
    blobs,
    ocr: noOcr,
    matchInsurer: registerMatcher(),
    fitsPolicyFormat: registerFormats(),
    logger: createLogger('silent'),
    ranker: () => model,
  });
  const docs = await Promise.all(
    corpus.entries.map(async (e) => ({
      bytes: readFileSync(e.textPdf),
      blobId: await blobs.add(readFileSync(e.textPdf)),
    })),
  );

  const pipeline = async (blobId: string) => {
    const { pages } = await activities.validateDocument(blobId);
    const layer = await activities.readTextLayer(blobId);
    return activities.parseFields({ pages: layer.pages, method: 'text', pageCount: pages });
  };
  // Warm-up: module code compiled, caches filled.
  for (const doc of docs.slice(0, 5)) {
    await baseline(doc.bytes);
    await pipeline(doc.blobId);
  }

  let base = 0;
  let full = 0;
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, doc] of docs.entries()) {
      const runBase = async () => {
        const start = process.hrtime.bigint();
        await baseline(doc.bytes);
        base += seconds(start);
      };
      const runFull = async () => {
        const start = process.hrtime.bigint();
        const result = await pipeline(doc.blobId);
        full += seconds(start);
        if (!result.policy_number) throw new Error('the pipeline found no policy number');
      };
      if ((i + round) % 2 === 0) {
        await runBase();
        await runFull();
      } else {
        await runFull();
        await runBase();
      }
    }
  }
  const n = docs.length * ROUNDS;
  console.log(`\nText PDF extraction, ${docs.length} documents x ${ROUNDS} rounds`);
  console.log(`  baseline: pdf.js open + text items of every page   ${((base / n) * 1000).toFixed(1)} ms/document`);
  console.log(`  extraction: validate + text layer + fields          ${((full / n) * 1000).toFixed(1)} ms/document`);
  console.log(`ratio extraction / baseline: ${(full / base).toFixed(2)}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
