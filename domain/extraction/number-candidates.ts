// Policy numbers found by their form, whatever their label: every reference in the document that fits a
// policy-number format of its country (docs/verification.md), unless its own words make it another number (a customer's,
// a previous policy's) or it is one by its form and what issued it (a telephone, an IBAN, a register's number:
// number-kinds.ts). Such a candidate is less sure than one under a known label; running headers and footers (a
// document's own reference) count for less still.
import { inPastColumn } from './column-header.js';
import { labelContext, rulesOutPolicyNumber, runningLines } from './context.js';
import { nirWithKey, otherNumber } from './number-kinds.js';
import type { Found } from './labels.js';
import { readReference } from './policy-number.js';
import { CELL_GAP, type Doc } from './text.js';

/** How a reference fits the formats: 2 a format of the document's type, 1 only another type's, 0 none. */
export type FormatFit = (printed: string) => 0 | 1 | 2;

/** Words of capitals only before the first word with a digit: a label's acronym, or the reference's prefix. */
const LEADING_WORDS = /^(?:[A-Z]{2,}\.?\s+)+(?=\S*\d)/;

const REFERENCE_WORD = /^[A-Z0-9][A-Z0-9\-/.]*[,;)]*$/;

/** Where a reference may begin in a cell: at each word that does not continue a reference begun before it. */
function runStarts(cell: string): number[] {
  const starts: number[] = [];
  let previousIsReference = false;
  for (const m of cell.matchAll(/\S+/g)) {
    const isReference = REFERENCE_WORD.test(m[0]);
    if (isReference && !previousIsReference) starts.push(m.index);
    previousIsReference = isReference;
  }
  return starts;
}

/**
 * Digits that are an amount, not a reference: with a currency beside them, or with decimals ("100 000 000,00 €",
 * read as far as the reference reader stops).
 */
function isAmount(printed: string, after: string, before: string): boolean {
  // A currency's code before the digits ("EUR 1.200", "GBP 250"): an amount, though it reads like a prefixed reference.
  if (/^(?:EUR|GBP|CHF|USD)\s?\d[\d.,' ]*$/.test(printed.trim())) return true;
  if (/[A-Z]/.test(printed)) return false;
  // A round sum in thousands ("10 000 000", "5.000.000"), its currency printed elsewhere in the row or the table.
  if (/^\d{1,3}(?:[ .,']000)+$/.test(printed.trim())) return true;
  if (/(?:€|£|\$|eur|gbp)\s*$/i.test(before)) return true;
  const rest = after.match(/^[\d .,']*/)![0];
  const tail = after.slice(rest.length);
  return /[.,]\d{1,2}\s*$/.test(rest) || /^\s*(?:€|£|\$|eur\b|euro|gbp|chf|usd|mio|mrd|million|%)/i.test(tail);
}

/** Lines of the document's other fields, for judging which block a number belongs to. */
export interface Neighbours {
  /** Lines holding the period's dates (and the insurer's name): the policy's own block. */
  policy: ReadonlySet<number>;
  /** Lines holding dates ruled out as the period's (birth, issue): the holder's or the paper's block. */
  decoys: ReadonlySet<number>;
  /** A page's first line holding a date: a letterhead's (datedHeads). */
  letterhead?: ReadonlySet<number>;
}

/**
 * The first line of each page (by its words' page; without words, the document's first) that holds a date. A
 * reference printed there beside the date, under no label a rule knows, is the letter's or the paper's own ("Our
 * ref GTX-110262   25 March 2025"), not the contract's: a schedule prints its number among the policy's details.
 */
export function datedHeads(doc: Doc, dateLines: ReadonlySet<number>): Set<number> {
  const out = new Set<number>();
  let page = -1;
  for (const line of doc.lines) {
    if (line.text.trim() === '') continue;
    const at = line.words?.[0]?.page ?? Math.max(page, 0);
    if (at === page) continue;
    page = at;
    if (dateLines.has(line.n)) out.add(line.n);
  }
  return out;
}

/** How far, in lines, a value's neighbours count as its block. */
const BLOCK = 3;

function nearest(lines: ReadonlySet<number>, n: number): number {
  let best = Infinity;
  for (const line of lines) best = Math.min(best, Math.abs(line - n));
  return best;
}

/** Agreement with the other fields: a number printed among the policy's dates is likelier the policy's. */
function blockEvidence(near: Neighbours | undefined, n: number): number {
  if (!near) return 0;
  const [policy, decoy] = [nearest(near.policy, n), nearest(near.decoys, n)];
  if (policy <= BLOCK && policy <= decoy) return 0.05;
  return decoy <= BLOCK && decoy < policy ? -0.05 : 0;
}

// A reference that fits no format still may be the policy's (an insurer's own numbering): only when nothing
// fitting is found, and only when it looks like a reference (letters and digits, or a long run of digits).
const LOOKS_LIKE_REFERENCE = (printed: string) =>
  /[A-Z]/.test(printed) ? /\d{3}/.test(printed) : printed.replace(/\D/g, '').length >= 8;

/**
 * Every reference that fits a format (or, read by OCR, fits once repaired; or, less surely, looks like one),
 * each once, as sure as its evidence.
 */
export function formatCandidates(
  doc: Doc,
  fit: FormatFit,
  repair?: (printed: string) => string | null,
  near?: Neighbours,
): Found<string>[] {
  const running = runningLines(doc);
  const best = new Map<string, { confidence: number; seen: number }>();
  for (const line of doc.lines) {
    const re = new RegExp(`(?:^|${CELL_GAP.source})`, 'g');
    const cellStarts = [...line.text.matchAll(re)].map((m) => m.index + m[0].length);
    for (const [i, from] of cellStarts.entries()) {
      const cell = line.text.slice(from, cellStarts[i + 1] ?? line.text.length);
      for (const offset of runStarts(cell)) {
        const read = readReference(cell.slice(offset));
        // A NIR whose key a line break carried over is read whole.
        const printed =
          (read &&
            (cell.slice(offset + read.length).trim() === ''
              ? nirWithKey(read, doc.lines[line.n + 1]?.text ?? '')
              : null)) ||
          read;
        if (!printed || isAmount(printed, cell.slice(offset + printed.length), cell.slice(0, offset))) continue;
        const context = labelContext(doc, line, from + offset);
        if (rulesOutPolicyNumber(context)) continue;
        // Under a table's column header that calls it last year's ("Last year", "Bisher", "Année précédente").
        if (inPastColumn(doc, line.n, from + offset)) continue;
        if (otherNumber(line.text, line.folded, from + offset, printed)) continue;
        // Capitals before the digits may be the number's label rather than its prefix ("FCA FRN 305112", "SIREN 542
        // 110 291", "IBAN DE89 …"): the rest is judged with them as its label too.
        const lead = LEADING_WORDS.exec(printed)?.[0];
        if (lead) {
          const at = from + offset + lead.length;
          if (rulesOutPolicyNumber(`${context} ${line.folded.slice(from + offset, at)}`)) continue;
          if (otherNumber(line.text, line.folded, at, printed.slice(lead.length))) continue;
        }
        let value = printed;
        let confidence = [0, 0.4, 0.5][fit(printed)]!;
        if (confidence === 0 && repair) {
          const repaired = repair(printed);
          if (repaired) [value, confidence] = [repaired, 0.4];
        }
        if (confidence === 0 && LOOKS_LIKE_REFERENCE(printed)) confidence = 0.2;
        if (confidence === 0) continue;
        confidence += blockEvidence(near, line.n);
        // A running header's copies and a letterhead's reference beside its date: the paper's, not the contract's.
        if (running.has(line.n) || near?.letterhead?.has(line.n)) confidence *= 0.5;
        const known = best.get(value);
        best.set(value, { confidence: Math.max(confidence, known?.confidence ?? 0), seen: (known?.seen ?? 0) + 1 });
      }
    }
  }
  // A number printed again (a letter's subject and its schedule) is the more likely the policy's.
  return [...best].map(([value, { confidence, seen }]) => ({
    value,
    confidence: Math.round((confidence + 0.04 * Math.min(2, seen - 1)) * 100) / 100,
  }));
}
