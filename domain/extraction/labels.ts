// Finding a value by its label: "Policy number: PC48291033", "Versicherungsbeginn 01.03.2024", a label on
// one line and its value on the next, or a label in a table cell with the value in the next cell.
import { valueByLayout } from './layout.js';
import { CELL_GAP, fold, type Doc, type Line } from './text.js';

export interface Label {
  /** Matched against folded text (lower case, no accents); no flags needed. */
  pattern: RegExp;
  /**
   * Generic words ("Beginn", "fin", "Cover") count as a label only at the start of a line or a cell, or when a
   * colon follows.
   */
  strict?: boolean;
  /** Folded text just before the label that disqualifies it ("previous policy number"). */
  notAfter?: RegExp;
  /** Folded text just after the label that disqualifies it ("excess" in "excess protection"). */
  notBefore?: RegExp;
}

/** A value a rule found, with how sure the rule is of it (0..1). */
export interface Found<T> {
  value: T;
  confidence: number;
}

export interface LabelHit {
  line: Line;
  /** The value as printed after the label on the same line, separators removed; may be empty. */
  value: string;
  /**
   * Where a value sits when the label stands alone: the following lines that are not empty (at most three), or
   * the line above when the document prints captions under their values (Doc.valueSide).
   */
  below: Line[];
  /** Folded label text as matched. */
  label: string;
  /** Index in the line of the label's first character, and just after the label. */
  start: number;
  end: number;
  /** Matched by a generic word (a `strict` label): less telling than a specific label. */
  generic: boolean;
  /** Position of the hit: line number, then column. */
  order: number;
  /** Which side of the label `below` lies on. */
  side: 'below' | 'above';
}

const LEADING_SEPARATORS = /^[\s:;=|>.-]*(?:(?:n°|no\.|nr\.|n\.)\s*)?[\s:;=|>-]*/;

function isCellStart(folded: string, index: number): boolean {
  const before = folded.slice(0, index);
  return /^[\s\d.)*•·-]*$/.test(before) || /\s{3,}$/.test(before) || /[|:]\s*$/.test(before);
}

// Each label list's patterns compiled once with the global flag (a list is a module's constant), not per line.
const compiled = new WeakMap<readonly Label[], RegExp[]>();
function globalPatterns(labels: readonly Label[]): RegExp[] {
  let patterns = compiled.get(labels);
  if (!patterns) {
    patterns = labels.map((label) => new RegExp(label.pattern.source, 'g'));
    compiled.set(labels, patterns);
  }
  return patterns;
}

/** Every place a label occurs, in reading order. */
export function findLabels(doc: Doc, labels: readonly Label[]): LabelHit[] {
  const hits: LabelHit[] = [];
  const seen = new Set<string>();
  const patterns = globalPatterns(labels);
  for (const line of doc.lines) {
    for (const [k, label] of labels.entries()) {
      const re = patterns[k]!;
      re.lastIndex = 0;
      for (let m = re.exec(line.folded); m; m = re.exec(line.folded)) {
        if (m[0].length === 0) {
          re.lastIndex++;
          continue;
        }
        const start = m.index;
        const end = start + m[0].length;
        // A label is a whole word (or words): not the middle of a longer word.
        if (start > 0 && /[a-z0-9]/.test(line.folded.charAt(start - 1))) continue;
        if (/[a-z]/.test(line.folded.charAt(end))) continue;
        const after = line.folded.slice(end);
        if (label.strict && !isCellStart(line.folded, start) && !/^\s*:/.test(after)) continue;
        if (label.notAfter && label.notAfter.test(line.folded.slice(Math.max(0, start - 40), start))) continue;
        if (label.notBefore && label.notBefore.test(after)) continue;
        const key = `${line.n}:${start}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const raw = line.text.slice(end);
        const value = raw.replace(LEADING_SEPARATORS, '').trimEnd();
        const lonely = doc.valueSide === 'above' ? lineAbove(doc, line) : null;
        hits.push({
          line,
          value,
          below: lonely ? [lonely] : linesBelow(doc, line),
          label: m[0],
          start,
          end,
          generic: Boolean(label.strict),
          order: line.n * 10_000 + start,
          side: lonely ? 'above' : 'below',
        });
      }
    }
  }
  return hits.sort((a, b) => a.order - b.order);
}

/** The nearest line above with something on it. */
function lineAbove(doc: Doc, line: Line): Line | null {
  for (let n = line.n - 1; n >= 0; n--) {
    const previous = doc.lines[n]!;
    if ((previous.text.match(/[\p{L}\p{N}]/gu) ?? []).length >= 2) return previous;
  }
  return null;
}

function linesBelow(doc: Doc, line: Line): Line[] {
  const out: Line[] = [];
  for (let n = line.n + 1; n < doc.lines.length && out.length < 3; n++) {
    const next = doc.lines[n]!;
    // Lines of punctuation or a lone character (a rule, a speck read by OCR) hold no value.
    if ((next.text.match(/[\p{L}\p{N}]/gu) ?? []).length >= 2) out.push(next);
  }
  return out;
}

// A value that says there is none: the line below belongs to another label.
const NONE = /^\W*(?:nil|none|n\/a|not applicable|keine?|entfallt|ohne|neant|aucune?|sans|non)\b/i;

/**
 * The texts a value is read from, nearest first: the rest of the label's line, then the first cell of the
 * line below, where forms put a value under its label ("SUM INSURED (MEDICAL)" / "£5,000,000") — unless the
 * label's line already holds a number or says there is none ("Excess: Nil").
 */
export function valueTexts(hit: LabelHit): { text: string; below: boolean }[] {
  const out: { text: string; below: boolean }[] = [];
  const same = hit.value.trim();
  if (/[\p{L}\p{N}]/u.test(same)) out.push({ text: same, below: false });
  const next = hit.below[0];
  if (next && !/\d/.test(same) && !NONE.test(fold(same))) {
    const under = textUnder(hit);
    if (under) out.push({ text: under, below: true });
  }
  return out;
}

/**
 * The value of a label printed under it (or over it): by layout when the words' positions are known — under the
 * label's own cell, whatever the other columns hold — else the cell of the next line the text points at
 * (cellUnder). '' when the layout shows there is none.
 */
export function textUnder(hit: LabelHit): string {
  const next = hit.below[0];
  if (!next) return '';
  return valueByLayout(hit.line, hit.start, hit.below, hit.side) ?? cellUnder(hit, next);
}

/**
 * The cell of `next` that holds the label's value: in a table whose header row names several columns
 * ("Policy number   Start date   End date") and whose next row has as many cells, the cell in the label's
 * column; otherwise the first cell, where a form puts the value under its label.
 */
export function cellUnder(hit: LabelHit, next: Line): string {
  const cells = next.text.trim().split(CELL_GAP);
  const header = hit.line.text.trim().split(CELL_GAP);
  const column = hit.line.text.slice(0, hit.start).replace(/^\s+/, '').split(CELL_GAP).length - 1;
  return (column > 0 && header.length === cells.length ? cells[column] : cells[0])!;
}
