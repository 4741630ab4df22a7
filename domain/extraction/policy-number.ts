// The policy number: the value after its label ("Policy number", "Versicherungsscheinnummer", "Numéro de
// contrat", …), read token by token while the tokens look like parts of a reference.
import { findLabels, valueTexts, type Found, type Label } from './labels.js';
import { findDates } from './dates.js';
import { CELL_GAP, fold, type Doc } from './text.js';

// Words before a policy-number label that make it another number ("previous policy number").
const OTHER = /(?:previous|former|old|prior|renewal of|replaces|vorherige?|alte|bisherige?|ancien(?:ne)?|precedent)\s*$/;

const LABELS: Label[] = [
  { pattern: /policy (?:number|no\b\.?|nr\b\.?|#|ref(?:erence)?(?: number| no\b\.?)?)|certificate (?:number|no\b\.?)|membership (?:number|no\b\.?)|contract (?:number|no\b\.?)/, notAfter: OTHER },
  { pattern: /your policy number is/ },
  { pattern: /policy/, strict: true, notAfter: OTHER, notBefore: /^\s*(?:holder|type|period|start|end|excess|schedule|document|wording|details|of|summary|year)/ },
  { pattern: /versicherungsschein-?\s?(?:nummer|nr\b\.?)|vers\.?-?schein-?nr\b\.?|\bvs-?nr\b\.?|polizzen-?\s?(?:nummer|nr\b\.?)|policen-?\s?(?:nummer|nr\b\.?)|vertrags-?\s?(?:nummer|nr\b\.?)|versicherungs-?\s?(?:nummer|nr\b\.?)/, notAfter: OTHER },
  { pattern: /(?:numero|n ?[°*]|no\b\.?|n\b\.?) (?:de |du )?(?:contrat|police|polic|d'adhesion|adhesion)|(?:contrat|police) (?:n°|no\b\.?|numero)|reference (?:du |de )?contrat/, notAfter: OTHER },
];

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

/** The reference after the most telling label: a specific label outweighs "Policy:", the first of equals wins. */
export function findPolicyNumber(doc: Doc): Found<string | null> {
  let best: Found<string | null> = { value: null, confidence: 0 };
  for (const hit of findLabels(doc, LABELS)) {
    for (const { text: value, below } of valueTexts(hit)) {
      const reference = readReference(value);
      if (!reference) continue;
      const confidence = (below ? 0.85 : 0.95) - (hit.generic ? 0.1 : 0);
      if (confidence > best.confidence) best = { value: reference, confidence };
      break;
    }
  }
  return best;
}
