// A table's column header over a value. In a row of cells ("Start date   01/01/2026   01/01/2025") the header
// row above the table ("This year   Last year", "Neu   Bisher") says what each column's values are: the words a
// value is read with, as a label beside it would be. A header row holds no digit; the rows between it and the
// value are the table's body (two cells or more each, and they may hold digits). Columns are matched by where
// the reader placed the words (the header cell over the value's cell), else counted from the right: a table's
// first column holds the rows' labels, and its header cell is often empty, which a text layer drops.
import { periodStanding } from './currency.js';
import { cellsOf, type Cell } from './layout.js';
import { fold, type Doc, type Line } from './text.js';

/** How many rows above a value its table's header is looked for. */
const REACH = 8;

export interface Span {
  text: string;
  start: number;
  end: number;
}

/** A line's cells by its text alone: runs of three spaces or more divide them. */
export function cellSpans(text: string): Span[] {
  const out: Span[] = [];
  for (const m of text.matchAll(/\S+(?:\s{1,2}\S+)*/g))
    out.push({ text: m[0], start: m.index, end: m.index + m[0].length });
  return out;
}

const overlap = (a: Cell, b: Cell) => Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);

/** The header cell over `own` in `header`, by the words' boxes; undefined when either row has no boxes. */
function byBoxes(line: Line, at: number, header: Line): string | undefined {
  const own = cellsOf(line)?.find((c) => at >= c.start && at < c.end);
  const cells = cellsOf(header);
  if (!own || !cells) return undefined;
  let best: Cell | undefined;
  for (const cell of cells)
    if (cell.page === own.page && overlap(cell, own) > 0 && (!best || overlap(cell, own) > overlap(best, own)))
      best = cell;
  return best ? fold(best.text) : '';
}

/**
 * The folded words of the header over the value at `at` on line `n`, or '' when the value is not in a table's
 * value column (a lone pair "Start   01/01/2026" is a label and its value, not a table: its row needs a third
 * cell, or no label cell at all).
 */
export function columnHeader(doc: Doc, n: number, at: number): string {
  const line = doc.lines[n]!;
  const own = cellSpans(line.text);
  const index = own.findIndex((c) => at >= c.start && at < c.end);
  if (index < 0 || own.length < 2) return '';
  const labelled = !/\d/.test(own[0]!.text);
  if (labelled && (index === 0 || own.length < 3)) return '';
  const fromRight = own.length - 1 - index;
  for (let k = n - 1; k >= 0 && k >= n - REACH; k--) {
    const row = doc.lines[k]!;
    const cells = cellSpans(row.text);
    if (cells.length < 2) return '';
    if (/\d/.test(row.text)) continue;
    const placed = byBoxes(line, at, row);
    if (placed !== undefined) return placed;
    const cell = cells[cells.length - 1 - fromRight];
    return cell ? fold(cell.text) : '';
  }
  return '';
}

/** The value's column is headed as a past period's ("Last year", "Bisher", "Année précédente"): last year's value. */
export const inPastColumn = (doc: Doc, n: number, at: number): boolean =>
  periodStanding(columnHeader(doc, n, at)) === -1;
