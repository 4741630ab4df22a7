// A deliberately poor scan of a text PDF for the evidence tests: the ink faded to a pale grey on grey paper,
// sensor noise, a low resolution and strong JPEG compression, each page an image alone on its page, so OCR
// reads the words with little confidence (or misreads some).
import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument } from 'pdf-lib';
import { openPdf } from '../../../infra/pdf/pdfjs.js';
import { Random } from '../../../scripts/random.js';

type RenderParameters = Parameters<Awaited<ReturnType<Awaited<ReturnType<typeof openPdf>>['getPage']>>['render']>[0];

export interface FaintOptions {
  /** How much of the ink's darkness is left, 0..1. */
  ink?: number;
  /** Standard deviation of the grey noise, in levels of 255. */
  noise?: number;
  dpi?: number;
  /** JPEG quality, 0..100. */
  quality?: number;
}

export async function faintScan(textPdf: Uint8Array, seed: number, options: FaintOptions = {}): Promise<Buffer> {
  const { ink = 0.22, noise = 16, dpi = 150, quality = 45 } = options;
  const r = new Random(seed);
  const source = await openPdf(textPdf);
  const out = await PDFDocument.create();
  try {
    for (let n = 1; n <= source.numPages; n++) {
      const page = await source.getPage(n);
      const viewport = page.getViewport({ scale: dpi / 72 });
      const [width, height] = [Math.round(viewport.width), Math.round(viewport.height)];
      const canvas = createCanvas(width, height);
      await page.render({
        canvas: canvas as unknown as RenderParameters['canvas'],
        viewport,
        background: 'rgb(255,255,255)',
      }).promise;
      const ctx = canvas.getContext('2d');
      const image = ctx.getImageData(0, 0, width, height);
      const px = image.data;
      for (let i = 0; i < px.length; i += 4) {
        const grey = 0.299 * px[i]! + 0.587 * px[i + 1]! + 0.114 * px[i + 2]!;
        const paper = 232;
        const v = paper - (255 - grey) * ink * (paper / 255) + r.gaussian() * noise;
        px[i] = px[i + 1] = px[i + 2] = Math.max(0, Math.min(255, v));
      }
      ctx.putImageData(image, 0, 0);
      const jpeg = await canvas.encode('jpeg', quality);
      page.cleanup();
      const embedded = await out.embedJpg(jpeg);
      const [w, h] = [(width * 72) / dpi, (height * 72) / dpi];
      out.addPage([w, h]).drawImage(embedded, { x: 0, y: 0, width: w, height: h });
    }
  } finally {
    await source.destroy();
  }
  return Buffer.from(await out.save({ useObjectStreams: false }));
}
