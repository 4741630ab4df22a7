// What a value's surroundings say about it, whatever its own label: the words that would label it (the text
// before it in its cell, the cell before it in its row, or the lone line on the document's label side), and
// whether those words rule it out as a policy's field (a date of birth, a customer number, a phone number).
// Found values are candidates; this is the evidence against them.
import { CELL_GAP, type Doc, type Line } from './text.js';

/** How much of the text before a value counts as its label: a label is a few words. */
const REACH = 48;

function lastCell(text: string): string {
  const cells = text.split(CELL_GAP);
  return cells[cells.length - 1]!;
}

/**
 * The folded words that label the value at `index` of `line`: the rest of its cell before it, else the cell
 * before it, else (a value alone on its line) the line on the side where this document prints labels.
 */
// A day of the week printed before a date ("Saturday, 1st March 2025", "Montag, 3. Februar", "jeudi 10 juillet") is
// part of the date, not its label; and read as a label it would look like a letter's "London, …".
const WEEKDAY =
  /\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|(?:mon|tues?|wed|thu(?:rs)?|fri|sat|sun)\.?|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonnabend|sonntag|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche),?\s*(?:(?:le|den|am)\s+)?$/;

/** Text before a date without the date's own day of the week. */
export const withoutWeekday = (before: string): string => before.replace(WEEKDAY, '');

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

// Dates that are not a policy's period, by what they date, in the three languages:
// - a person's birth;
// - the paper itself: its issue, printing, edition, sending or receipt, a letter's own date (a town and a comma
//   before it: "London, 3 May 2024", "Fait à Paris, le …");
// - the purchase: the day cover was bought, booked, applied or quoted for (a trip's cover starts on the
//   departure; the purchase starts only the cancellation cover);
// - a vehicle's first registration;
// - money: a payment, a direct debit, an instalment;
// - a signature, a claim.
const NOT_A_PERIOD_DATE = new RegExp(
  [
    /birth|born|\bd\.?o\.?b\b|geburt|geboren|\bgeb\.|naissance|\bnee? le\b|\bne\(e\)/,
    /issue|printed|\bprint|produced|generated|ausgestellt|ausstellung|erstellt|druck|\bstand\b|^\W*(?:datum|date)\W*$|\bedit|emis|emission|etabli|delivre|\bfait (?:a|le)\b/,
    /\bsent\b|\bsend\b|gesendet|versandt|\bverschickt|envoye|expedie|received|eingang|erhalten am|recu le|letter|schreiben|courrier|^\W*[a-z][a-z' -]*,\s*(?:le\s*)?$/,
    /purchas|bought|\bbooked|booking date|date of booking|\bordered|application|proposal|quote|gebucht|buchung|kauf|gekauft|abschluss|antrag|angebot|\bachat|achete|commande|reserv|devis|proposition/,
    /registered|regist(?:ration|ered) date|zulassung|mise en circulation/,
    /payment|paid|instal+ment|zahlung|\bbezahlt|lastschrift|\brate\b|prelev|paiement|debit|echeancier/,
    /signed|signature|unterschrift|\bsigne|claim|schaden|sinistre/,
    // the end of a waiting period (cover for some benefits starts later than the contract), not the contract's;
    /waiting period|wartezeit|delai d'attente|\bcarence/,
  ]
    .map((re) => re.source)
    .join('|'),
);

// Numbers that are not the policy's, by whose they are: the customer's or member's account with the insurer, a
// previous policy's, a document's, a letter's or a claim's reference, a bank's, a phone's, a vehicle's, a
// company's or an intermediary's register, an invoice's, a tax's, a quote's. (A telephone, an IBAN, a register's
// number are known by their form as well: number-kinds.ts.)
const NOT_A_POLICY_NUMBER = new RegExp(
  [
    /customer|client|kunde|kd\.?-?nr|partner-?\s?n|societaire|adherent n|account|konto|compte/,
    /previous|former|\bold\b|prior|vorherig|\balte|bisherig|ancien|precedent/,
    /\bref\b|\bref\.|reference number|your reference|our reference|zeichen|aktenzeichen|document|dokument|invoice|rechnung|facture|quote|angebot|devis|offre/,
    /iban|\bbic\b|swift|sort code|\btel\b|\btel\.|phone|telefon|\bfax|\bmobile\b|hotline|\bcall|\bappel|anruf/,
    // a direct debit's mandate and its creditor's identifier;
    /mandat|direct debit|glaubiger|creancier|\bsepa\b/,
    /\bfin\b|\bvin\b|fahrgestell|chassis|\bevb\b/,
    // a person's driving licence, tax or identity number;
    /licence|license|fuhrerschein|permis de conduire|fiscal|steuer-?id|identite|personalausweis|identity card/,
    /siren|siret|\brcs\b|firm reference|bafin|handelsregister|\bhrb\b|registergericht|orias|company (?:no|number)|broker|vermittler|courtier|agent|ust-?\s?id|umsatzsteuer|intracommunautaire|\bape\b|\bnaf\b/,
    /postcode|postleitzahl|code postal|claim|schaden|sinistre|\bvat\b|\btax\b|steuer|\btva\b|capital/,
  ]
    .map((re) => re.source)
    .join('|'),
);

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
