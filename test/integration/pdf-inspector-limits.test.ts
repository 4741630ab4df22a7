// The API's PDF inspection threads are bounded (issue 21): a task over its time budget is refused 422, a thread
// out of memory 422, a full queue 503; never a 500 (a plain Error).
import { afterAll, expect, it } from 'vitest';
import { DomainError } from '../../domain/errors.js';
import { threadedPdfInspector, type PdfInspector } from '../../infra/pdf/inspector.js';
import { makePdf } from '../support/extraction/bad-pdfs.js';

const opened: PdfInspector[] = [];
const open = (options: Parameters<typeof threadedPdfInspector>[0]) => {
  const inspector = threadedPdfInspector(options);
  opened.push(inspector);
  return inspector;
};
afterAll(async () => {
  await Promise.all(opened.map((i) => i.close()));
});

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: unknown) => (error instanceof DomainError ? error.code : `not a DomainError: ${String(error)}`),
  );

it('refuses a task over its time budget with invalid_document, and goes on with the next', async () => {
  const pdf = await makePdf();
  const inspector = open({ threads: 1, taskBudgetMs: 1 });
  expect(await codeOf(inspector.inspect(pdf))).toBe('invalid_document');
  const roomy = open({ threads: 1 });
  expect(await codeOf(roomy.inspect(pdf))).toBe('ok');
});

it('answers service_unavailable when every thread is busy and the queue is full', async () => {
  const pdf = await makePdf();
  const inspector = open({ threads: 1, maxQueue: 1 });
  const codes = await Promise.all([inspector.inspect(pdf), inspector.inspect(pdf), inspector.inspect(pdf)].map(codeOf));
  expect(codes.sort()).toEqual(['ok', 'ok', 'service_unavailable']);
});

it('a thread without memory enough is a refusal, never an unexpected error', async () => {
  const inspector = open({ threads: 1, maxHeapMb: 4 });
  expect(['invalid_document', 'service_unavailable']).toContain(await codeOf(inspector.inspect(await makePdf())));
});
