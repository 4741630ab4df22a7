// Motor, travel or health, from the words a document uses for itself. A title phrase ("Motor insurance
// certificate", "Reiseversicherung", "Complémentaire santé") weighs more than a word in passing ("vehicle").
import { round } from './language.js';
import type { Found } from './labels.js';
import type { InsuranceType } from './types.js';

const STRONG: Record<InsuranceType, RegExp> = {
  motor: /motor (?:insurance|policy|certificate|schedule)|car insurance|certificate of motor insurance|vehicle insurance|kfz-?\s?(?:versicherung|haftpflicht)|kraftfahrt-?\s?versicherung|kraftfahrzeug-?\s?versicherung|autoversicherung|assurance (?:auto(?:mobile)?|vehicule)|contrat auto|carte verte|vehicule assure|carte internationale d'assurance automobile/g,
  travel: /travel insurance|travel policy|travel cover|trip cover|reise-?\s?(?:versicherung|schutz|ruecktritt|rucktritt|krankenversicherung)|auslandsreise|assurance (?:voyage|annulation)|assistance voyage|contrat voyage/g,
  health: /health insurance|private medical|medical insurance|health cover|healthcare plan|health plan|(?:private |zusatz)?krankenversicherung|kranken-?\s?(?:voll|zusatz)versicherung|krankheitskosten|krankenzusatz|complementaire sante|mutuelle sante|assurance sante|contrat sante|frais de sante/g,
};

const WEAK: Record<InsuranceType, RegExp> = {
  motor: /\b(?:vehicle|car|driver|registration|fahrzeug|kennzeichen|kasko|fahrer|vehicule|immatriculation|conducteur|permis)\b/g,
  travel: /\b(?:travel|trip|journey|destination|baggage|luggage|reise|reisegepack|reisegebiet|voyage|bagages|annulation|rapatriement)\b/g,
  health: /\b(?:hospital|treatment|medical|dental|outpatient|krankenhaus|behandlung|arzt|zahn|stationar|ambulant|hospitalisation|soins|dentaire|optique|medecin)\b/g,
};

export const TYPES: readonly InsuranceType[] = ['motor', 'travel', 'health'];

/**
 * `folded` should have the insurer's own name removed: "HUK-COBURG-Krankenversicherung AG" says nothing
 * about a travel policy it sells.
 */
export function findInsuranceType(folded: string): Found<InsuranceType | null> {
  const scores = TYPES.map((type) => {
    const strong = Math.min(4, folded.match(STRONG[type])?.length ?? 0);
    const weak = Math.min(6, folded.match(WEAK[type])?.length ?? 0);
    return { type, score: strong * 3 + weak };
  }).sort((a, b) => b.score - a.score);
  const [first, second] = scores as [{ type: InsuranceType; score: number }, { type: InsuranceType; score: number }];
  if (first.score < 2 || first.score === second.score) return { value: null, confidence: 0 };
  return { value: first.type, confidence: round(Math.min(0.98, 0.5 + (first.score - second.score) / (2 * first.score))) };
}
