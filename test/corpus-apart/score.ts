// Scores the written-apart corpus through the extraction activities as the `extraction-{job_id}` workflow runs
// them (validate, read the text layer, OCR the pages without usable text, parse), and keeps only totals: how
// many of each field were exact. No document's miss is kept, returned or printed, by design: the corpus stays
// out of sample only as long as nobody tunes the parser to what it got wrong.
import { MockActivityEnvironment } from '@temporalio/testing';
import { extractionActivities } from '../../activities/extraction.js';
import { memoryBlobs } from '../support/blobs.js';
import { createLogger } from '../../infra/logger.js';
import { languageFirstOcr } from '../../infra/ocr/language-first.js';
import { createOcrPool } from '../../infra/ocr/pool.js';
import { buildVerification } from '../../infra/verification/load.js';
import { APART_FIELDS, type ApartDocument, type ApartField } from './corpus.js';
import { plateKey } from './formats.js';
import type { ExtractionOptions } from '../corpus/pipeline.js';
import { memoizeReading } from '../support/extraction/memo-reading.js';

export type Form = 'text' | 'scan';

export interface ApartScore {
  form: Form;
  documents: number;
  /** Per field: exact answers out of documents. */
  fields: Record<ApartField, { exact: number; of: number }>;
  exact: number;
  of: number;
  /** Documents whose page count or reading method was not the expected one (a count, not which). */
  wrongShape: number;
  seconds: number;
}

/** Identifiers compare by their characters, not their spacing or separators; everything else exactly. */
function same(field: ApartField, expected: string | null, actual: unknown): boolean {
  if (expected === null || typeof actual !== 'string') return expected === actual;
  if (field === 'policy_number' || field === 'vehicle_registration') return plateKey(expected) === plateKey(actual);
  return expected === actual;
}

export interface ApartScorer {
  score(documents: ApartDocument[], form: Form): Promise<ApartScore>;
  close(): Promise<void>;
}

/**
 * The extraction activities with the service's insurer matcher and format check, and the service's OCR with
 * `workers` (eng+deu+fra on every page with `ocr: 'three-languages'`, as before issue 53).
 */
export async function openApartScorer(workers = 2, options: ExtractionOptions = {}): Promise<ApartScorer> {
  const blobs = memoryBlobs();
  const logger = createLogger('silent');
  const ocr =
    options.ocr === 'three-languages'
      ? await createOcrPool({ size: workers, logger })
      : languageFirstOcr({ size: workers, logger });
  const { matchInsurer, fitsPolicyFormat } = buildVerification();
  const plain = extractionActivities({
    blobs,
    ocr,
    matchInsurer,
    fitsPolicyFormat,
    logger,
    blobWaitMs: 0,
    ...(options.ranker ? { ranker: options.ranker } : {}),
  });
  const activities = options.memoize ? memoizeReading(plain) : plain;
  const inActivity = <A extends unknown[], R>(fn: (...args: A) => Promise<R>, ...args: A): Promise<R> =>
    new MockActivityEnvironment().run(fn, ...args) as Promise<R>;

  async function extract(pdf: Buffer) {
    const blobId = await blobs.add(pdf);
    try {
      const { pages } = await inActivity(activities.validateDocument, blobId);
      const layer = await inActivity(activities.readTextLayer, blobId);
      const missing = layer.pages.filter((p) => !p.usable).map((p) => p.index);
      const read = missing.length > 0 ? await inActivity(activities.ocrPages, blobId, missing) : [];
      const texts = [
        ...layer.pages.filter((p) => p.usable).map(({ index, text, words }) => ({ index, text, words })),
        ...read,
      ];
      return await inActivity(activities.parseFields, {
        pages: texts,
        method: read.length > 0 ? 'ocr' : 'text',
        pageCount: pages,
      });
    } finally {
      await blobs.delete(blobId);
    }
  }

  return {
    async score(documents, form) {
      const started = Date.now();
      const fields = Object.fromEntries(APART_FIELDS.map((f) => [f, { exact: 0, of: 0 }])) as ApartScore['fields'];
      let wrongShape = 0;
      // As many documents at once as there are OCR workers: the pool bounds the CPU, this keeps it busy.
      const queue = [...documents];
      const lanes = Array.from({ length: form === 'scan' ? workers : 1 }, async () => {
        for (let doc = queue.shift(); doc; doc = queue.shift()) {
          const result = (await extract(await (form === 'text' ? doc.text() : doc.scan()))) as unknown as Record<
            string,
            unknown
          >;
          if (result.pages !== doc.pages || result.method !== (form === 'text' ? 'text' : 'ocr')) wrongShape++;
          for (const field of APART_FIELDS) {
            fields[field].of++;
            if (same(field, doc.truth[field], result[field])) fields[field].exact++;
          }
        }
      });
      await Promise.all(lanes);
      const exact = APART_FIELDS.reduce((sum, f) => sum + fields[f].exact, 0);
      const of = APART_FIELDS.reduce((sum, f) => sum + fields[f].of, 0);
      return {
        form,
        documents: documents.length,
        fields,
        exact,
        of,
        wrongShape,
        seconds: (Date.now() - started) / 1000,
      };
    },
    close: () => ocr.close(),
  };
}

export const percent = (score: { exact: number; of: number }): string =>
  `${((100 * score.exact) / Math.max(1, score.of)).toFixed(1)}%`;

/** Totals only: one line for the corpus, one per field. */
export function formatApartScore(name: string, score: ApartScore): string {
  const lines = [
    `${name}: ${score.exact}/${score.of} fields exact (${percent(score)}) over ${score.documents} documents in ${score.seconds.toFixed(0)} s`,
  ];
  for (const field of APART_FIELDS)
    lines.push(
      `  ${field.padEnd(22)} ${String(score.fields[field].exact).padStart(3)}/${score.fields[field].of}  ${percent({ exact: score.fields[field].exact, of: score.fields[field].of })}`,
    );
  if (score.wrongShape > 0) lines.push(`  documents with a wrong page count or method: ${score.wrongShape}`);
  return lines.join('\n');
}
