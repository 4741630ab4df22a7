// Coverage: the level of cover, the excess, the sum insured and where the cover applies, each found by its
// label and given as a code or an amount rather than the printed wording.
import { anyOf } from './alternatives.js';
import { LEVELS, SCOPES, type Term } from './coverage-terms.js';
import { findLabels, valueTexts, type Found, type Label } from './labels.js';
import { findMoney } from './money.js';
import { fold as foldLine, type Doc } from './text.js';
import type { InsuranceType, Money } from './types.js';

export const LEVEL_LABELS: Label[] = [
  { pattern: /level of cover|type of cover|cover type|cover level|your cover|plan|cover/, strict: true },
  { pattern: /deckungsumfang|versicherungsumfang|tarif|deckung|produkt|versicherungsschutz/, strict: true },
  {
    pattern: /niveau de (?:couverture|garantie)|formule|garanties? souscrites?|type de garantie|couverture/,
    strict: true,
  },
];

export const SCOPE_LABELS: Label[] = [
  {
    pattern: anyOf(
      [
        'territorial (?:limits?|scope|extent)', // "Territorial limits", "territorial scope"
        'geographical (?:limits?|scope)', // "Geographical limits"
        'area of cover', // "Area of cover: Europe"
        'region of cover', // "Region of cover"
        'where you are covered', // "Where you are covered: worldwide"
        'cover area', // "Cover area"
        'territory', // "Territory: UK and Europe"
      ],
      '',
    ),
  },
  { pattern: /(?:raumlicher |ortlicher )?geltungsbereich|reisegebiet|geltungsgebiet|deckungsgebiet/ },
  {
    pattern: anyOf(
      [
        'etendue territoriale', // "Étendue territoriale"
        'zone (?:geographique|de couverture|de validite)', // "Zone géographique", "zone de couverture"
        'validite territoriale', // "Validité territoriale"
        'territorialite', // "Territorialité"
        'pays couverts', // "Pays couverts"
      ],
      '',
    ),
  },
  // The word alone, as a form's field: "Area: Europe", "Zone : monde entier", "Gebiet: weltweit".
  { pattern: /area|region|zone|gebiet|territoire/, strict: true },
];

export const EXCESS_LABELS: Label[] = [
  {
    pattern: /total excess|policy excess|standard excess|excess amount|excess/,
    notBefore: /^\s*(?:protection|waiver)/,
  },
  { pattern: /selbstbeteiligung|selbstbehalt|eigenanteil|\bsb\b/ },
  { pattern: /franchise(?: generale| contractuelle)?/ },
];

// An excess for one part of the cover only (glass, the voluntary part), not the policy's excess.
const PARTIAL_EXCESS = anyOf(
  [
    'windscreen', // "Windscreen excess"
    'glass', // "Glass excess"
    'voluntary', // "Voluntary excess"
    'compulsory', // "Compulsory excess"
    'young driver', // "Young driver excess"
    'theft', // "Theft excess"
    'fire', // "Fire excess"
    'glas', // "Selbstbeteiligung Glas"
    'teilkasko', // "Selbstbeteiligung Teilkasko"
    'diebstahl', // "Selbstbeteiligung bei Diebstahl"
    'bris de glace', // "Franchise bris de glace"
    String.raw`vol\b`, // "Franchise vol"
    'incendie', // "Franchise incendie"
    'zahn', // "Selbstbeteiligung Zahnersatz"
    'dental', // "Dental excess"
    'dentaire', // "Franchise dentaire"
  ],
  '',
);

export const SUM_LABELS: Label[] = [
  {
    pattern: anyOf(
      [
        'sum insured', // "Sum insured"
        'limit of (?:indemnity|cover)', // "Limit of indemnity", "limit of cover"
        'overall (?:annual )?limit', // "Overall annual limit"
        'annual (?:benefit )?limit', // "Annual benefit limit"
        'maximum benefit', // "Maximum benefit"
        'cover limit', // "Cover limit"
        'vehicle value', // "Vehicle value"
        'insured value', // "Insured value"
      ],
      '',
    ),
  },
  { pattern: /versicherungssumme|deckungssumme|hochstleistung|jahreshochstbetrag|hochstbetrag|leistungsgrenze/ },
  {
    pattern: anyOf(
      [
        'montant (?:garanti|assure|maximum)', // "Montant garanti", "montant assuré"
        'capital (?:garanti|assure)', // "Capital garanti"
        'plafond(?: de garantie| annuel| global)?', // "Plafond", "plafond de garantie", "plafond annuel"
        'somme assuree', // "Somme assurée"
        'valeur assuree', // "Valeur assurée"
      ],
      '',
    ),
  },
];

const none = <T>(): Found<T | null> => ({ value: null, confidence: 0 });

function firstTerm(value: string, terms: Term[]): { code: string; index: number } | null {
  // Stray stops and commas (OCR, or "Third Party, Fire and Theft") do not change the wording.
  const text = value.replace(/[.,;:·]/g, ' ').replace(/ {2,}/g, ' ');
  let best: { code: string; index: number } | null = null;
  for (const term of terms) {
    const m = term.pattern.exec(text);
    if (m && (!best || m.index < best.index)) best = { code: term.code, index: m.index };
  }
  return best;
}

export function findLevel(doc: Doc, type: InsuranceType | null): Found<string | null> {
  if (!type) return none();
  const terms = LEVELS[type];
  for (const hit of findLabels(doc, LEVEL_LABELS)) {
    for (const { text, below } of valueTexts(hit)) {
      const term = firstTerm(foldLine(text), terms);
      if (term) return { value: term.code, confidence: below ? 0.85 : 0.9 };
    }
  }
  // Else the wording in a title or sentence: "Comprehensive Motor Insurance", "Tous risques".
  const term = firstTerm(doc.folded, terms);
  return term ? { value: term.code, confidence: 0.6 } : none();
}

export function findScope(doc: Doc): Found<string | null> {
  for (const hit of findLabels(doc, SCOPE_LABELS)) {
    for (const { text, below } of valueTexts(hit)) {
      const term = firstTerm(foldLine(text), SCOPES);
      if (term) return { value: term.code, confidence: below ? 0.85 : 0.9 };
    }
  }
  return none();
}

function labelledMoney(
  doc: Doc,
  labels: Label[],
  skip?: RegExp,
): { money: Money; partial: boolean; exact: boolean; below: boolean }[] {
  const out: { money: Money; partial: boolean; exact: boolean; below: boolean }[] = [];
  for (const hit of findLabels(doc, labels)) {
    const before = hit.line.folded.slice(0, hit.end - hit.label.length);
    const partial = skip
      ? skip.test(hit.label) || skip.test(before.slice(-30)) || skip.test(foldLine(hit.value).slice(0, 25))
      : false;
    for (const { text, below } of valueTexts(hit)) {
      const [first] = findMoney(text);
      // The amount belongs to this label when it comes before any other label-like text.
      if (first && first.index < 40) {
        out.push({ money: first.money, partial, exact: /total/.test(hit.label), below });
        break;
      }
    }
  }
  return out;
}

export function findExcess(doc: Doc): Found<Money | null> {
  const candidates = labelledMoney(doc, EXCESS_LABELS, PARTIAL_EXCESS);
  const total = candidates.find((c) => c.exact);
  if (total) return { value: total.money, confidence: 0.95 };
  const whole = candidates.find((c) => !c.partial);
  if (whole) return { value: whole.money, confidence: whole.below ? 0.8 : 0.9 };
  return none();
}

export function findSumInsured(doc: Doc): Found<Money | null> {
  const [first] = labelledMoney(doc, SUM_LABELS);
  return first ? { value: first.money, confidence: first.below ? 0.8 : 0.9 } : none();
}
