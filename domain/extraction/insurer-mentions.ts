// Insurers named anywhere in a document, whatever labels them: every phrase that the register knows (a legal
// name, a brand that maps to an entity, a variant of either: the matcher is accent-, case-, punctuation- and
// legal-form-insensitive and forgives a slip), each as sure as where it stands says. The letterhead, a running
// header or footer and the signature block are where an insurer names itself; a name in the body is less sure.
import { wordOf } from './alternatives.js';
import { runningLines } from './context.js';
import { STRONG } from './insurance-type.js';
import type { Found } from './labels.js';
import { CELL_GAP, fold, type Doc } from './text.js';

/** The register's name for a phrase, or null (the injected InsurerMatcher, its country and type bound). */
export type PhraseMatcher = (phrase: string) => string | null;

/** An insurer's name is a few words; a longer window is a sentence around one. */
const LONGEST = 6;
/** Lines at the top and bottom of a document that count as its letterhead and its footer or signature. */
const EDGE = 6;

// Where a phrase ends: a cell, a separator of a footer's parts, a sentence's or a clause's end.
const FRAGMENT_BREAK = new RegExp(`${CELL_GAP.source}|\\s[·|•]\\s|\\s[-–—]\\s|[.;:](?:\\s|$)|,\\s|\\(|\\)`);
// The same, but a name may hold a bracket ("Arch Insurance (UK) Limited", "… Verband (BGV)") and an abbreviation's
// full stop ("Ass. Mutuelle …", "Caisse Ass.Mut. …"): a full stop ends a phrase after a word of four letters or
// more. Whole names are sought in these first; the finer fragments only where none was found, or a bracket's
// "UK" or "BGV" would be a name of its own.
const NAME_BREAK = new RegExp(
  `${CELL_GAP.source}|\\s[·|•]\\s|\\s[-–—]\\s|[;:](?:\\s|$)|(?<=[\\p{L}\\d]{4}|\\))\\.(?:\\s|$)|,\\s`,
  'u',
);

// A supervisor's name is no insurer's, though a word of it may be one's ("Prudential", "Financial"): blanked out
// before names are sought.
const SUPERVISORS = new RegExp(
  [
    String.raw`\bprudential regulation authority\b`, // the UK's PRA
    String.raw`\bfinancial conduct authority\b`, // the UK's FCA
    String.raw`\bfinancial ombudsman service\b`, // the UK's ombudsman
    String.raw`\bbundesanstalt f(?:u|ü|ue)r finanzdienstleistungsaufsicht\b`, // Germany's BaFin
    String.raw`\bautorit(?:e|é) de contr(?:o|ô)le prudentiel et de r(?:e|é)solution\b`, // France's ACPR
  ].join('|'),
  'giu',
);

// A name after these words is a partner's, not the insurer's: the assistance company, the claims handler, the
// administrator, the broker or seller. Folded text just before the phrase: a role, up to 30 characters of the
// same sentence, and the word that introduces the name ("… provided by", "vermittelt durch", "assurée par").
const PARTNER_ROLES = [
  'assistance', // "Assistance provided by …"
  'emergency', // "Emergency assistance by …"
  'claims?', // "Claims handled by …"
  'helpline', // "Helpline operated by …"
  'legal expenses', // "Legal expenses cover underwritten by …"
  'administered', // "Administered by …"
  'administration', // "Administration by …"
  'arranged', // a broker: "Arranged by …"
  'sold', // "Sold by …"
  'distributed', // "Distributed by …"
  'introduced', // "Introduced by …"
  'broker', // "Your broker: …"
  'intermediary', // "Intermediary: …"
  'agent', // "Agent: …"
  'managed', // "Managed by …"
  'handled', // "Handled by …"
  'serviced', // "Serviced by …"
  'vermittelt', // "vermittelt durch …"
  'vermittler', // "Vermittler: …"
  'betreut', // "betreut von …"
  'assistance(?: est)?', // "l'assistance est assurée par …"
  'gestion(?:naire)?', // "Gestion assurée par …", "Gestionnaire : …"
  'distribue', // "distribué par …"
  'courtier', // "Votre courtier : …"
  'intermediaire', // "Intermédiaire : …"
  'gere', // "géré par …"
];
const PARTNER = new RegExp(String.raw`(?:${PARTNER_ROLES.join('|')})\b[^.;]{0,30}\b(?:by|durch|von|par|:)\s*$`);

const INTRODUCES = /\b(?:by|durch|von|par)\b|:/;

// A bank's, a building society's or a retailer's name is not an insurer's, unless the phrase says insurance in
// its own words ("Crédit Agricole Assurances" is an insurer; "Crédit Agricole" alone is the bank that sells it).
const SELLER = wordOf(
  [
    'bank', // "Example Bank", "Bank of …"
    'banque', // "Banque Populaire"
    'sparkasse', // "Sparkasse", "Kreissparkasse …"
    'volksbank', // "Volksbank … eG"
    'raiffeisen', // "Raiffeisen" (a word, so not "Raiffeisenbank")
    'building society', // "… Building Society"
    'credit (?:agricole|mutuel)', // "Crédit Agricole", "Crédit Mutuel"
    "caisse d'epargne", // "Caisse d'Épargne"
    'post office', // "Post Office"
    'la poste', // "La Poste"
    'supermarket', // a retailer that sells cover
    'supermarche', // the same in French
  ],
  '',
);
// "Ass." and "Mut." abbreviate assurance and mutuelle in registered names ("Caisse Ass.Mut.Crédit Agricole").
const INSURANCE_WORD = /assuranc|insuranc|versicherung|prevoyance|mutuelle|underwrit|\bass\.|\bmut\./;
export const namesSeller = (folded: string): boolean => SELLER.test(folded) && !INSURANCE_WORD.test(folded);

// A product's name as a heading prints it ("Mutuelle santé", "Travel insurance", "Kfz-Versicherung"): the
// type of cover, not a company, though a register may hold a company of the same words.
const PRODUCTS = Object.values(STRONG).map((re) => new RegExp(`^(?:${re.source})$`));
const namesProduct = (phrase: string): boolean => {
  const folded = fold(phrase).trim();
  return PRODUCTS.some((re) => re.test(folded));
};

/** A line that lists short codes: four or more comma-separated items, most of three characters or fewer. */
function listOfCodes(text: string): boolean {
  const items = text.split(',');
  return items.length >= 4 && items.filter((item) => item.trim().length <= 3).length * 2 > items.length;
}

/** A fragment longer than this is prose: a name in it is sought only at its start or its end. */
const PROSE = 8;

/**
 * Windows of a fragment that could be a name: a few words without digits, starting on a capital; in prose only
 * those that begin or end it ("AXA Insurance UK plc is authorised …", "… underwritten by Aviva").
 */
function windows(fragment: string): string[] {
  const words = fragment.split(/\s+/).filter(Boolean);
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    if (!/^\p{Lu}/u.test(words[i]!)) continue;
    for (let j = i + 1; j <= Math.min(words.length, i + LONGEST); j++) {
      if (/\d/.test(words[j - 1]!)) break;
      if (words.length > PROSE && i > 0 && j < words.length) continue;
      out.push(words.slice(i, j).join(' '));
    }
  }
  return out.sort((a, b) => b.length - a.length);
}

/**
 * An ordinary word that opens a clause ("Premium from 1 August: …", "Horizon of cover …"): one word in title case
 * with a word in lower case after it, or after a word in capitals that begins the name it ends. A register's name that is such a word ("Premium", "Horizon") is read as a
 * name only where it stands alone or goes on in capitals; a brand in capitals ("AXA is authorised …") still is.
 */
function sentenceWord(phrase: string, window: string): boolean {
  if (!/^\p{Lu}\p{Ll}+$/u.test(window)) return false;
  const next = phrase.slice(phrase.indexOf(window) + window.length).trimStart();
  if (/^\p{Ll}/u.test(next)) return true;
  // The last word of another's name ("Bluebell Direct", "Meridian Cover Partners"): a word of that name, not one.
  const before = phrase.slice(0, phrase.indexOf(window)).trimEnd();
  return /(?:^|\s)\p{Lu}[\p{L}&'-]*$/u.test(before);
}

export interface InsurerMention extends Found<string> {
  /** The phrase as printed where it was first found. */
  printed: string;
  /** The lines that name it. */
  lines: ReadonlySet<number>;
}

/**
 * Every registered insurer the document names, as sure as its surest place plus a little for each repeat.
 * `lines`, when given, limits the search to those lines (a second pass with the type known re-reads only where
 * names were found and the document's edges).
 */
export function insurerMentions(doc: Doc, match: PhraseMatcher, lines?: ReadonlySet<number>): InsurerMention[] {
  const filled = doc.lines.filter((l) => /[\p{L}\p{N}]/u.test(l.text));
  const head = new Set(filled.slice(0, EDGE).map((l) => l.n));
  const tail = new Set(filled.slice(-EDGE).map((l) => l.n));
  const running = runningLines(doc);
  const found = new Map<string, { confidence: number; lines: Set<number>; printed: string }>();
  // Running headers and footers repeat their phrases on every page: each phrase is asked once.
  const asked = new Map<string, string | null>();
  const ask = (phrase: string) => {
    if (!asked.has(phrase)) asked.set(phrase, namesSeller(fold(phrase)) || namesProduct(phrase) ? null : match(phrase));
    return asked.get(phrase)!;
  };
  for (const line of filled) {
    if (lines && !lines.has(line.n) && !head.has(line.n) && !tail.has(line.n)) continue;
    const place = head.has(line.n) || tail.has(line.n) || running.has(line.n) ? 0.8 : 0.65;
    const hinted = INTRODUCES.test(line.folded);
    // Blanked (same length, so places stay) where a supervisor is named and, after the first pass, where a whole
    // name was found.
    let text = line.text.replace(SUPERVISORS, (m) => ' '.repeat(m.length));
    const seen = (name: string, printed: string) => {
      const known = found.get(name) ?? { confidence: 0, lines: new Set<number>(), printed };
      known.confidence = Math.max(known.confidence, place);
      known.lines.add(line.n);
      found.set(name, known);
    };
    for (const breaks of [NAME_BREAK, FRAGMENT_BREAK]) {
      let from = 0;
      const named: [number, number][] = [];
      for (const fragment of text.split(breaks)) {
        if (fragment === undefined) continue;
        const at = text.indexOf(fragment, from);
        from = at + fragment.length;
        const phrase = fragment.trim();
        if (!phrase || !/\p{Lu}/u.test(phrase)) continue;
        // A word before a colon labels a field ("Travellers: …"), as does a capitalised word that begins a row of the
        // body with a value after it ("Travellers   2 adults"): it does not name a company, whatever the register's
        // spelling it resembles. (A letterhead's or footer's brand is followed by its name or address, not a value.)
        const rest = text.slice(at + fragment.length);
        const rowLabel =
          !head.has(line.n) &&
          !running.has(line.n) &&
          /^\p{Lu}\p{Ll}+$/u.test(phrase) &&
          !text.slice(0, at).trim() &&
          /^\s{3,}(?:\d|\p{Ll})/u.test(rest);
        if (!/\s/.test(phrase) && (/^\s*:/.test(rest) || rowLabel)) continue;
        // A short code in a list of them (a green card's countries "A, B, LV, NL", a form's tick boxes) is not a
        // brand that happens to be spelt so.
        if (phrase.length <= 3 && listOfCodes(line.text)) continue;
        const start = at + fragment.indexOf(phrase);
        // A partner named by what it does for the insurer ("assistance provided by …", "vermittelt durch …"): the
        // words before the name, read only on a line that has the words that introduce one. A phrase so introduced is
        // the partner's name whole: no word of it ("Direct" of "Bluebell Direct") is sought as another's.
        const partner = (offset: number) =>
          hinted && PARTNER.test(line.folded.slice(Math.max(0, start + offset - 60), start + offset));
        if (partner(0)) continue;
        // The whole fragment first: a cell that is just the name; else the longest window that is one.
        let printed = phrase;
        let name = ask(phrase);
        if (!name) {
          // Past the words that introduce a partner inside the phrase ("… Vermittelt durch Bluebell Direct"), the
          // words are the partner's name: no window reaches into them.
          const words = [...phrase.matchAll(/\S+/g)].map((m) => m.index);
          const introduced = words.find((offset) => offset > 0 && partner(offset)) ?? Infinity;
          for (const window of windows(phrase)) {
            if (phrase.indexOf(window) + window.length > introduced) continue;
            if (sentenceWord(phrase, window)) continue;
            name = ask(window);
            printed = window;
            if (name) break;
          }
        }
        if (!name) continue;
        seen(name, printed);
        const begin = start + phrase.indexOf(printed);
        named.push([begin, begin + printed.length]);
      }
      for (const [a, b] of named) text = text.slice(0, a) + ' '.repeat(b - a) + text.slice(b);
    }
  }
  return [...found].map(([value, { confidence, lines, printed }]) => ({
    value,
    printed,
    lines,
    confidence: Math.round((confidence + 0.03 * Math.min(3, lines.size - 1)) * 100) / 100,
  }));
}
