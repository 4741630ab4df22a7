// The extraction pipeline over corpus files through the real activities (in Temporal's mock activity
// environment), in the order the workflow runs them: what the accuracy test and bench measure.
import { readFile } from 'node:fs/promises';
import { MockActivityEnvironment } from '@temporalio/testing';
import { extractionActivities, type ExtractionActivities } from '../../activities/extraction.js';
import type { ExtractionResult } from '../../domain/extraction/types.js';
import type { RankerModel } from '../../domain/extraction/ranker.js';
import { memoizeReading } from '../support/extraction/memo-reading.js';
import { memoryBlobs, type TestBlobs } from '../support/blobs.js';
import { createLogger } from '../../infra/logger.js';
import type { OcrPool } from '../../infra/ocr/pool-interface.js';
import { languageFirstOcr } from '../../infra/ocr/language-first.js';
import { createOcrPool } from '../../infra/ocr/pool.js';
import { ensureCorpus, type Corpus } from './corpus.js';
import type { Expected } from './policies.js';
import { registerFormats, registerMatcher } from './register.js';
import { addToScore, emptyScore, type Score, type ScoredField } from './score.js';
import type { StoredEntry } from './store.js';

export interface CorpusExtraction {
  corpus: Corpus;
  blobs: TestBlobs;
  ocr: OcrPool;
  activities: ExtractionActivities;
  /** Closes the OCR pool and removes the blob store. */
  close(): Promise<void>;
}

/**
 * The corpus and the extraction activities on a temporary blob store and the service's OCR with `ocrWorkers`.
 */
export interface ExtractionOptions {
  /** The ranking model to parse with, read at each parse (see ExtractionDeps.ranker). */
  ranker?: () => RankerModel | null;
  /** Read and OCR each document once, whatever the runs (memo-reading.ts). */
  memoize?: boolean;
  /** 'three-languages' reads every page with eng+deu+fra, as before issue 53, to compare with. */
  ocr?: 'language-first' | 'three-languages';
}

export async function openCorpusExtraction(
  ocrWorkers: number,
  options: ExtractionOptions = {},
): Promise<CorpusExtraction> {
  const blobs = memoryBlobs();
  const [ocr, corpus] = await Promise.all([
    options.ocr === 'three-languages'
      ? createOcrPool({ size: ocrWorkers })
      : Promise.resolve(languageFirstOcr({ size: ocrWorkers })),
    ensureCorpus((line) => console.log(line)),
  ]);
  const plain = extractionActivities({
    blobs,
    ocr,
    matchInsurer: registerMatcher(),
    fitsPolicyFormat: registerFormats(),
    logger: createLogger('silent'),
    ...(options.ranker ? { ranker: options.ranker } : {}),
  });
  const activities = options.memoize ? memoizeReading(plain) : plain;
  return {
    corpus,
    blobs,
    ocr,
    activities,
    async close() {
      await ocr.close();
    },
  };
}

const call = <A extends unknown[], R>(fn: (...args: A) => Promise<R>, ...args: A): Promise<R> =>
  new MockActivityEnvironment().run(fn, ...args) as Promise<R>;

export async function extractFile(
  activities: ExtractionActivities,
  blobs: TestBlobs,
  file: string,
): Promise<ExtractionResult> {
  const blobId = await blobs.add(await readFile(file));
  const { pages } = await call(activities.validateDocument, blobId);
  const layer = await call(activities.readTextLayer, blobId);
  const missing = layer.pages.filter((p) => !p.usable).map((p) => p.index);
  const read = missing.length > 0 ? await call(activities.ocrPages, blobId, missing) : [];
  // With their word positions, so the parser can pair a label with the value under it or in its column.
  const texts = [
    ...layer.pages
      .filter((p) => p.usable)
      .map(({ index, text, words, geometry }) => ({ index, text, words, ...(geometry ? { geometry } : {}) })),
    ...read,
  ];
  return call(activities.parseFields, { pages: texts, method: read.length > 0 ? 'ocr' : 'text', pageCount: pages });
}

export interface Run {
  score: Score;
  /** Documents whose page count or method differs from what the file should give. */
  wrongShape: string[];
  seconds: number;
}

/** What scoring needs of a document's ground truth: the fields it states (others count as expected null). */
type ScoredTruth = { id: string; expected: Partial<Expected> & { pages: number } };

/**
 * Extracts each entry's text or scanned PDF, `concurrency` documents at a time, and scores the fields (all of
 * them, or those given).
 */
export async function scoreCorpus(
  activities: ExtractionActivities,
  blobs: TestBlobs,
  entries: StoredEntry<ScoredTruth>[],
  kind: 'text' | 'scan',
  concurrency = 1,
  fields?: readonly ScoredField[],
): Promise<Run> {
  const score = emptyScore(fields);
  const wrongShape: string[] = [];
  const started = Date.now();
  const queue = [...entries];
  const results = new Map<string, ExtractionResult>();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let entry = queue.shift(); entry; entry = queue.shift()) {
        results.set(
          entry.truth.id,
          await extractFile(activities, blobs, kind === 'text' ? entry.textPdf : entry.scanPdf),
        );
      }
    }),
  );
  // Scored in corpus order, whatever order the documents finished in.
  for (const entry of entries) {
    const result = results.get(entry.truth.id)!;
    addToScore(score, entry.truth.id, entry.truth.expected as Expected, result);
    if (result.pages !== entry.truth.expected.pages || result.method !== (kind === 'text' ? 'text' : 'ocr'))
      wrongShape.push(entry.truth.id);
  }
  return { score, wrongShape, seconds: (Date.now() - started) / 1000 };
}
