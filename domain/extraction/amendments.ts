// A date an amendment moves: "the end date changes from 31/03/2026 to 30/06/2026", "Ablauf neu 30.06.2026
// (bisher 31.03.2026)", "la date d'échéance passe du 31/03/2026 au 30/06/2026". The schedule printed before it
// still shows the old date under its label, and "from … to …" reads like a period; the amendment's line says
// which of its two dates is the one in force. Words in English, German and French; no kind of document named.
import { wordOf } from './alternatives.js';
import { findDates } from './dates.js';
import type { Doc } from './text.js';

/** A change to a contract's terms: an endorsement, a date moved, extended, brought forward. */
const CHANGE = wordOf(
  [
    String.raw`chang\w*`, // "the end date changes from … to …"
    'moved', // "expiry moved from … to …"
    String.raw`amend\w*`, // "amended to"
    String.raw`extend\w*`, // "extended to"
    'postponed', // "postponed to"
    'brought forward', // "brought forward to"
    'endorsement', // "Endorsement: …"
    String.raw`andert\w*`, // "ändert sich vom … auf den …"
    String.raw`geandert\w*`, // "geändert auf"
    String.raw`anderung\w*`, // "Änderung: Ablauf neu …"
    'nachtrag', // "Nachtrag: …"
    String.raw`verlangert\w*`, // "verlängert bis"
    String.raw`verschoben\w*`, // "verschoben auf"
    'neu', // "Ablauf neu …"
    'passe', // "passe du … au …"
    String.raw`modifi\w*`, // "Modification : fin du contrat le …"
    String.raw`prolong\w*`, // "prolongé jusqu'au"
    String.raw`report\w*`, // "reportée au"
    'avenant', // "Avenant : …"
  ],
  '',
);

/** Words right before a date that mark it as the value replaced: "(bisher …)", "(au lieu du …)", "previously …". */
const REPLACED =
  /(?:\bbisher|\bau lieu du?|\bau lieu de l'|\binstead of|\bpreviously|\bformerly|\bwas|\bstatt|\banstelle)\s*(?:dem|den|der|le|la|the)?\s*$/;

/**
 * The dates amendments move, old to new: on a line with a change's words and two dates, the one its words mark
 * as replaced is the old, else the first ("from … to …", "vom … auf den …", "du … au …"). The later lines win
 * where one date is moved twice.
 */
export function amendedDates(doc: Doc): Map<string, string> {
  const moved = new Map<string, string>();
  const changes = doc.lines.filter((line) => CHANGE.test(line.folded));
  if (changes.length === 0) return moved;
  const lines = doc.lines.map((line) => new Set(findDates(line.folded).map((d) => d.iso)));
  const elsewhere = (iso: string, n: number) => lines.some((dates, k) => k !== n && dates.has(iso));
  for (const line of changes) {
    const dates = findDates(line.folded);
    if (dates.length !== 2 || dates[0]!.iso === dates[1]!.iso) continue;
    const marked = dates.findIndex((d) => REPLACED.test(line.folded.slice(Math.max(0, d.index - 30), d.index)));
    const old = dates[marked === 1 ? 1 : 0]!;
    const now = dates[marked === 1 ? 0 : 1]!;
    // A moved date is one the document prints elsewhere as it was, and its new value only here: a period's own
    // "from … to …" under a heading that says "new" prints neither date that way.
    if (elsewhere(old.iso, line.n) && !elsewhere(now.iso, line.n)) moved.set(old.iso, now.iso);
  }
  return moved;
}
