// Where words sit on the page, for pairing a label with its value by layout: on the same row to its right,
// below it, or under it in its table column. The text layer (pdf.js) and OCR (tesseract) both report word
// boxes; the readers lay the words out as the lines of text the rules read, and the boxes are placed back
// on those lines here, so that the text rules and the layout see the same document. Without boxes (or where
// a word cannot be placed) the text rules decide alone.
import type { Box, PlacedWord } from './boxes.js';
import { CELL_GAP, type Line } from './text.js';

/**
 * A word as a reader found it: its text and its box on its page, x growing to the right and y downwards
 * (PDF points or image pixels: only distances on one page are compared).
 */
export interface PositionedWord {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** 0-based page index. */
  page: number;
  /** OCR's confidence in the word, 0..1; absent for a text layer's word. */
  confidence?: number;
}

/** A cell of a line (text between wide gaps) and the box around its words. */
export interface Cell extends Box {
  text: string;
  start: number;
  end: number;
}

const SPACES = /[\u00a0\u2000-\u200b\u202f\u205f\u3000\t]/g;
/** How far past the last placed word a word is looked for, when it does not come next. */
const RESYNC_WINDOW = 80;

/**
 * Places each word on the line and at the characters where the text holds it. Readers give words in the order
 * their text lays them out, so each word is looked for where the last one ended; a word the text does not hold
 * (cut off, dropped as noise) is passed over without losing the place.
 */
export function placeWords(lines: readonly Line[], words: readonly PositionedWord[]): Map<number, PlacedWord[]> {
  const placed = new Map<number, PlacedWord[]>();
  if (words.length === 0 || lines.length === 0) return placed;
  const starts: number[] = [];
  let length = 0;
  for (const line of lines) {
    starts.push(length);
    length += line.text.length + 1;
  }
  const text = lines.map((l) => l.text).join('\n');
  const lineAt = (index: number) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= index) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  let cursor = 0;
  for (const word of words) {
    for (const part of splitWord(word)) {
      let at = cursor;
      while (at < text.length && /\s/.test(text.charAt(at))) at++;
      if (!text.startsWith(part.text, at)) {
        // Not next: a little further on, past text that has no word (a short word would be found anywhere).
        const ahead =
          part.text.length >= 3 ? text.slice(at, at + RESYNC_WINDOW + part.text.length).indexOf(part.text) : -1;
        if (ahead < 0) continue;
        at += ahead;
      }
      const n = lineAt(at);
      cursor = place(placed, n, at - starts[n]!, part, at);
    }
  }
  return placed;
}

function place(
  placed: Map<number, PlacedWord[]>,
  n: number,
  start: number,
  word: PositionedWord,
  index: number,
): number {
  const list = placed.get(n) ?? [];
  list.push({
    start,
    end: start + word.text.length,
    x0: word.x0,
    y0: word.y0,
    x1: word.x1,
    y1: word.y1,
    page: word.page,
    ...(word.confidence !== undefined ? { confidence: word.confidence } : {}),
  });
  placed.set(n, list);
  return index + word.text.length;
}

/** A reader's word as the text spells it: spaces inside it split it, its box shared by character count. */
function splitWord(word: PositionedWord): PositionedWord[] {
  const clean = word.text.replace(SPACES, ' ');
  const parts = clean.split(/(\s+)/);
  if (parts.length === 1) return clean ? [{ ...word, text: clean }] : [];
  const perChar = (word.x1 - word.x0) / Math.max(1, clean.length);
  const out: PositionedWord[] = [];
  let offset = 0;
  for (const part of parts) {
    if (part && !/^\s+$/.test(part)) {
      out.push({ ...word, text: part, x0: word.x0 + offset * perChar, x1: word.x0 + (offset + part.length) * perChar });
    }
    offset += part.length;
  }
  return out;
}

/** A line's cells (split at wide gaps) with their boxes; null when a cell has no placed word. */
export function cellsOf(line: Line): Cell[] | null {
  const words = line.words;
  if (!words || words.length === 0) return null;
  const cells: Cell[] = [];
  const re = new RegExp(CELL_GAP.source, 'g');
  let from = 0;
  const add = (start: number, end: number): boolean => {
    const raw = line.text.slice(start, end);
    if (!raw.trim()) return true;
    const lead = raw.length - raw.trimStart().length;
    const inside = words.filter((w) => w.start < end && w.end > start);
    if (inside.length === 0) return false;
    cells.push({ text: raw.trim(), start: start + lead, end: start + raw.trimEnd().length, ...union(inside) });
    return true;
  };
  for (let m = re.exec(line.text); m; m = re.exec(line.text)) {
    if (!add(from, m.index)) return null;
    from = m.index + m[0].length;
  }
  if (!add(from, line.text.length)) return null;
  return cells.length > 0 ? cells : null;
}

function union(boxes: readonly Box[]): Box {
  return {
    x0: Math.min(...boxes.map((b) => b.x0)),
    y0: Math.min(...boxes.map((b) => b.y0)),
    x1: Math.max(...boxes.map((b) => b.x1)),
    y1: Math.max(...boxes.map((b) => b.y1)),
    page: boxes[0]!.page,
  };
}

/** The cell of a line that holds the character at `index`. */
export function cellAt(line: Line, index: number): Cell | null {
  return cellsOf(line)?.find((c) => index >= c.start && index < c.end) ?? null;
}

const overlap = (a: Box, b: Box) => Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
const middle = (b: Box) => (b.y0 + b.y1) / 2;

/** A value this many label heights away from its label (or farther) belongs to something else. */
const MAX_DISTANCE = 4;

/**
 * The value of a label that has none beside it in its cell, found by layout among the lines the text would
 * read it from (`lines`: below the label, or above it when the document prints captions under values):
 * - a cell on the label's own row, to its right, which the text put on a line of its own (a value set a little
 *   higher or lower than its label);
 * - else the cell of the nearest line that lies under (or over) the label's cell: a form's value under its
 *   label, a table's value in its header's column, whatever the other columns hold.
 * '' when the lines have no such cell near enough (the value is not there: another column's value, a footer,
 * the next page); undefined when the label or a line has no positions, and the text must decide.
 */
export function valueByLayout(
  labelLine: Line,
  labelStart: number,
  lines: readonly Line[],
  side: 'below' | 'above',
): string | undefined {
  const label = cellAt(labelLine, labelStart);
  if (!label || lines.length === 0) return undefined;
  const height = label.y1 - label.y0;
  if (!(height > 0)) return undefined;
  for (const [i, line] of lines.entries()) {
    const cells = cellsOf(line);
    if (!cells) return i === 0 ? undefined : '';
    const onPage = cells.filter((c) => c.page === label.page);
    if (onPage.length === 0) return '';
    const right = onPage
      .filter(
        (c) =>
          Math.abs(middle(c) - middle(label)) <= 0.5 * Math.max(height, c.y1 - c.y0) &&
          c.x0 >= label.x1 - 0.25 * height,
      )
      .sort((a, b) => a.x0 - b.x0)[0];
    if (right) return right.text;
    const distance =
      side === 'below'
        ? Math.min(...onPage.map((c) => c.y0)) - label.y1
        : label.y0 - Math.max(...onPage.map((c) => c.y1));
    if (distance > MAX_DISTANCE * height) return '';
    let best: Cell | null = null;
    for (const cell of onPage)
      if (overlap(cell, label) > 0 && (!best || overlap(cell, label) > overlap(best, label))) best = cell;
    if (best) return best.text;
  }
  return '';
}
