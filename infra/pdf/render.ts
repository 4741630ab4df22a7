// A page drawn to an image for OCR: pdf.js onto an @napi-rs/canvas canvas, white background, the paper's
// lighting evened out (illumination.ts), grey PNG out, with a strip of its densest print for a quick first look at
// its language (text-band.ts).
import { createCanvas } from '@napi-rs/canvas';
import { MAX_RENDER_PIXELS, OCR_DPI } from './limits.js';
import { flattenIllumination } from './illumination.js';
import { greyOf, pngOfGrey } from './png.js';
import { densestBand, densestColumns } from './text-band.js';
import type { PDFPageProxy } from './pdfjs.js';

type RenderParameters = Parameters<PDFPageProxy['render']>[0];

export interface RenderedPage {
  png: Buffer;
  width: number;
  height: number;
  /** The resolution actually used: lower than asked when the page is too large for the pixel budget. */
  dpi: number;
  /** The strip of the page where its print is densest, a grey PNG at the same resolution. */
  probe: Buffer;
}

export async function renderPage(
  page: PDFPageProxy,
  dpi = OCR_DPI,
  maxPixels = MAX_RENDER_PIXELS,
): Promise<RenderedPage> {
  const base = page.getViewport({ scale: 1 });
  let scale = dpi / 72;
  if (base.width * base.height * scale * scale > maxPixels) scale = Math.sqrt(maxPixels / (base.width * base.height));
  const viewport = page.getViewport({ scale });
  const width = Math.max(1, Math.floor(viewport.width));
  const height = Math.max(1, Math.floor(viewport.height));
  const canvas = createCanvas(width, height);
  try {
    // pdf.js types its canvas as the DOM's; @napi-rs/canvas implements the part it uses.
    await page.render({
      canvas: canvas as unknown as RenderParameters['canvas'],
      viewport,
      background: 'rgb(255,255,255)',
    }).promise;
    const grey = flattenIllumination(
      greyOf(canvas.getContext('2d').getImageData(0, 0, width, height).data, width, height),
      width,
      height,
    );
    const band = densestBand(grey, width, height);
    const half = densestColumns(grey, width, band.top, band.rows);
    const strip = new Uint8Array(half.columns * band.rows);
    for (let y = 0; y < band.rows; y++) {
      const from = (band.top + y) * width + half.left;
      strip.set(grey.subarray(from, from + half.columns), y * half.columns);
    }
    const [png, probe] = await Promise.all([pngOfGrey(grey, width, height), pngOfGrey(strip, half.columns, band.rows)]);
    return { png, width, height, dpi: Math.round(scale * 72), probe };
  } finally {
    page.cleanup();
    // Release the pixels now rather than when the collector gets round to it.
    canvas.width = 1;
    canvas.height = 1;
  }
}
