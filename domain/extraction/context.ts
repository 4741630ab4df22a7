// What a value's surroundings say about it, whatever its own label: the words that would label it (the text
// before it in its cell, the cell before it in its row, or the lone line on the document's label side), and
// whether those words rule it out as a policy's field (a date of birth, a customer number, a phone number).
// Found values are candidates; this is the evidence against them.
import { NOT_A_PERIOD_DATE, NOT_A_POLICY_NUMBER, WEEKDAY } from './context-terms.js';
import { CELL_GAP, type Doc, type Line } from './text.js';

/** How much of the text before a value counts as its label: a label is a few words. */
const REACH = 48;

function lastCell(text: string): string {
  const cells = text.split(CELL_GAP);
  return cells[cells.length - 1]!;
}

/** Text before a date without the date's own day of the week. */
export const withoutWeekday = (before: string): string => before.replace(WEEKDAY, '');

/**
 * The folded words that label the value at `index` of `line`: the rest of its cell before it, else the cell
 * before it, else (a value alone on its line) the line on the side where this document prints labels.
 */
export function labelContext(doc: Doc, line: Line, index: number): string {
  const before = line.folded.slice(0, index).replace(WEEKDAY, '');
  const own = lastCell(before);
  if (/[a-z]{2}/.test(own)) return own.slice(-REACH);
  const cells = before.trimEnd().split(CELL_GAP);
  // The cell before: a label, unless it holds a value of its own (another column's row met on this line).
  if (cells.length > 1 || before.trim()) {
    const previous = cells[cells.length - 1]!;
    return /\d/.test(previous) ? '' : previous.slice(-REACH);
  }
  const step = doc.valueSide === 'below' ? -1 : 1;
  for (let n = line.n + step; n >= 0 && n < doc.lines.length; n += step) {
    const next = doc.lines[n]!;
    if (!/[a-z0-9]/.test(next.folded)) continue;
    // A neighbour that holds a value of its own is another row, not this value's label.
    return /\d/.test(next.folded) ? '' : next.folded.trim().split(CELL_GAP)[0]!.slice(0, REACH);
  }
  return '';
}

export const rulesOutDate = (context: string): boolean => NOT_A_PERIOD_DATE.test(context);
export const rulesOutPolicyNumber = (context: string): boolean => NOT_A_POLICY_NUMBER.test(context);

/**
 * Lines that repeat on several pages (a running header or footer, page numbers aside): a value there is the
 * document's, not the policy's.
 */
export function runningLines(doc: Doc): Set<number> {
  const seen = new Map<string, number[]>();
  for (const line of doc.lines) {
    const key = line.folded.replace(/\d+\s*\/\s*\d+|\bpage \d+|\bseite \d+/g, '#').trim();
    if (key.length < 8) continue;
    seen.set(key, [...(seen.get(key) ?? []), line.n]);
  }
  const out = new Set<number>();
  for (const ns of seen.values()) if (ns.length > 1) for (const n of ns) out.add(n);
  return out;
}
