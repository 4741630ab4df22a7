// Even lighting for OCR (infra/pdf/illumination.ts): paper in a shadow becomes white, ink stays dark, so one
// threshold for the page separates them again.
import { describe, expect, it } from 'vitest';
import { flattenIllumination } from '../../infra/pdf/illumination.js';

/** A 200x100 page lit from the left: paper from 240 down to 120, and a dark stroke (40% of the paper) in each half. */
function shadowedPage() {
  const [width, height] = [200, 100];
  const grey = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const paper = 240 - (120 * x) / width;
      const ink = y >= 45 && y < 55 && ((x >= 20 && x < 30) || (x >= 170 && x < 180));
      grey[y * width + x] = Math.round(ink ? paper * 0.4 : paper);
    }
  }
  return { grey, width, height };
}

describe('flattenIllumination', () => {
  it('makes paper in the shadow as light as paper in the light, and keeps ink dark on both', () => {
    const { grey, width, height } = shadowedPage();
    const at = (x: number, y: number) => grey[y * width + x]!;
    // Before: the shadowed paper is darker than the lit ink's surroundings would allow one threshold to split.
    expect(at(190, 10)).toBeLessThan(140);
    flattenIllumination(grey, width, height, 16);
    expect(at(10, 10)).toBeGreaterThan(245);
    expect(at(190, 10)).toBeGreaterThan(245);
    expect(at(25, 50)).toBeLessThan(120);
    expect(at(175, 50)).toBeLessThan(120);
  });

  it('leaves a white page white', () => {
    const grey = new Uint8Array(64 * 64).fill(255);
    expect([...flattenIllumination(grey, 64, 64, 16)].every((v) => v === 255)).toBe(true);
  });
});
