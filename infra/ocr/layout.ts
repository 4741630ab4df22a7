// Lines of an OCR'd page rebuilt from tesseract's words (its TSV output), the way the text layer builds
// them: words on one row of the page, left to right, with a wide gap kept as three spaces.
//
// Tesseract's own reading order follows its page layout analysis, which reads a table of labels and values
// as two columns: every label, then every value. Rows put each label beside its value again. A scan lies a
// little askew, so rows are found after turning word positions back by the page's skew, measured from the
// slope of tesseract's own lines.
import type { PositionedWord } from '../../domain/extraction/layout.js';

export interface OcrWord {
  text: string;
  confidence: number;
  left: number;
  top: number;
  width: number;
  height: number;
  /** Tesseract's block/paragraph/line, as one key. */
  line: string;
}

/** Words from tesseract's TSV (level 5 rows: level, page, block, par, line, word, left, top, width, height, conf, text). */
export function wordsFromTsv(tsv: string): OcrWord[] {
  const words: OcrWord[] = [];
  for (const row of tsv.split('\n')) {
    const cells = row.split('\t');
    if (cells[0] !== '5' || cells.length < 12) continue;
    const text = cells.slice(11).join('\t').trim();
    if (!text) continue;
    const [, , block, par, line, , left, top, width, height, conf] = cells.map(Number) as number[];
    words.push({
      text,
      confidence: conf!,
      left: left!,
      top: top!,
      width: width!,
      height: height!,
      line: `${block}.${par}.${line}`,
    });
  }
  return words;
}

const median = (values: number[]): number => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** The page's skew (slope dy/dx) from the bottoms of words along tesseract's lines. */
export function skewOf(words: OcrWord[]): number {
  const byLine = new Map<string, OcrWord[]>();
  for (const word of words) byLine.set(word.line, [...(byLine.get(word.line) ?? []), word]);
  const slopes: number[] = [];
  for (const line of byLine.values()) {
    if (line.length < 3) continue;
    const points = line.map((w) => ({ x: w.left + w.width / 2, y: w.top + w.height }));
    const mx = points.reduce((s, p) => s + p.x, 0) / points.length;
    const my = points.reduce((s, p) => s + p.y, 0) / points.length;
    const sxx = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
    if (sxx < 200 ** 2) continue;
    slopes.push(points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0) / sxx);
  }
  const slope = median(slopes);
  // More than ~6 degrees is not a skew this can correct; leave the page as it is.
  return Math.abs(slope) < 0.1 ? slope : 0;
}

/**
 * Specks of dust read as "©", "~" or a stray letter: short, low-confidence words without a letter or digit
 * pair are dropped.
 */
function isNoise(word: OcrWord): boolean {
  const alnum = word.text.replace(/[^\p{L}\p{N}]/gu, '').length;
  // Punctuation on its own carries nothing a field needs; a currency sign apart from its amount does, and an
  // ampersand within a name ("Royal & Sun Alliance").
  if (alnum === 0) return !/^[£€$&+]$/.test(word.text);
  return alnum <= 2 && word.confidence < 40;
}

/** The row's typical character width: the median of its longer words' width per character. */
function characterWidth(row: readonly OcrWord[]): number {
  const widths = row.filter((w) => w.text.length >= 3).map((w) => w.width / w.text.length);
  return median(widths);
}

/** A page's text and its words' boxes (turned back by the skew) in the order the text lays them out. */
export interface OcrLayout {
  text: string;
  words: PositionedWord[];
  /** The slope the words were turned level by (see skewOf). */
  skew: number;
}

/** The page image's size in pixels, from tesseract's TSV (its level 1 row); null when the TSV has none. */
export function pageSizeFromTsv(tsv: string): { width: number; height: number } | null {
  for (const row of tsv.split('\n')) {
    const cells = row.split('\t');
    if (cells[0] !== '1' || cells.length < 10) continue;
    const [width, height] = [Number(cells[8]), Number(cells[9])];
    if (width > 0 && height > 0) return { width, height };
  }
  return null;
}

export function layoutWords(words: OcrWord[]): string {
  return layoutPage(words).text;
}

/**
 * The page's lines, and where each word of them sits: boxes in the page's pixels with the skew undone, so that a
 * row is level and a column upright; `page` is 0, for the caller to set.
 */
export function layoutPage(words: OcrWord[]): OcrLayout {
  const kept = words.filter((w) => !isNoise(w));
  if (kept.length === 0) return { text: '', words: [], skew: 0 };
  const slope = skewOf(kept);
  const placed = kept
    .map((w) => {
      // Undo the skew: a point on a row drifts by slope * x.
      const shift = slope * (w.left + w.width / 2);
      return { ...w, top: w.top - shift, bottom: w.top + w.height - shift, rx: w.left - slope * w.top };
    })
    .sort((a, b) => a.top + a.bottom - (b.top + b.bottom));
  // A word joins the row above when its height overlaps the row's by half the smaller: letterhead words of
  // 16 points and descenders must not split a row, nor two rows of body text merge. The row's extent is the
  // median of its words', so one tall misread box (spanning two rows) cannot widen it.
  const rows: { words: typeof placed; top: number; bottom: number }[] = [];
  for (const word of placed) {
    const row = rows[rows.length - 1];
    const overlap = row ? Math.min(row.bottom, word.bottom) - Math.max(row.top, word.top) : 0;
    if (row && overlap >= 0.5 * Math.min(word.bottom - word.top, row.bottom - row.top)) {
      row.words.push(word);
      row.top = median(row.words.map((w) => w.top));
      row.bottom = median(row.words.map((w) => w.bottom));
    } else {
      rows.push({ words: [word], top: word.top, bottom: word.bottom });
    }
  }
  const lineHeight = median(kept.map((w) => w.height)) || 20;
  const positioned: PositionedWord[] = [];
  const text = rows
    .map(({ words: row }) => {
      row.sort((a, b) => a.rx - b.rx);
      // A cell gap is wide against the page's text height and against the row's own letters: in a monospaced
      // scan (Courier) one space is a whole character cell, wider than the height rule alone allows, and a
      // sentence read as cells loses its labels ("period   of   insurance").
      const gap = Math.max(1.2 * lineHeight, 2.2 * characterWidth(row));
      let text = '';
      let end = -Infinity;
      for (const word of row) {
        if (text) text += word.rx - end > gap ? '   ' : ' ';
        text += word.text;
        end = word.rx + word.width;
        positioned.push({
          text: word.text,
          x0: Math.round(word.rx),
          y0: Math.round(word.top),
          x1: Math.round(word.rx + word.width),
          y1: Math.round(word.bottom),
          page: 0,
          confidence: Math.max(0, Math.min(100, word.confidence)) / 100,
        });
      }
      return text;
    })
    .join('\n');
  return { text, words: positioned, skew: slope };
}
