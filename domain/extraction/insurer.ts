// The insurer: the name after an "Insurer" label, in the regulatory sentence of a footer ("… is authorised by
// the Prudential Regulation Authority", "…, entreprise régie par le Code des assurances"), or in the letterhead.
// Each name is offered to the register matcher in that order; a broker's letterhead or an unregistered name is
// passed over when a registered one follows.
import { anyOf, wordOf } from './alternatives.js';
import { findLabels, type Found, type Label } from './labels.js';
import { insurerMentions, type InsurerMention } from './insurer-mentions.js';
import { valueByLayout } from './layout.js';
import { withMargin } from './scoring.js';
import { CELL_GAP, squash, type Doc } from './text.js';
import type { InsurerMatcher } from './types.js';

const LABELS: Label[] = [
  // "X travel insurance is underwritten by Y Limited": Y carries the risk, X is a brand or a seller. ("Arranged
  // by" names a broker, "administered by" an administrator: neither is the insurer.)
  {
    pattern: anyOf(
      [
        'insurer', // "Insurer: …", "Your insurer is …"
        'insurance company', // "Insurance company: …"
        'underwritten by', // "… is underwritten by Y Limited"
        'underwriter', // "Underwriter: …"
        'insured (?:by|with)', // "Insured by …", "insured with …"
        '(?:policy|insurance|cover) (?:is )?(?:provided|underwritten) by', // "This cover is provided by …"
      ],
      '',
    ),
  },
  // A green card or a certificate names the company that issues it, the insurer that answers for it.
  {
    pattern: anyOf(
      [
        '(?:card|certificate) (?:has been |is |was )?issued by', // "This certificate is issued by …"
        '(?:carte|attestation) (?:a ete |est )?(?:delivree|emise) par', // "Attestation délivrée par …"
        '(?:karte|bescheinigung) (?:wurde )?ausgestellt (?:von|durch)', // "Bescheinigung ausgestellt von …"
      ],
      '',
    ),
  },
  {
    pattern: anyOf(
      [
        'versicherer', // "Versicherer: …"
        'versicherungsunternehmen', // "Versicherungsunternehmen: …"
        'versicherungsgesellschaft', // "Versicherungsgesellschaft: …"
        'risikotrager', // the risk carrier: "Risikoträger ist die …"
        'risikotragendes unternehmen', // "Risikotragendes Unternehmen: …"
      ],
      '',
    ),
  },
  {
    pattern: anyOf(
      [
        'assureur', // "Assureur : …"
        "compagnie d'assurances?", // "Compagnie d'assurance : …"
        "societe d'assurances?", // "Société d'assurances : …"
        'garantie?s? par', // the small print's "Garanti par …": who guarantees the cover
        'organisme assureur', // "Organisme assureur : …"
        'porteur (?:du|de) risque', // the risk carrier: "Porteur du risque : …"
        // "Contrat assuré par …", "garanties souscrites auprès de …"
        '(?:contrat|garanties?) (?:est |sont )?(?:assure(?:e?s?)?|souscrit(?:e?s?)?) (?:par|aupres de)',
      ],
      '',
    ),
  },
];

// The name comes first in these sentences.
const SENTENCES = [
  /^(.{3,90}?),? (?:is|are) authori[sz]ed by the prudential regulation authority/,
  /^(.{3,90}?),? (?:is|are) (?:a company )?registered in england/,
  /^(.{3,90}?),? (?:entreprise|societe) regie par le code des (?:assurances|la mutualite)/,
  /^(.{3,90}?),? (?:mutuelle|societe) (?:soumise aux dispositions|regie) (?:du|par le) (?:livre ii du )?code de la mutualite/,
  /^(.{3,90}?),? unterliegt der aufsicht der bundesanstalt fur finanzdienstleistungsaufsicht/,
  /^(.{3,90}?),? (?:sitz|registergericht|handelsregister)\b/,
];

// The legal form or mutual status that ends an insurer's company name, or a statutory health fund's name (a
// Krankenkasse, a caisse d'assurance maladie: public bodies, in no register of insurance undertakings).
// A statutory health fund's name: a public body, in no register of insurance undertakings.
const FUNDS = [
  '[a-z]*krankenkasse', // "Betriebskrankenkasse", "Techniker Krankenkasse"
  'ersatzkasse', // "… Ersatzkasse"
  'bkk', // a company health fund: "BKK …"
  'aok', // a regional health fund: "AOK …"
  'ikk', // a guild health fund: "IKK …"
  'caisse primaire', // "Caisse primaire d'assurance maladie"
  'cpam', // its abbreviation: "CPAM"
];
const LEGAL_FORMS = [
  'plc', // "Example Insurance plc"
  'limited', // "Example Insurance Limited"
  'ltd', // "Example Insurance Ltd"
  'ag', // "Beispiel Versicherung AG"
  'se', // a European company: "Example SE"
  'sa', // "Exemple Assurances SA"
  String.raw`s\.a\.`, // "Exemple S.A."
  'gmbh', // "Beispiel GmbH"
  'vvag', // a German mutual: "Beispiel VVaG"
  'mutuelle', // "Mutuelle …"
  'mutualite', // "… régie par le Code de la mutualité"
  'iard', // a French non-life insurer: "Exemple IARD"
  'assurances', // "Exemple Assurances"
  'aktiengesellschaft', // "Beispiel Versicherung Aktiengesellschaft"
  ...FUNDS,
];
// The forms as words, or "A. G." with its full stops spaced.
const COMPANY = anyOf([wordOf(LEGAL_FORMS, '').source, String.raw`\ba\.\s?g\.`], '');

/**
 * A statutory health fund's name (a Krankenkasse, a BKK, an AOK, a caisse primaire d'assurance maladie): a public
 * body that insures health and nothing else, so its name says the type that an insurer's name must not.
 */
export const STATUTORY_FUND = wordOf(
  [
    ...FUNDS,
    'gesundheitskasse', // "AOK – Die Gesundheitskasse"
    'knappschaft', // "Knappschaft"
    "caisse d'assurance maladie", // a regional fund's full name
  ],
  '',
);

// The words that go on with a sentence after an insurer's name ("… Y Limited, which is authorised …", "… Y SE and
// administered by …", "… Y AG mit Sitz in …", "… Y SA au capital de …"), and a comma before a word in lower case.
const AFTER_NAME = [
  'which', // "…, which is authorised by …"
  'who', // "… who are authorised …"
  'and', // "… Y SE and administered by …"
  'is', // "… Y plc is authorised by …"
  'are', // "… Y Ltd are regulated …"
  'registered', // "… Y Ltd registered in England …"
  'authorised', // "… Y Ltd authorised by …"
  'authorized', // the same, spelt with a z
  'regulated', // "… Y Ltd regulated by …"
  'under', // "… Y Ltd under …"
  'ist', // "… Y AG ist …"
  'und', // "… Y AG und …"
  'die', // "… Y AG, die …"
  'der', // "… Y AG der …"
  'mit', // "… Y AG mit Sitz in …"
  'est', // "… Y SA est …"
  'qui', // "… Y SA qui …"
  'et', // "… Y SA et …"
  'dont', // "… Y SA dont le siège …"
  'au capital', // "… Y SA au capital de …"
  'soumise?', // "… Y, mutuelle soumise aux dispositions …"
  'regie', // "… Y, entreprise régie par …"
];
const NAME_ENDS = new RegExp(String.raw`,\s+(?=\p{Ll})|\s+(?:${AFTER_NAME.join('|')})\s`, 'u');

export interface InsurerFound extends Found<string | null> {
  /** The name as printed, for removing from the text before judging the type; null when none was found. */
  printed: string | null;
  /** The lines where the register's names were found. */
  lines: ReadonlySet<number>;
}

function clean(value: string): string {
  // "Risikoträger ist die ERGO Versicherung AG", "The insurer is …": the verb and article before the name.
  let name = value
    .split(CELL_GAP)[0]!
    .replace(/^(?:ist|is|est|sind|are)\s+(?:(?:die|der|das|the|la|le|les|l')\s*)?/i, '');
  // A bracket ends the name ("Y Ltd (trading as …)"), unless the name goes on past it: "Z Insurance (Gibraltar)
  // Limited", "W Insurance Company (Europe) Ltd", "V Insurance (UK) Co Ltd".
  name = name.split(
    /\s[·|•]\s|\s[-–—]\s|\((?![^()]{1,30}\)\s*(?:limited|ltd|plc|se|ag|s\.?a\.?|gmbh|dac|company|co|insurance|assurance)\b)|,\s(?=\d)/i,
  )[0]!;
  // The sentence goes on after the name: "… Y Limited, which is authorised …", "… Y SE and administered by …".
  name = name.split(NAME_ENDS)[0]!;
  // A legal form ends the name; what follows a comma after it is the address ("… Limited, Tower 1, Europort").
  name = name.replace(/^(.*?[\s-](?:limited|ltd|plc|se|ag|s\.a\.|sa|gmbh|vvag|a\.\s?g\.|dac|iard))\s*,\s.*$/i, '$1');
  // A full stop ends a sentence, except after an abbreviation ("Co.", "S.A."): "… Y plc. Emergency assistance …";
  // after a legal form of two letters too ("… Versicherungs-AG. Vermittelt durch …").
  name = name.split(/(?:(?<=\p{L}{3})|(?<=[\s-](?:ag|se|sa)))\.\s+(?=\p{Lu})/iu)[0]!;
  // A full stop ends a sentence, except after an abbreviation ("Co.", "Ltd.").
  return squash(name)
    .replace(/[\s,;:]+$/, '')
    .replace(/(?<=[a-z]{4})\.$/i, '');
}

interface Candidate {
  name: string;
  confidence: number;
}

// The labelled and footer names of a document, read once: the insurer is sought again once the type is known.
const read = new WeakMap<Doc, Candidate[]>();

function candidates(doc: Doc): Candidate[] {
  const known = read.get(doc);
  if (known) return known;
  const out: Candidate[] = [];
  read.set(doc, out);
  for (const hit of findLabels(doc, LABELS)) {
    // Below the label: the cell under it when the layout is known, else the next line (its first cell).
    const value = hit.value.trim()
      ? hit.value
      : (valueByLayout(hit.line, hit.start, hit.below, hit.side) ?? hit.below[0]?.text ?? '');
    const name = clean(value);
    if (name.length >= 2) out.push({ name, confidence: hit.value.trim() ? 0.95 : 0.9 });
  }
  for (const line of doc.lines) {
    // A footer sentence may follow an earlier sentence on the same line.
    const sentences = line.folded.split(/(?<=[.;])\s+/);
    let offset = 0;
    for (const sentence of sentences) {
      const at = line.folded.indexOf(sentence, offset);
      offset = at + sentence.length;
      for (const re of SENTENCES) {
        const m = re.exec(sentence);
        if (m) {
          const name = clean(line.text.slice(at, at + m[1]!.length));
          if (name.length >= 2) out.push({ name, confidence: 0.85 });
        }
      }
    }
  }
  const head = doc.lines.filter((l) => l.text.trim()).slice(0, 6);
  for (const line of head) {
    for (const cell of line.text.split(/\s{3,}|\s[·|•]\s/)) {
      const name = clean(cell);
      if (name.length >= 3 && COMPANY.test(name.toLowerCase())) out.push({ name, confidence: 0.75 });
    }
  }
  return out;
}

/**
 * The insurer: the register's name for a labelled or footer-sentence name, or for any phrase of the document
 * the register knows (insurer-mentions.ts), the surest by where it stands. A name the register does not know
 * is the answer only when the document names no registered insurer at all. `lines` limits the search for
 * phrases to those lines and the document's edges (see insurerMentions).
 */
export function findInsurer(
  doc: Doc,
  country: string | undefined,
  match?: InsurerMatcher,
  lines?: ReadonlySet<number>,
  previous: ReadonlySet<number> = new Set(),
): InsurerFound {
  const found = candidates(doc);
  if (match) {
    const registered: InsurerMention[] = [];
    for (const candidate of found) {
      const name = match(candidate.name, country);
      if (name)
        registered.push({ value: name, confidence: candidate.confidence, printed: candidate.name, lines: new Set() });
    }
    // A registered name under a label is the surest evidence there is: no phrase elsewhere could outrank it
    // (insurer-mentions.ts scores at most 0.89), so the document is searched for names only when there is none.
    const sure = registered.some((r) => r.confidence >= 0.9);
    // A name found only in a previous cover's section ("Votre ancien contrat … Allianz IARD") is the old insurer's.
    const mentions = (sure ? [] : insurerMentions(doc, (phrase) => match(phrase, country), lines)).map((m) =>
      [...m.lines].every((n) => previous.has(n)) ? { ...m, confidence: Math.round(m.confidence * 50) / 100 } : m,
    );
    registered.push(...mentions);
    const best = withMargin(registered);
    if (best.value) {
      return {
        ...best,
        printed: registered.find((r) => r.value === best.value)!.printed,
        lines: new Set(mentions.flatMap((m) => [...m.lines])),
      };
    }
  }
  // No register, or no name the register knows: the name as printed, with less certainty.
  const first = found[0];
  return first
    ? {
        value: first.name,
        confidence: Math.round(first.confidence * (match ? 0.4 : 0.7) * 100) / 100,
        printed: first.name,
        lines: new Set(),
      }
    : { value: null, confidence: 0, printed: null, lines: new Set() };
}
