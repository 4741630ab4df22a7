// The strip of a page where its print is densest: a small image the OCR reads first to tell the page's language
// (infra/ocr/language-first.ts) before reading the whole page with that one language. Reading costs about the
// same per line of text whatever the resolution, so a strip is cheap only by holding little text: a tenth of the
// page's height and half its width, placed where the most print is. Print is counted as changes between ink and
// paper along each row (and, for the half, each column of the strip): letters make many, a rule or a shaded bar
// few, so a table's lines or a logo do not draw the strip.

/** The strip's height as a share of the page's. */
export const BAND_SHARE = 0.1;
/** The strip's width as a share of the page's. */
export const BAND_WIDTH_SHARE = 0.5;

const INK = 128;

/** The first row and the height of the densest strip of `share` of the page's height. */
export function densestBand(
  grey: Uint8Array,
  width: number,
  height: number,
  share = BAND_SHARE,
): { top: number; rows: number } {
  const rows = Math.max(1, Math.min(height, Math.round(height * share)));
  const changes = new Float64Array(height);
  for (let y = 0; y < height; y++) {
    let count = 0;
    let inked = false;
    for (let x = y * width, end = x + width; x < end; x++) {
      const now = grey[x]! < INK;
      if (now !== inked) count++;
      inked = now;
    }
    changes[y] = count;
  }
  return { top: densestWindow(changes, rows), rows };
}

/** The first column and the width of the densest `share` of a strip's width (rows [top, top + rows)). */
export function densestColumns(
  grey: Uint8Array,
  width: number,
  top: number,
  rows: number,
  share = BAND_WIDTH_SHARE,
): { left: number; columns: number } {
  const columns = Math.max(1, Math.min(width, Math.round(width * share)));
  const changes = new Float64Array(width);
  for (let y = top; y < top + rows; y++) {
    let inked = false;
    for (let x = 0, at = y * width; x < width; x++, at++) {
      const now = grey[at]! < INK;
      if (now !== inked) changes[x]! += 1;
      inked = now;
    }
  }
  return { left: densestWindow(changes, columns), columns };
}

/** Where the `size` consecutive counts with the largest sum begin (the first such window). */
function densestWindow(counts: Float64Array, size: number): number {
  let sum = 0;
  for (let i = 0; i < size; i++) sum += counts[i]!;
  let best = sum;
  let start = 0;
  for (let i = size; i < counts.length; i++) {
    sum += counts[i]! - counts[i - size]!;
    if (sum > best) {
      best = sum;
      start = i - size + 1;
    }
  }
  return start;
}
