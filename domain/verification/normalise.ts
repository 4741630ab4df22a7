// Normal forms used for matching: policy numbers (case and separators) and insurer names (case, accents,
// punctuation, legal forms, generic words). Both sides of every comparison go through the same functions.

/** Spaces, hyphens and dashes, dots, slashes and backslashes separate groups in printed policy numbers. */
const NUMBER_SEPARATORS = /[\s\-\u2010-\u2015\u2212./\\]+/g;

/** The form every policy-number comparison uses: upper case, no separators. */
export function normalisePolicyNumber(raw: string): string {
  return raw.replace(NUMBER_SEPARATORS, '').toUpperCase();
}

// ---- names ------------------------------------------------------------------------------------------------

/** Legal forms, read after canonicalisation; never part of the core of a name. */
const LEGAL_FORMS = new Set([
  'ltd',
  'plc',
  'llp',
  'inc',
  'corp',
  'co',
  'ag',
  'se',
  'sa',
  'sas',
  'sasu',
  'sarl',
  'sam',
  'sgam',
  'scs',
  'gmbh',
  'mbh',
  'kgaa',
  'kg',
  'vvag',
  'vag',
  'ev',
  'eg',
  'nv',
  'bv',
  'spa',
  'koer',
  'kor',
]);

/** Words that every insurer's name may carry; they do not tell insurers apart. */
const GENERIC_WORDS = new Set([
  'insurance',
  'insurances',
  'insurer',
  'insurers',
  'assurance',
  'assurances',
  'assureur',
  'assureurs',
  'versicherung',
  'versicherungen',
  'versicherungs',
  'versicherer',
  'company',
  'compagnie',
  'cie',
  'group',
  'groupe',
  'gruppe',
  'societe',
  'anonyme',
  'gesellschaft',
  'gegenseitigkeit',
  'gegenseitigkeiten',
  'verein',
  'versicherungsverein',
  'versicherungsaktiengesellschaft',
  'sitz',
]);

/** Words naming the product rather than the insurer ("Aviva car insurance"). */
const PRODUCT_WORDS = new Set([
  'motor',
  'car',
  'cars',
  'auto',
  'autos',
  'kfz',
  'vehicle',
  'travel',
  'reise',
  'voyage',
  'voyages',
  'cover',
  'policy',
]);

const STOP_WORDS = new Set([
  'the',
  'of',
  'and',
  'for',
  'de',
  'du',
  'des',
  'la',
  'le',
  'les',
  'et',
  'au',
  'aux',
  'en',
  'sur',
  'und',
  'von',
  'fur',
  'zu',
  'am',
  'im',
  'auf',
  'in',
  'l',
  'd',
  's',
]);

/** Spellings of one legal form or word, folded to one token so that "Limited" equals "Ltd". */
const CANONICAL: Record<string, string> = {
  limited: 'ltd',
  aktiengesellschaft: 'ag',
  corporation: 'corp',
  incorporated: 'inc',
  lebens: 'leben',
  versicherungsges: 'gesellschaft',
};

const PHRASES: [string, RegExp, string][] = [
  ['limited company', /\bpublic limited company\b/g, 'plc'],
  ['societe', /\bsociete anonyme\b/g, 'sa'],
  ['societe', /\bsociete d assurance mutuelle\b/g, 'sam'],
  ['gegenseitigkeit', /\bversicherungsverein auf gegenseitigkeit\b/g, 'vvag'],
];

// German compounds carry the generic word at their end: Krankenversicherung -> kranken, Rückversicherungs-AG -> ruck.
const GERMAN_COMPOUND =
  /^(.{3,}?)versicherung(?:s|en)?(verein|gesellschaft|anstalt|aktiengesellschaft|kasse|verband)?$/;

/** Lower case, no accents, letters and digits only, separated by single spaces. */
export function foldText(raw: string): string {
  let text = raw.toLowerCase();
  // eslint-disable-next-line no-control-regex
  if (/[^\x00-\x7f]/.test(text)) {
    text = text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/ß/g, 'ss')
      .replace(/æ/g, 'ae')
      .replace(/œ/g, 'oe')
      .replace(/ø/g, 'o');
  }
  return text.replace(/[^a-z0-9]+/g, ' ').trim();
}

/** Runs of two or more single letters are one abbreviation: "U K" -> "uk", "a. G." -> "ag", "D e b e k a" -> "debeka". */
function joinLetterRuns(tokens: string[]): string[] {
  const out: string[] = [];
  let run = '';
  let runLength = 0;
  const flush = () => {
    if (runLength > 0) out.push(run);
    run = '';
    runLength = 0;
  };
  for (const token of tokens) {
    if (token.length === 1 && /[a-z]/.test(token)) {
      run += token;
      runLength += 1;
    } else {
      flush();
      out.push(token);
    }
  }
  flush();
  return out;
}

function splitCompound(token: string): string[] {
  if (token.length < 15 || !token.includes('versicherung')) return [token];
  const match = GERMAN_COMPOUND.exec(token);
  if (!match) return [token];
  return match[2] ? [match[1]!, match[2]] : [match[1]!];
}

export interface NameForm {
  /** Every token, legal forms canonicalised: equality means the same legal name. */
  tokens: string[];
  /** The tokens that tell insurers apart (no legal forms, generic, product or stop words). */
  core: string[];
}

/** The matching form of an insurer name or a free-text provider. */
const distinctive = (t: string) =>
  !LEGAL_FORMS.has(t) && !GENERIC_WORDS.has(t) && !STOP_WORDS.has(t) && !PRODUCT_WORDS.has(t);

/** Whether a name has a word of its own, beyond legal forms and generic words ("Krankenversicherung AG" has none). */
export const hasDistinctiveWord = (form: NameForm): boolean => form.tokens.some(distinctive);

export function nameForm(raw: string): NameForm {
  let text = foldText(raw);
  for (const [hint, phrase, replacement] of PHRASES) if (text.includes(hint)) text = text.replace(phrase, replacement);
  const tokens: string[] = [];
  for (const token of joinLetterRuns(text.split(' ').filter(Boolean))) {
    for (const part of splitCompound(token)) tokens.push(CANONICAL[part] ?? part);
  }
  const core = tokens.filter(distinctive);
  return { tokens, core: core.length > 0 ? core : tokens.filter((t) => !STOP_WORDS.has(t)) };
}

/** Product words tell which line a provider or a registered name hints at ("ADAC Autoversicherung"). */
export function productHints(form: NameForm): Set<string> {
  const hints = new Set<string>();
  for (const t of form.tokens) {
    if (t === 'auto' || t === 'kfz' || t === 'motor' || t === 'car') hints.add('motor');
    else if (t === 'reise' || t === 'travel' || t === 'voyage' || t === 'assistance') hints.add('travel');
    else if (t === 'kranken' || t === 'health' || t === 'healthcare' || t === 'sante') hints.add('health');
  }
  return hints;
}
