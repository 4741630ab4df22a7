// Policy numbers found by their form, whatever their label: every reference in the document that fits a
// policy-number format of its country (DESIGN §6), unless its own words make it another number (a customer's,
// a previous policy's, a bank account, a phone, a company register). Such a candidate is less sure than one
// under a known label; running headers and footers (a document's own reference) count for less still.
import { labelContext, rulesOutPolicyNumber, runningLines } from './context.js';
import type { Found } from './labels.js';
import { readReference } from './policy-number.js';
import { CELL_GAP, type Doc } from './text.js';

/** How a reference fits the formats: 2 a format of the document's type, 1 only another type's, 0 none. */
export type FormatFit = (printed: string) => 0 | 1 | 2;

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

/** Digits with a currency beside them or decimals after them ("100 000 000,00 €"): an amount, not a reference. */
function isAmount(printed: string, after: string, before: string): boolean {
  if (/[A-Z]/.test(printed)) return false;
  return /^(?:[.,]\d{1,2}\b|\s*(?:€|£|\$|eur\b|euro|gbp|chf|usd|mio|mrd|million|%))/i.test(after) || /(?:€|£|\$|eur|gbp)\s*$/i.test(before);
}

/** Every reference that fits a format (or, read by OCR, fits once repaired), each once, as sure as its evidence. */
export function formatCandidates(doc: Doc, fit: FormatFit, repair?: (printed: string) => string | null): Found<string>[] {
  const running = runningLines(doc);
  const best = new Map<string, { confidence: number; seen: number }>();
  for (const line of doc.lines) {
    const re = new RegExp(`(?:^|${CELL_GAP.source})`, 'g');
    const cellStarts = [...line.text.matchAll(re)].map((m) => m.index + m[0].length);
    for (const [i, from] of cellStarts.entries()) {
      const cell = line.text.slice(from, cellStarts[i + 1] ?? line.text.length);
      for (const offset of runStarts(cell)) {
        const printed = readReference(cell.slice(offset));
        if (!printed || isAmount(printed, cell.slice(offset + printed.length), cell.slice(0, offset))) continue;
        if (rulesOutPolicyNumber(labelContext(doc, line, from + offset))) continue;
        let value = printed;
        let confidence = [0, 0.4, 0.5][fit(printed)]!;
        if (confidence === 0 && repair) {
          const repaired = repair(printed);
          if (!repaired) continue;
          [value, confidence] = [repaired, 0.4];
        }
        if (confidence === 0) continue;
        if (running.has(line.n)) confidence *= 0.5;
        const known = best.get(value);
        best.set(value, { confidence: Math.max(confidence, known?.confidence ?? 0), seen: (known?.seen ?? 0) + 1 });
      }
    }
  }
  // A number printed again (a letter's subject and its schedule) is the more likely the policy's.
  return [...best].map(([value, { confidence, seen }]) => ({ value, confidence: Math.round((confidence + 0.04 * Math.min(2, seen - 1)) * 100) / 100 }));
}
