// The thread pages are drawn in for OCR (render-apart.ts): one page at a time, each from the document's bytes, at a
// lower scheduling priority than the service's other threads, as the OCR threads run (infra/ocr/ocr-thread.cjs).
import { setPriority } from 'node:os';
import { parentPort, threadId } from 'node:worker_threads';
import { openPdf } from './pdfjs.js';
import { renderPage } from './render.js';

/** As the OCR threads: drawing a page is batch work, the API and the verifications answer people waiting. */
const RENDER_NICE = 10;

export interface RenderRequest {
  bytes: Uint8Array;
  /** From 0. */
  index: number;
  /** The resolution to draw at: OCR's by default, less for a page a person looks at. */
  dpi?: number;
}

export type RenderReply =
  | { png: Uint8Array; probe: Uint8Array; width: number; height: number; dpi: number; threadId: number }
  | { error: string };

try {
  setPriority(0, RENDER_NICE);
} catch {
  // Refused (a platform, a sandbox): the pages are drawn at the default priority, still off the event loop.
}

parentPort!.on('message', (request: RenderRequest) => {
  void render(request).then((reply) => parentPort!.postMessage(reply));
});

async function render({ bytes, index, dpi: asked }: RenderRequest): Promise<RenderReply> {
  try {
    const doc = await openPdf(bytes);
    try {
      const { png, probe, width, height, dpi } = await renderPage(await doc.getPage(index + 1), asked);
      return { png, probe, width, height, dpi, threadId };
    } finally {
      await doc.destroy();
    }
  } catch (error) {
    // The message only: a document's content never crosses back in an error.
    return { error: error instanceof Error ? error.name : 'Error' };
  }
}
