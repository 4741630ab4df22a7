// A date an amendment moves: "the end date changes from 31/03/2026 to 30/06/2026", "Ablauf neu 30.06.2026
// (bisher 31.03.2026)", "la date d'échéance passe du 31/03/2026 au 30/06/2026". The schedule printed before it
// still shows the old date under its label, and "from … to …" reads like a period; the amendment's line says
// which of its two dates is the one in force. Words in English, German and French; no kind of document named.
import { wordOf } from './alternatives.js';
import type { DateMention } from './period-arithmetic.js';
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
export function amendedDates(doc: Doc, mentions: readonly DateMention[]): Map<string, string> {
  const moved = new Map<string, string>();
  for (const line of doc.lines) {
    if (!CHANGE.test(line.folded)) continue;
    const dates = mentions.filter((m) => m.line === line.n);
    if (dates.length !== 2 || dates[0]!.iso === dates[1]!.iso) continue;
    const marked = dates.findIndex((d) => REPLACED.test(line.folded.slice(Math.max(0, d.start - 30), d.start)));
    const [old, now] = marked === 1 ? [dates[1]!, dates[0]!] : [dates[0]!, dates[1]!];
    // A moved date is one the document prints elsewhere as it was, and its new value only here: a period's own
    // "from … to …" under a heading that says "new" prints neither date that way.
    const elsewhere = (iso: string) => mentions.some((m) => m.iso === iso && m.line !== line.n);
    if (elsewhere(old.iso) && !elsewhere(now.iso)) moved.set(old.iso, now.iso);
  }
  return moved;
}
