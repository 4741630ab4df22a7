// Small page images for OCR tests: a few lines of text drawn crisp, quick to read.
import { createCanvas } from '@napi-rs/canvas';

export async function textImage(lines: string[], options: { width?: number; fontPx?: number } = {}): Promise<Buffer> {
  const fontPx = options.fontPx ?? 42;
  const width = options.width ?? 1400;
  const height = Math.round(fontPx * 1.8 * lines.length + fontPx * 2);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = 'white';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = 'black';
  ctx.font = `${fontPx}px sans-serif`;
  lines.forEach((line, i) => ctx.fillText(line, fontPx, fontPx * 2 + i * fontPx * 1.8));
  return canvas.encode('png');
}
