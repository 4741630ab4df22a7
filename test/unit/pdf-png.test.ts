// The grey PNG encoder used for OCR page images.
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { greyPng } from '../../infra/pdf/png.js';

describe('greyPng', () => {
  it('encodes RGBA as grey a PNG reader decodes to the same luma', async () => {
    // White, black, pure red, pure green.
    const rgba = new Uint8Array([255, 255, 255, 255, 0, 0, 0, 255, 255, 0, 0, 255, 0, 255, 0, 255]);
    const png = await greyPng(rgba, 2, 2);
    const image = await loadImage(png);
    const canvas = createCanvas(2, 2);
    const ctx = canvas.getContext('2d');
    ctx.drawImage(image, 0, 0);
    const pixels = Array.from(ctx.getImageData(0, 0, 2, 2).data).filter((_, i) => i % 4 === 0);
    expect(pixels).toEqual([255, 0, 76, 149]);
  });

  it('refuses pixel data of the wrong size', async () => {
    await expect(greyPng(new Uint8Array(12), 2, 2)).rejects.toThrow(/does not match/);
  });
});
