// The extraction activities under a real Temporal worker and dev server, run by a fixture workflow in the
// order the `extraction-{job_id}` workflow will: good documents come out as extraction results, every bad one
// fails its workflow with a clear, typed error, and the worker keeps running throughout.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { ApplicationFailure, WorkflowFailedError } from '@temporalio/client';
import type { NativeConnection, Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { extractionActivities } from '../../activities/extraction.js';
import type { ExtractionResult } from '../../domain/extraction/types.js';
import { createLogger } from '../../infra/logger.js';
import type { OcrPool } from '../../infra/ocr/pool-interface.js';
import { createOcrPool } from '../../infra/ocr/pool.js';
import { connectTemporal, type TemporalClient } from '../../infra/temporal/client.js';
import { createWorker, installTemporalRuntime } from '../../infra/temporal/worker.js';
import { ensureCorpus, type Corpus } from '../corpus/corpus.js';
import { registerMatcher } from '../corpus/register.js';
import { memoryBlobs, type TestBlobs } from '../support/blobs.js';
import * as bad from '../support/extraction/bad-pdfs.js';
import { extractionTaskQueue } from '../../contracts/extraction.js';

const taskQueue = `extraction-test-${randomUUID()}`;
const logger = createLogger('silent');
let blobs: TestBlobs;
let ocr: OcrPool;
let corpus: Corpus;
let temporal: TemporalClient;
// The fixture workflow on `taskQueue`, without activities; the activities on the extraction queue alone, as
// the service runs them (bin/service.ts).
let workers: { worker: Worker; connection: NativeConnection }[] = [];
let running: Promise<void>[] = [];

beforeAll(async () => {
  blobs = memoryBlobs();
  [ocr, corpus] = await Promise.all([createOcrPool({ size: 2 }), ensureCorpus((line) => console.log(line))]);
  installTemporalRuntime(logger);
  temporal = await connectTemporal(inject('temporalAddress'), 'default');
  workers = [
    await createWorker({
      address: inject('temporalAddress'),
      namespace: 'default',
      taskQueue,
      activities: {},
      workflowsPath: fileURLToPath(new URL('../fixtures/extraction/workflows.ts', import.meta.url)),
    }),
    await createWorker({
      address: inject('temporalAddress'),
      namespace: 'default',
      taskQueue: extractionTaskQueue(taskQueue),
      activities: extractionActivities({ blobs, ocr, matchInsurer: registerMatcher(), logger }),
      workflowsPath: null,
    }),
  ];
  running = workers.map(({ worker }) => worker.run());
}, 600_000);

afterAll(async () => {
  for (const { worker } of workers) if (worker.getState() === 'RUNNING') worker.shutdown();
  await Promise.all(running);
  for (const { connection } of workers) await connection.close();
  await temporal?.close();
  await ocr?.close();
}, 60_000);

const extract = async (bytes: Buffer): Promise<ExtractionResult> =>
  temporal.client.workflow.execute('extractionPipeline', {
    workflowId: `extraction-${randomUUID()}`,
    taskQueue,
    args: [await blobs.add(bytes)],
    workflowExecutionTimeout: '10 minutes',
  });

describe('extraction pipeline on Temporal', () => {
  it('extracts a text PDF', async () => {
    const entry = corpus.entries.find((e) => e.truth.country === 'DE' && e.truth.insurance_type === 'health')!;
    const { field_confidence: _confidence, evidence, ...result } = await extract(await readFile(entry.textPdf));
    expect(result).toEqual({ ...entry.truth.expected, method: 'text' });
    // The pages' sizes pass through the workflow to the parser: the number is boxed on its page.
    expect(evidence?.policy_number).toMatchObject({ source: 'text', box: expect.any(Object) });
  }, 120_000);

  it('extracts a scanned PDF by OCR', async () => {
    const entry = corpus.entries.find(
      (e) => e.truth.country === 'FR' && e.truth.insurance_type === 'motor' && e.truth.expected.pages === 1,
    )!;
    const result = await extract(await readFile(entry.scanPdf));
    expect(result).toMatchObject({
      method: 'ocr',
      pages: 1,
      insurance_type: 'motor',
      language: 'fr',
      insurer: entry.truth.expected.insurer,
    });
  }, 300_000);

  it.each([
    ['not a PDF', bad.notAPdf, 'invalid_document'],
    ['a truncated PDF', bad.truncated, 'invalid_document'],
    ['an encrypted PDF', bad.encrypted, 'invalid_document'],
    ['a 15 MB file', () => bad.oversized(), 'payload_too_large'],
    ['a 500-page PDF', () => bad.manyPages(500), 'invalid_document'],
    ['a page of enormous dimensions', bad.hugePage, 'invalid_document'],
  ] as const)(
    'fails the workflow for %s with a typed error, and the worker carries on',
    async (_name, make, code) => {
      const error = await extract(await make()).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(WorkflowFailedError);
      // Workflow failure <- activity failure <- the application failure the activity raised.
      const cause = (error as WorkflowFailedError).cause?.cause;
      expect(cause).toBeInstanceOf(ApplicationFailure);
      expect((cause as ApplicationFailure).type).toBe(code);
      expect((cause as ApplicationFailure).nonRetryable).toBe(true);
      for (const { worker } of workers) expect(worker.getState()).toBe('RUNNING');
    },
    120_000,
  );

  it('still extracts after all that', async () => {
    const entry = corpus.entries.find((e) => e.truth.country === 'UK' && e.truth.insurance_type === 'motor')!;
    const result = await extract(await readFile(entry.textPdf));
    expect(result.policy_number).toBe(entry.truth.expected.policy_number);
  }, 120_000);
});
