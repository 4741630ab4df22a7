// Where the quick look reads (infra/pdf/text-band.ts): the densest tenth of a page's height, and the densest half
// of that strip's width, found from ink/paper changes, so that a rule or a solid bar does not draw the look.
import { describe, expect, it } from 'vitest';
import { densestBand, densestColumns } from '../../infra/pdf/text-band.js';

/** A white page with "print" (alternating ink and paper every 2 pixels) in the given rectangle. */
function page(width: number, height: number, print: { x0: number; x1: number; y0: number; y1: number }[]) {
  const grey = new Uint8Array(width * height).fill(255);
  for (const { x0, x1, y0, y1 } of print)
    for (let y = y0; y < y1; y++)
      for (let x = x0; x < x1; x++) if (Math.floor(x / 2) % 2 === 0) grey[y * width + x] = 0;
  return grey;
}

describe('the quick look’s strip', () => {
  it('sits on the rows with the most print, not on a solid bar', () => {
    const width = 200;
    const height = 400;
    const grey = page(width, height, [{ x0: 10, x1: 190, y0: 300, y1: 330 }]);
    // A solid bar higher up: one change a row at each edge, little beside print.
    for (let y = 50; y < 90; y++) grey.fill(0, y * width + 10, y * width + 190);
    const band = densestBand(grey, width, height);
    expect(band.rows).toBe(40);
    expect(band.top).toBeGreaterThanOrEqual(290);
    expect(band.top).toBeLessThanOrEqual(300);
  });

  it('takes the half of the strip’s width that holds the print', () => {
    const width = 400;
    const height = 100;
    // Print in the right half of the strip's rows only, and a solid bar on the left.
    const grey = page(width, height, [{ x0: 220, x1: 390, y0: 20, y1: 60 }]);
    for (let y = 20; y < 60; y++) grey.fill(0, y * width + 10, y * width + 180);
    const half = densestColumns(grey, width, 20, 40);
    expect(half.columns).toBe(200);
    expect(half.left).toBeGreaterThanOrEqual(190);
    expect(half.left).toBeLessThanOrEqual(220);
  });
});
