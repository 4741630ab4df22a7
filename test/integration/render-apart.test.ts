// Pages drawn for OCR off the event loop (infra/pdf/render-apart.ts): in a thread of the service's own, at a lower
// priority, the same image as drawn here, and a document that cannot be drawn fails its page only.
import { readFile } from 'node:fs/promises';
import { threadId } from 'node:worker_threads';
import { beforeAll, describe, expect, it } from 'vitest';
import { openPdf } from '../../infra/pdf/pdfjs.js';
import { PageNotRenderedError, renderApart } from '../../infra/pdf/render-apart.js';
import { renderPage } from '../../infra/pdf/render.js';
import { ensureCorpus, type Corpus } from '../corpus/corpus.js';
import { niceOfThreads } from '../support/threads.js';

let corpus: Corpus;

beforeAll(async () => {
  corpus = await ensureCorpus();
}, 600_000);

describe('pages drawn apart', () => {
  it('draws a scanned page in another thread, at a lower priority, as it is drawn on the event loop', async () => {
    const entry = corpus.entries.find((e) => e.truth.country === 'DE')!;
    const bytes = await readFile(entry.scanPdf);
    const apart = await renderApart(bytes, 0);
    expect(apart.threadId).not.toBe(threadId);
    const doc = await openPdf(bytes);
    const here = await renderPage(await doc.getPage(1));
    await doc.destroy();
    expect({ width: apart.width, height: apart.height, dpi: apart.dpi }).toEqual({
      width: here.width,
      height: here.height,
      dpi: here.dpi,
    });
    expect(Buffer.compare(apart.png, here.png)).toBe(0);
    if (process.platform === 'linux') {
      const nice = niceOfThreads();
      // The drawing thread yields to the others; this one (and every thread the process had) keeps its priority.
      expect(nice).toContain(10);
      expect(nice.filter((n) => n === 0).length).toBeGreaterThan(1);
    }
  });

  it('fails the page of a document that cannot be drawn, and draws the next one', async () => {
    await expect(renderApart(Buffer.from('%PDF-1.4 not really'), 0)).rejects.toBeInstanceOf(PageNotRenderedError);
    const entry = corpus.entries.find((e) => e.truth.country === 'FR') ?? corpus.entries[0]!;
    const page = await renderApart(await readFile(entry.textPdf), 0);
    expect(page.png.subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  it('draws pages asked for at once, each once', async () => {
    const entries = corpus.entries.slice(0, 4);
    const pages = await Promise.all(entries.map(async (entry) => renderApart(await readFile(entry.scanPdf), 0)));
    expect(pages.map((p) => p.png.subarray(1, 4).toString('latin1'))).toEqual(['PNG', 'PNG', 'PNG', 'PNG']);
  });
});
