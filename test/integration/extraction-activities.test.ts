// The extraction activities in Temporal's mock activity environment, on real files, a real blob store and
// real OCR workers: refusals become non-retryable failures with the error code as their type; the text and
// OCR paths produce the extraction result.
import { readFile } from 'node:fs/promises';
import { ApplicationFailure, CancelledFailure } from '@temporalio/common';
import { MockActivityEnvironment } from '@temporalio/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtractionActivities } from '../../activities/extraction.js';
import type { TestBlobs } from '../support/blobs.js';
import type { OcrPool } from '../../infra/ocr/pool-interface.js';
import type { Corpus } from '../corpus/corpus.js';
import { openCorpusExtraction, type CorpusExtraction } from '../corpus/pipeline.js';
import * as bad from '../support/extraction/bad-pdfs.js';

let blobs: TestBlobs;
let ocr: OcrPool;
let corpus: Corpus;
let activities: ExtractionActivities;
let extraction: CorpusExtraction | undefined;

beforeAll(async () => {
  extraction = await openCorpusExtraction(2);
  ({ blobs, ocr, corpus, activities } = extraction);
}, 600_000);

afterAll(() => extraction?.close());

/** MockActivityEnvironment.run with the activity's own types. */
const call = <A extends unknown[], R>(
  env: MockActivityEnvironment,
  fn: (...args: A) => Promise<R>,
  ...args: A
): Promise<R> => env.run(fn, ...args) as Promise<R>;

async function failure(run: Promise<unknown>): Promise<ApplicationFailure> {
  const error = await run.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApplicationFailure);
  return error as ApplicationFailure;
}

describe('validateDocument', () => {
  it.each([
    ['not a PDF', bad.notAPdf, 'invalid_document', /not a PDF/],
    ['a truncated PDF', bad.truncated, 'invalid_document', /incomplete/],
    ['a damaged PDF', bad.damaged, 'invalid_document', /damaged/],
    ['an encrypted PDF', bad.encrypted, 'invalid_document', /password/],
    ['a 15 MB file', () => bad.oversized(), 'payload_too_large', /limit is 14\.0 MB/],
    ['a 500-page PDF', () => bad.manyPages(500), 'invalid_document', /500 pages/],
    ['a page of enormous dimensions', bad.hugePage, 'invalid_document', /measures/],
  ] as const)('refuses %s: non-retryable, typed by the error code', async (_name, make, code, message) => {
    const blobId = await blobs.add(await make());
    const error = await failure(call(new MockActivityEnvironment(), activities.validateDocument, blobId));
    expect(error.nonRetryable).toBe(true);
    expect(error.type).toBe(code);
    expect(error.message).toMatch(message);
  });

  it('reports a document gone from the blob store as a final failure', async () => {
    const error = await failure(call(new MockActivityEnvironment(), activities.validateDocument, 'f'.repeat(64)));
    expect(error).toMatchObject({ nonRetryable: true, type: 'internal_error' });
  });

  it('accepts a policy PDF', async () => {
    const entry = corpus.entries.find((e) => e.truth.layout === 'letter')!;
    const blobId = await blobs.add(await readFile(entry.textPdf));
    expect(await call(new MockActivityEnvironment(), activities.validateDocument, blobId)).toEqual({ pages: 2 });
  });
});

describe('the text path', () => {
  it('reads the text layer and parses the fields of a text PDF', async () => {
    const entry = corpus.entries.find(
      (e) => e.truth.country === 'FR' && e.truth.insurance_type === 'motor' && e.truth.layout === 'schedule',
    )!;
    const blobId = await blobs.add(await readFile(entry.textPdf));
    const env = new MockActivityEnvironment();
    const { pages } = await call(env, activities.validateDocument, blobId);
    const layer = await call(env, activities.readTextLayer, blobId);
    expect(layer.pages.map((p) => ({ index: p.index, usable: p.usable }))).toEqual([{ index: 0, usable: true }]);
    const result = await call(env, activities.parseFields, { pages: layer.pages, method: 'text', pageCount: pages });
    const { field_confidence, evidence: _evidence, ...fields } = result;
    expect(fields).toEqual({ ...entry.truth.expected, method: 'text' });
    expect(Object.values(field_confidence).every((c) => c >= 0 && c <= 1)).toBe(true);
    expect(field_confidence.policy_number).toBeGreaterThan(0.8);
  });
});

describe('the OCR path', () => {
  it('reads the pages of a scan, heartbeating, and parses the fields with confidence weighed by the reading', async () => {
    const entry = corpus.entries.find(
      (e) => e.truth.country === 'UK' && e.truth.insurance_type === 'travel' && e.truth.layout === 'stacked',
    )!;
    const blobId = await blobs.add(await readFile(entry.scanPdf));
    const env = new MockActivityEnvironment();
    const beats: unknown[] = [];
    env.on('heartbeat', (details: unknown) => beats.push(details));
    const layer = await call(env, activities.readTextLayer, blobId);
    const wanted = layer.pages.filter((p) => !p.usable).map((p) => p.index);
    expect(wanted).toEqual([0, 1]);
    const read = await call(env, activities.ocrPages, blobId, wanted);
    expect(read.map((p) => p.index)).toEqual([0, 1]);
    expect(read.every((p) => p.confidence > 0.6 && p.text.length > 100)).toBe(true);
    expect(beats.length).toBeGreaterThanOrEqual(2);

    const result = await call(env, activities.parseFields, {
      pages: read,
      method: 'ocr',
      pageCount: layer.pages.length,
    });
    expect(result).toMatchObject({
      method: 'ocr',
      pages: 2,
      policy_number: entry.truth.expected.policy_number,
      insurer: entry.truth.expected.insurer,
    });
    const text = await call(env, activities.parseFields, {
      pages: read.map(({ index, text }) => ({ index, text })),
      method: 'text',
      pageCount: 2,
    });
    // The same text counts for less when it came from OCR.
    expect(result.field_confidence.policy_number).toBeLessThan(text.field_confidence.policy_number!);
  }, 300_000);

  it('refuses page indexes the document does not have', async () => {
    const blobId = await blobs.add(await readFile(corpus.entries[0]!.scanPdf));
    const error = await failure(call(new MockActivityEnvironment(), activities.ocrPages, blobId, [0, 7]));
    expect(error).toMatchObject({ nonRetryable: true, type: 'invalid_request' });
  });

  it('stops waiting for workers when the activity is cancelled', async () => {
    const blobId = await blobs.add(await readFile(corpus.entries.find((e) => e.truth.expected.pages === 2)!.scanPdf));
    // Both workers busy elsewhere, so the activity's pages queue: cancelled while they wait, not after a guess.
    const until = async (condition: () => boolean) => {
      while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
    };
    const blockers = [0, 1].map(async () => {
      const env = new MockActivityEnvironment();
      return call(env, activities.ocrPages, blobId, [0]);
    });
    await until(() => ocr.stats().busy === 2);
    const env = new MockActivityEnvironment();
    const running = call(env, activities.ocrPages, blobId, [0, 1]).then(
      () => 'completed',
      (e: unknown) => e,
    );
    await until(() => ocr.stats().queued > 0);
    env.cancel();
    expect(await running).toBeInstanceOf(CancelledFailure);
    await Promise.all(blockers);
    expect(ocr.stats().queued).toBe(0);
  }, 300_000);
});
