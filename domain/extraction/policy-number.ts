// The policy number: the value after its label ("Policy number", "Versicherungsscheinnummer", "Numéro de
// contrat", …), read token by token while the tokens look like parts of a reference.
import { anyOf } from './alternatives.js';
import { cellSpans, inPastColumn } from './column-header.js';
import { findLabels, valueTexts, type Found, type Label } from './labels.js';
import { findDates } from './dates.js';
import { withMargin } from './scoring.js';
import { CELL_GAP, fold, type Doc } from './text.js';

// Words before a policy-number label that make it another number ("previous policy number").
const OTHER =
  /(?:previous|former|old|prior|renewal of|replaces|vorherige?|alte|bisherige?|ancien(?:ne)?|precedent)\s*$/;

export const POLICY_LABELS: readonly Label[] = [
  {
    pattern: anyOf(
      [
        String.raw`policy (?:number|no\b\.?|nr\b\.?|#|ref(?:erence)?(?: number| no\b\.?)?)`, // "Policy No.", "Policy ref"
        String.raw`certificate (?:number|no\b\.?)`, // "Certificate number"
        String.raw`membership (?:number|no\b\.?)`, // "Membership No."
        String.raw`contract (?:number|no\b\.?)`, // "Contract number"
      ],
      '',
    ),
    notAfter: OTHER,
  },
  { pattern: /your policy number is/ },
  // A form's bare "Contrat :", "Vertrag:", "Contract:" (the number of the contract it is about).
  {
    pattern: /contrat|vertrag|contract/,
    strict: true,
    notAfter: /(?:previous|former|old|prior|vorherige?|alte|bisherige?|ancien(?:ne)?|precedent)\b[^:]{0,25}$/,
  },
  {
    pattern: /policy/,
    strict: true,
    notAfter: OTHER,
    notBefore: /^\s*(?:holder|type|period|start|end|excess|schedule|document|wording|details|of|summary|year)/,
  },
  {
    pattern: anyOf(
      [
        String.raw`versicherungsschein-?\s?(?:nummer|nr\b\.?)`, // "Versicherungsschein-Nr."
        String.raw`vers\.?-?schein-?nr\b\.?`, // "Vers.-Schein-Nr."
        String.raw`\bvs-?nr\b\.?`, // "VS-Nr."
        String.raw`polizzen-?\s?(?:nummer|nr\b\.?)`, // the Austrian "Polizzennummer"
        String.raw`policen-?\s?(?:nummer|nr\b\.?)`, // "Policennummer"
        String.raw`vertrags-?\s?(?:nummer|nr\b\.?)`, // "Vertragsnummer"
        String.raw`versicherungs-?\s?(?:nummer|nr\b\.?)`, // "Versicherungsnummer"
      ],
      '',
    ),
    notAfter: OTHER,
  },
  // Kranken: the member's number on the health card is the policy's reference (DE health formats: the KVNR).
  { pattern: /krankenversichertennummer|versichertennummer|\bkvnr\b|vertrag nr\b\.?|mitgliedsnummer/, notAfter: OTHER },
  {
    pattern: anyOf(
      [
        String.raw`(?:numero|n ?[°*]|no\b\.?|n\b\.?) (?:de |du )?(?:contrat|police|polic|d'adhesion|adhesion)`, // "N° de contrat", "Numéro d'adhésion"
        String.raw`(?:contrat|police) (?:n°|no\b\.?|numero)`, // "Contrat n°"
        'reference (?:du |de )?contrat', // "Référence du contrat"
        String.raw`(?:numero|n ?[°*]|no\b\.?) (?:d'|de l')?adherent`, // a mutual's "N° d'adhérent"
        String.raw`contrat d'assurance (?:n°|no\b\.?|numero)`, // "Contrat d'assurance n°"
      ],
      '',
    ),
    notAfter: OTHER,
  },
];

const LINKING_VERB = /^(?:is|was|reads|lautet|ist|lautete|est(?: le)?|etait)\s+/i;

// One piece of a reference: letters (capitals) and digits, joined by - / . ; never a lower-case word.
const TOKEN = /^[A-Z0-9][A-Z0-9\-/.]*$/;

/** Reads a reference from the start of a value: "PC48291033", "KH-4711-0815", "PMI 483 920 17". */
export function readReference(value: string): string | null {
  const cell = value.split(CELL_GAP)[0]!.replace(/^[#:]\s*/, '');
  const tokens = cell.split(/\s+/).filter(Boolean);
  const taken: string[] = [];
  for (const raw of tokens) {
    const token = raw.replace(/[,;)]+$/, '');
    if (!TOKEN.test(token)) break;
    // Stop at a word that is another label ("Name", "DATE") or a date: the reference has ended.
    if (/^[A-Z]{4,}$/.test(token) && taken.length > 0) break;
    // A word of capitals after the digits begins the next field ("4471 2209 REG AB12 CDE"): a reference's letters
    // come before its digits or within a token.
    if (/^[A-Z]{3,}$/.test(token) && taken.some((t) => /\d/.test(t))) break;
    if (findDates(fold(token)).length > 0) break;
    taken.push(token);
    if (token !== raw) break;
  }
  // A reference ends on a digit or a capital letter, not on a separator.
  const joined = taken.join(' ').replace(/[-/.]+$/, '');
  const compact = joined.replace(/[\s/.-]/g, '');
  const digits = compact.replace(/\D/g, '').length;
  if (compact.length < 5 || compact.length > 30 || digits < 4) return null;
  return joined;
}

/** Every labelled reference in reading order, each as sure as its label is telling and near. */
/** A labelled reference; `paper` when its label names the certificate's own number rather than the policy's. */
export interface LabelledReference extends Found<string> {
  paper?: boolean;
  /** When its label names a member's number (a club's, a mutual's member) rather than the contract's. */
  member?: boolean;
}

// A member's number: a club or a mutual numbers its members, and a member may hold several contracts; the
// contract's own number, when printed too, is the policy's.
const MEMBER = /mitglied|membership|adherent/;

/**
 * The value after a label in a table's row, without the cells of columns headed as a past period's ("Last
 * year", "Bisher", "Ancien contrat"): this year's number and last year's side by side, in either order.
 */
function currentColumns(doc: Doc, n: number, from: number, value: string): string {
  const cells = cellSpans(doc.lines[n]!.text.slice(from));
  if (cells.length < 2) return value;
  const current = cells.filter((c) => !inPastColumn(doc, n, from + c.start));
  if (current.length === 0 || current.length === cells.length) return value;
  return current
    .map((c) => c.text)
    .join('   ')
    .replace(/^[\s:.-]+/, '');
}

export function policyNumberCandidates(doc: Doc): LabelledReference[] {
  const found: LabelledReference[] = [];
  for (const hit of findLabels(doc, POLICY_LABELS)) {
    for (const { text: printed, below } of valueTexts(hit)) {
      const value = below ? printed : currentColumns(doc, hit.line.n, hit.end, printed);
      // A sentence links the label to its number: "Ihre Vertragsnummer lautet …", "le numéro est …", "… is …".
      const reference = readReference(value.replace(LINKING_VERB, ''));
      if (!reference) continue;
      found.push({
        value: reference,
        confidence: (below ? 0.85 : 0.95) - (hit.generic ? 0.1 : 0),
        paper: /^certificate/.test(hit.label),
        member: MEMBER.test(hit.label),
      });
      break;
    }
  }
  return found;
}

export interface ChooseOptions {
  /** Candidates found by their form alone (number-candidates.ts), weighed with the labelled ones. */
  free?: readonly Found<string>[];
  /** The text came from OCR: a candidate that fits only once its letter-for-digit slips are undone is repaired. */
  ocr?: boolean;
}

/**
 * The best candidate: a specific label outweighs "Policy:", the first of equals wins. With a format check (the
 * country and type known), a number that fits a format of its line beats one that does not, whatever their
 * labels: a page header's document serial or a customer number printed beside the policy number is a decoy
 * the format tells apart. Read by OCR, a candidate that fits only once OCR's slips are undone is taken
 * repaired; a text layer is never "repaired" (its characters are the printed ones). One that fits nothing is
 * kept only when nothing fits, and less surely. The confidence reflects the winner's margin over the next.
 */
export function choosePolicyNumber(
  candidates: readonly LabelledReference[],
  fits?: (printed: string) => boolean,
  options: ChooseOptions = {},
): Found<string | null> {
  return withMargin(scorePolicyNumbers(candidates, fits, options));
}

/** Every candidate as sure as the rules make it (labelled ones weighed by their format fit, then the free ones). */
export function scorePolicyNumbers(
  candidates: readonly LabelledReference[],
  fits?: (printed: string) => boolean,
  options: ChooseOptions = {},
): Found<string>[] {
  const scored: Found<string>[] = [];
  for (const labelled of candidates) {
    if (!fits) {
      scored.push({ value: labelled.value, confidence: labelled.confidence - (labelled.member ? 0.03 : 0) });
      continue;
    }
    // Both fitting a format, a certificate's own number (the paper's: a motor certificate is reissued at each
    // change) gives way to the policy's (the contract's).
    // Likewise a member's number gives way to the contract's.
    const candidate =
      labelled.paper || labelled.member ? { value: labelled.value, confidence: labelled.confidence - 0.03 } : labelled;
    const repaired = fits(candidate.value)
      ? candidate.value
      : options.ocr
        ? repairReference(candidate.value, fits)
        : null;
    scored.push(
      repaired === candidate.value
        ? { value: repaired, confidence: Math.min(0.99, candidate.confidence + 0.04) }
        : repaired
          ? { value: repaired, confidence: candidate.confidence - 0.1 }
          : { value: candidate.value, confidence: candidate.confidence * 0.6 },
    );
  }
  return [...scored, ...(options.free ?? [])];
}

// Shapes OCR confuses: a position's format says whether a letter or a digit was printed there. A digit may
// stand for more than one letter ("7" for "T" or "J"): every reading is tried, and the format decides.
const AS_DIGIT: Record<string, string> = {
  O: '0',
  Q: '0',
  D: '0',
  I: '1',
  L: '1',
  Z: '2',
  S: '5',
  B: '8',
  G: '6',
  T: '7',
  J: '7',
};
const AS_LETTER: Record<string, readonly string[]> = {
  '0': ['O', 'D'],
  '1': ['I', 'L'],
  '2': ['Z'],
  '5': ['S'],
  '8': ['B'],
  '6': ['G'],
  '7': ['T', 'J'],
};
/** More changes than this and the "repair" is a different number, not a misreading of this one. */
const MAX_REPAIRS = 2;

/**
 * The reference as printed when it fits, else with OCR slips undone so that it fits, else null. Policy numbers are a run of letters then a run
 * of digits (then at most two letters): each split is tried, letters read as letters before it and as digits
 * after, fewest changes first. Separators stay where they were printed.
 */
export function repairReference(printed: string, fits: (printed: string) => boolean): string | null {
  if (fits(printed)) return printed;
  const chars = [...printed];
  const positions = chars.flatMap((c, i) => (/[A-Z0-9]/.test(c) ? [i] : []));
  let best: { text: string; changes: number } | null = null;
  for (let lead = 0; lead <= Math.min(6, positions.length); lead++) {
    for (let tail = 0; tail <= 2 && lead + tail <= positions.length; tail++) {
      // Each position's readings: as printed, or its look-alike of the kind the split puts there.
      const options = positions.map((at, k) => {
        const c = chars[at]!;
        const letter = k < lead || k >= positions.length - tail;
        return letter
          ? /[A-Z]/.test(c)
            ? [c]
            : (AS_LETTER[c] ?? [c])
          : /\d/.test(c)
            ? [c]
            : AS_DIGIT[c]
              ? [AS_DIGIT[c]]
              : [c];
      });
      const forced = options.filter((o, k) => !o.includes(chars[positions[k]!]!)).length;
      if (forced === 0 || forced > MAX_REPAIRS || (best && forced >= best.changes)) continue;
      for (const text of readings(chars, positions, options)) {
        if (fits(text)) {
          best = { text, changes: forced };
          break;
        }
      }
    }
  }
  return best?.text ?? null;
}

/** Every text the readings make, first readings first (a handful: at most two positions have two readings). */
function* readings(
  chars: readonly string[],
  positions: readonly number[],
  options: readonly (readonly string[])[],
): Generator<string> {
  const out = [...chars];
  function* at(k: number): Generator<string> {
    if (k === positions.length) {
      yield out.join('');
      return;
    }
    for (const c of options[k]!) {
      out[positions[k]!] = c;
      yield* at(k + 1);
    }
  }
  yield* at(0);
}

/** The best candidate without a format check (the country or type unknown). */
export const findPolicyNumber = (doc: Doc): Found<string | null> => choosePolicyNumber(policyNumberCandidates(doc));
