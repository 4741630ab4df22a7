// PDF handling on real files: what validation refuses and why, the text layer, rendering for OCR.
import { readFile } from 'node:fs/promises';
import { loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../domain/errors.js';
import { MAX_DOCUMENT_BYTES, MAX_RENDER_PIXELS, OCR_DPI } from '../../infra/pdf/limits.js';
import { openPdf } from '../../infra/pdf/pdfjs.js';
import { renderPage } from '../../infra/pdf/render.js';
import { isUsable, readPages } from '../../infra/pdf/text-layer.js';
import { threadedPdfInspector } from '../../infra/pdf/inspector.js';
import { inspect } from '../../infra/pdf/validate.js';
import { ensureCorpus, type Corpus } from '../corpus/corpus.js';
import * as bad from '../support/extraction/bad-pdfs.js';

let corpus: Corpus;

beforeAll(async () => {
  corpus = await ensureCorpus((line) => console.log(line));
}, 600_000);

const threaded = threadedPdfInspector();
afterAll(() => threaded.close());

// The API inspects on threads of its own (infra/pdf/inspector.ts), the extraction worker in its process: both
// must accept and refuse alike, with the same codes and messages.
describe.each([
  ['in process', inspect],
  ['on an inspection thread', (bytes: Uint8Array) => threaded.inspect(bytes)],
])('validation %s', (_where, inspect) => {
  async function refusal(bytes: Buffer): Promise<DomainError> {
    const error = await inspect(bytes).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }

  it('accepts a policy PDF and reports its pages and sizes', async () => {
    const entry = corpus.entries.find((e) => e.truth.layout === 'letter')!;
    const result = await inspect(await readFile(entry.textPdf));
    expect(result).toMatchObject({ pages: 2, encrypted: false, restricted: false, version: '1.3' });
    expect(result.pageSizes).toEqual([
      { width: 595.28, height: 841.89 },
      { width: 595.28, height: 841.89 },
    ]);
  });

  it('refuses a file that is not a PDF (422)', async () => {
    const error = await refusal(bad.notAPdf());
    expect(error.code).toBe('invalid_document');
    expect(error.status).toBe(422);
    expect(error.message).toMatch(/not a PDF/);
  });

  it('refuses an empty file', async () => {
    expect((await refusal(Buffer.alloc(0))).message).toMatch(/empty/);
  });

  it('refuses a PDF cut short', async () => {
    const error = await refusal(await bad.truncated());
    expect(error.code).toBe('invalid_document');
    expect(error.message).toMatch(/incomplete/);
  });

  it('refuses a damaged PDF', async () => {
    const error = await refusal(bad.damaged());
    expect(error.code).toBe('invalid_document');
    expect(error.message).toMatch(/damaged/);
  });

  it('refuses a PDF that needs a password', async () => {
    const error = await refusal(await bad.encrypted());
    expect(error.code).toBe('invalid_document');
    expect(error.message).toMatch(/password/);
  });

  it('accepts a PDF encrypted only to restrict printing or copying, and says so', async () => {
    const result = await inspect(await bad.restricted());
    expect(result).toMatchObject({ pages: 1, encrypted: false, restricted: true });
  });

  it('refuses a file over 14 MB (413) before reading it', async () => {
    const bytes = await bad.oversized();
    expect(bytes.length).toBeGreaterThan(MAX_DOCUMENT_BYTES);
    const error = await refusal(bytes);
    expect(error.code).toBe('payload_too_large');
    expect(error.status).toBe(413);
    expect(error.message).toMatch(/15\.0 MB; the limit is 14\.0 MB/);
  });

  it('refuses a PDF of 500 pages', async () => {
    const error = await refusal(await bad.manyPages(500));
    expect(error.code).toBe('invalid_document');
    expect(error.message).toBe('The PDF has 500 pages; at most 20 are accepted.');
  });

  it('accepts 20 pages', async () => {
    expect((await inspect(await bad.manyPages(20))).pages).toBe(20);
  });

  it('refuses a page of enormous dimensions', async () => {
    const error = await refusal(await bad.hugePage());
    expect(error.code).toBe('invalid_document');
    expect(error.message).toMatch(/^Page 1 measures 7056 x 7056 cm/);
  });
});

describe('text layer', () => {
  it('reads a text PDF as lines, a table row as label and value apart', async () => {
    const entry = corpus.entries.find((e) => e.truth.layout === 'schedule' && e.truth.country === 'UK')!;
    const doc = await openPdf(await readFile(entry.textPdf));
    const [page] = await readPages(doc);
    await doc.destroy();
    expect(page!.usable).toBe(true);
    expect(page!.text).toContain(entry.truth.insurer_printed);
    expect(page!.text).toMatch(
      new RegExp(
        `(?:number|No\\.|reference)\\s{3}${entry.truth.expected.policy_number!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
      ),
    );
  });

  it('finds no usable text in a scanned PDF', async () => {
    const doc = await openPdf(await readFile(corpus.entries[0]!.scanPdf));
    const pages = await readPages(doc);
    await doc.destroy();
    expect(pages.length).toBeGreaterThan(0);
    expect(pages.every((p) => !p.usable)).toBe(true);
  });

  it('does not count a line of scanner branding or garbled glyphs as text', () => {
    expect(isUsable('Scanned with CamScanner')).toBe(false);
    expect(isUsable('\u0001\u0002\uE000\uE001'.repeat(30))).toBe(false);
    expect(isUsable('Policy number PC48291033, period of insurance 01/03/2024 to 28/02/2025')).toBe(true);
  });
});

describe('rendering', () => {
  it('renders an A4 page at the OCR resolution, as a grey PNG', async () => {
    const doc = await openPdf(await readFile(corpus.entries[0]!.scanPdf));
    const page = await renderPage(await doc.getPage(1));
    await doc.destroy();
    // A4 is 8.27 x 11.69 inches.
    expect(page.dpi).toBe(OCR_DPI);
    expect(Math.abs(page.width - 8.27 * OCR_DPI)).toBeLessThanOrEqual(2);
    expect(Math.abs(page.height - 11.69 * OCR_DPI)).toBeLessThanOrEqual(2);
    expect(page.png.subarray(1, 4).toString('latin1')).toBe('PNG');
    // IHDR: 8 bits, colour type 0 (grey).
    expect([page.png[24], page.png[25]]).toEqual([8, 0]);
    const image = await loadImage(page.png);
    expect([image.width, image.height]).toEqual([page.width, page.height]);
  });

  it('renders a page too large for the OCR resolution at a resolution within the pixel budget', async () => {
    const bytes = await bad.largePage();
    expect((await inspect(bytes)).pages).toBe(1);
    const doc = await openPdf(bytes);
    const page = await renderPage(await doc.getPage(1));
    await doc.destroy();
    expect(page.width * page.height).toBeLessThanOrEqual(MAX_RENDER_PIXELS);
    expect(page.dpi).toBeLessThan(OCR_DPI);
  });
});
