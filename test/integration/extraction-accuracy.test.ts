// Field accuracy floors on the generated corpus (issue 7): at least 98% of fields exact on text PDFs and 90%
// on scanned PDFs. Text: all 72 documents. Scans: 27 documents, three of each country and line of insurance
// across the four layouts (about 40 pages), to keep the suite's OCR time reasonable; the bench
// (bench/extraction-accuracy.ts) runs all 72.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtractionActivities } from '../../activities/extraction.js';
import type { BlobStore } from '../../infra/blobs.js';
import { sample, type Corpus } from '../corpus/corpus.js';
import { openCorpusExtraction, scoreCorpus, type CorpusExtraction } from '../corpus/pipeline.js';
import { formatScore, ratio } from '../corpus/score.js';

let blobs: BlobStore;
let corpus: Corpus;
let activities: ExtractionActivities;
let extraction: CorpusExtraction | undefined;

beforeAll(async () => {
  extraction = await openCorpusExtraction(2);
  ({ blobs, corpus, activities } = extraction);
}, 600_000);

afterAll(() => extraction?.close());

describe('field accuracy on the corpus', () => {
  it('is at least 98% exact on the 72 text PDFs', async () => {
    const run = await scoreCorpus(activities, blobs, corpus.entries, 'text');
    console.log(formatScore('text PDFs', run.score));
    expect(run.score.documents).toBe(72);
    expect(run.wrongShape).toEqual([]);
    expect(ratio(run.score.exact, run.score.fields)).toBeGreaterThanOrEqual(0.98);
    // The floor holds for the fields that have a value too, not only thanks to correctly empty ones.
    expect(ratio(run.score.presentExact, run.score.present)).toBeGreaterThanOrEqual(0.98);
  }, 300_000);

  it('is at least 90% exact on 27 scanned PDFs', async () => {
    const entries = sample(corpus, 3);
    expect(entries).toHaveLength(27);
    expect(new Set(entries.map((e) => e.truth.layout)).size).toBe(4);
    const run = await scoreCorpus(activities, blobs, entries, 'scan', 2);
    console.log(formatScore('scanned PDFs', run.score));
    for (const miss of run.score.misses) console.log(`  miss ${miss.id} ${miss.field}: ${JSON.stringify(miss.expected)} -> ${JSON.stringify(miss.actual)}`);
    expect(run.wrongShape).toEqual([]);
    expect(ratio(run.score.exact, run.score.fields)).toBeGreaterThanOrEqual(0.9);
    expect(ratio(run.score.presentExact, run.score.present)).toBeGreaterThanOrEqual(0.9);
  }, 20 * 60_000);
});
