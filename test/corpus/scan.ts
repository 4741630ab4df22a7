// A scanned copy of a text PDF: each page rendered to a grey image at scanner resolution, turned by a small
// angle, given paper tone, sensor noise and dust, JPEG-compressed and placed alone on a page (pdf-lib), so the
// PDF has no text layer at all.
import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument } from 'pdf-lib';
import { openPdf } from '../../infra/pdf/pdfjs.js';
import { Random } from '../../scripts/random.js';

export interface ScanOptions {
  dpi?: number;
  /** Largest turn either way, in degrees. */
  maxSkew?: number;
  /** Standard deviation of the grey noise, in levels of 255. */
  noise?: number;
  /** Share of pixels hit by dust (dark specks). */
  dust?: number;
  quality?: number;
}

type RenderParameters = Parameters<Awaited<ReturnType<Awaited<ReturnType<typeof openPdf>>['getPage']>>['render']>[0];

export async function scanPdf(textPdf: Uint8Array, seed: number, options: ScanOptions = {}): Promise<Buffer> {
  const { dpi = 200, maxSkew = 1.2, noise = 14, dust = 0.0006, quality = 0.72 } = options;
  const r = new Random(seed);
  const source = await openPdf(textPdf);
  const out = await PDFDocument.create();
  out.setCreationDate(new Date(Date.UTC(2024, 0, 1)));
  out.setModificationDate(new Date(Date.UTC(2024, 0, 1)));
  out.setProducer('corpus scanner');
  try {
    for (let n = 1; n <= source.numPages; n++) {
      const page = await source.getPage(n);
      const viewport = page.getViewport({ scale: dpi / 72 });
      const width = Math.round(viewport.width);
      const height = Math.round(viewport.height);
      const flat = createCanvas(width, height);
      await page.render({ canvas: flat as unknown as RenderParameters['canvas'], viewport }).promise;

      // The sheet lies slightly askew on the glass.
      const scan = createCanvas(width, height);
      const ctx = scan.getContext('2d');
      ctx.fillStyle = 'rgb(246,244,238)';
      ctx.fillRect(0, 0, width, height);
      const angle = ((r.next() * 2 - 1) * maxSkew * Math.PI) / 180;
      ctx.translate(width / 2 + r.int(-12, 12), height / 2 + r.int(-12, 12));
      ctx.rotate(angle);
      ctx.globalCompositeOperation = 'multiply';
      ctx.drawImage(flat, -width / 2, -height / 2);
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.globalCompositeOperation = 'source-over';

      // Grey, with sensor noise and dust.
      const image = ctx.getImageData(0, 0, width, height);
      const px = image.data;
      for (let i = 0; i < px.length; i += 4) {
        const grey = 0.299 * px[i]! + 0.587 * px[i + 1]! + 0.114 * px[i + 2]!;
        let v = grey + r.gaussian() * noise * 0.87;
        if (r.next() < dust) v = r.int(20, 110);
        v = Math.max(0, Math.min(255, v));
        px[i] = px[i + 1] = px[i + 2] = v;
      }
      ctx.putImageData(image, 0, 0);
      const jpeg = await scan.encode('jpeg', Math.round(quality * 100));
      page.cleanup();

      const embedded = await out.embedJpg(jpeg);
      const [w, h] = [(width * 72) / dpi, (height * 72) / dpi];
      const target = out.addPage([w, h]);
      target.drawImage(embedded, { x: 0, y: 0, width: w, height: h });
    }
  } finally {
    await source.destroy();
  }
  return Buffer.from(await out.save({ useObjectStreams: false }));
}
