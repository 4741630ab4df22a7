// Even lighting for OCR. Tesseract separates ink from paper with one threshold for the whole page (Otsu), so a
// phone photo with a shadow across one side loses every word in the shadow: the paper there is darker than the
// threshold. Dividing each pixel by the paper's brightness around it makes the paper white everywhere and
// leaves the ink dark. The paper's brightness is the brightest level of each block (ink is dark and sparse; a
// block is larger than a letter), interpolated between block centres.

const BLOCK = 48;

/** Levels the paper of a grey image to white, in place; returns the same array. */
export function flattenIllumination(grey: Uint8Array, width: number, height: number, block = BLOCK): Uint8Array {
  const cols = Math.ceil(width / block);
  const rows = Math.ceil(height / block);
  const paper = new Float32Array(cols * rows);
  for (let by = 0; by < rows; by++) {
    for (let bx = 0; bx < cols; bx++) {
      let max = 0;
      const yEnd = Math.min(height, (by + 1) * block);
      const xEnd = Math.min(width, (bx + 1) * block);
      for (let y = by * block; y < yEnd; y++) {
        for (let i = y * width + bx * block, end = y * width + xEnd; i < end; i++) if (grey[i]! > max) max = grey[i]!;
      }
      paper[by * cols + bx] = Math.max(max, 16);
    }
  }
  for (let y = 0; y < height; y++) {
    // Block centres above and below this row, and how far between them it lies.
    const fy = Math.min(Math.max((y + 0.5) / block - 0.5, 0), rows - 1);
    const y0 = Math.floor(fy);
    const y1 = Math.min(y0 + 1, rows - 1);
    const ty = fy - y0;
    for (let x = 0; x < width; x++) {
      const fx = Math.min(Math.max((x + 0.5) / block - 0.5, 0), cols - 1);
      const x0 = Math.floor(fx);
      const x1 = Math.min(x0 + 1, cols - 1);
      const tx = fx - x0;
      const top = paper[y0 * cols + x0]! * (1 - tx) + paper[y0 * cols + x1]! * tx;
      const bottom = paper[y1 * cols + x0]! * (1 - tx) + paper[y1 * cols + x1]! * tx;
      const level = top * (1 - ty) + bottom * ty;
      const i = y * width + x;
      grey[i] = Math.min(255, (grey[i]! * 255) / level);
    }
  }
  return grey;
}
