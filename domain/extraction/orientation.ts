// Which side of a lone label its value is printed on. Most forms print a label above its value; some print
// the value on a rule with its caption under it, and read downward every caption would take the next field's
// value. One document keeps one habit, so it is judged once per document, by the labels whose values are easy
// to recognise: dates and policy numbers.
import { rulesOutDate, rulesOutPolicyNumber } from './context.js';
import { findDates } from './dates.js';
import { findLabels, type Label } from './labels.js';
import { DATE_LABELS } from './period.js';
import { POLICY_LABELS, readReference } from './policy-number.js';
import type { Doc } from './text.js';

const FILLED = /[\p{L}\p{N}]/u;

/**
 * 'above' when more lone labels have their kind of value on the line above and not below than the other way
 * round; a tie keeps the usual reading, 'below'.
 */
export function valueSideOf(doc: Doc): 'above' | 'below' {
  let above = 0;
  let below = 0;
  // The nearest line with something on it, as the value would be read.
  const filled = (from: number, step: 1 | -1) => {
    for (let n = from + step; n >= 0 && n < doc.lines.length; n += step)
      if (FILLED.test(doc.lines[n]!.text)) return doc.lines[n]!;
    return null;
  };
  const vote = (labels: readonly Label[], isValue: (text: string, folded: string) => boolean) => {
    for (const hit of findLabels(doc, labels)) {
      if (FILLED.test(hit.line.folded.slice(hit.end))) continue;
      const [up, down] = [filled(hit.line.n, -1), filled(hit.line.n, 1)];
      const [isUp, isDown] = [
        up !== null && isValue(up.text, up.folded),
        down !== null && isValue(down.text, down.folded),
      ];
      if (isUp && !isDown) above++;
      if (isDown && !isUp) below++;
    }
  };
  vote(DATE_LABELS, (_, folded) => findDates(folded).length > 0);
  vote(POLICY_LABELS, (text) => readReference(text) !== null);
  // The decoys' labels vote too ("Date of birth", "Kunden-Nr."): a document whose fields' labels are unknown
  // still labels its other values, and in the same way.
  for (const line of doc.lines) {
    const label = line.folded.trim();
    if (label.length < 3 || label.length > 40 || /\d/.test(label)) continue;
    const [up, down] = [filled(line.n, -1), filled(line.n, 1)];
    const isValue = rulesOutDate(label)
      ? (l: typeof up) => l !== null && findDates(l.folded).length > 0
      : rulesOutPolicyNumber(label)
        ? (l: typeof up) => l !== null && readReference(l.text) !== null
        : null;
    if (!isValue) continue;
    if (isValue(up) && !isValue(down)) above++;
    if (isValue(down) && !isValue(up)) below++;
  }
  return above > below ? 'above' : 'below';
}
