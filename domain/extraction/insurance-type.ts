// Motor, travel or health, from the words a document uses for itself. A title phrase ("Motor insurance
// certificate", "Reiseversicherung", "Complémentaire santé") weighs more than a word in passing ("vehicle").
import { round } from './language.js';
import type { Found } from './labels.js';
import type { InsuranceType } from './types.js';

export const STRONG: Record<InsuranceType, RegExp> = {
  // German names a line by compounding: Kfz-Haftpflichtversicherung, Kraftfahrtversicherung, Autoversicherung.
  motor:
    /motor (?:insurance|policy|certificate|schedule)|car insurance|certificate of motor insurance|vehicle insurance|(?:kfz|kraftfahrt|kraftfahrzeug|auto)-?\s?[a-z]*versicherung|kfz-?\s?haftpflicht|assurance (?:auto(?:mobile)?|vehicule|(?:des )?vehicules? (?:terrestres? )?a moteur)|contrat auto|carte verte|responsabilite civile (?:automobile|obligatoire)|bonus-?malus|coefficient de reduction-majoration|road traffic (?:act|\(|order)|entitled to drive|\bpflvg\b|pflichtversicherungsgesetz|\br\.? ?211-\d|motor ?(?:bike|cycle) insurance|van insurance|assurance (?:moto|deux-roues|2 roues)|motorrad[a-z]*|kraftrad/g,
  // Cover for trips of up to so many days each is travel cover, whatever the product is called (a cover abroad
  // "Auslandskrankenschutz" for trips; a student's year abroad is health).
  travel:
    /travel insurance|travel policy|travel cover|trip cover|holiday insurance|cancellation cover|reise-?\s?(?:[a-z]*versicherung|schutz|ruecktritt|rucktritt)|auslandsreise|(?:reisen|trips?|journeys?|voyages|sejours|deplacements)\b[a-z ,]{0,40}\b(?:bis zu|up to|of up to|jusqu'a|d'au plus) (?:einer dauer von |je |jeweils |each )*\d+ (?:tagen?|days|jours)|assurance (?:voyage|annulation|assistance)|assistance (?:voyage|rapatriement)|contrat voyage|dates du sejour|reisezeitraum|schengen|visa insurance|trip cancellation|curtailment|reiseabbruch|ruckholung|rucktransport/g,
  // German health cover is a Kranken…versicherung (voll, zusatz, tagegeld) or a Krankenkasse's membership
  // (Mitgliedsbescheinigung); French, a mutuelle or complémentaire santé, whose attestation of rights names the
  // "organisme complémentaire" and the "tiers payant" (no advance of costs at the pharmacy).
  health:
    /health insurance|private medical|medical insurance|health cover|healthcare plan|health plan|(?<!reise-?\s?)kranken-?\s?[a-z]*versicherung|krankheitskosten|krankenzusatz|krankenkasse|mitgliedsbescheinigung|versichertenkarte|complementaire sante|mutuelle sante|assurance (?:sante|maladie)|contrat sante|couverture sante|frais de sante|attestation de droits|tiers payant|organisme complementaire|carte (?:de )?tiers payant|carte vitale|krankentagegeld|krankenhaustagegeld|zahnzusatz[a-z]*|pflegezusatz[a-z]*|beihilfe(?:tarif|erganzung)|(?:assurance|garanties?|contrat|couverture|complementaire|protection) sante|sante internationale|frais de soins|private medical|hospital list|moratorium underwriting|medical history disregarded|dental (?:plan|insurance|cover)|health cash plan|cash plan|surcomplementaire|depassements? d'honoraires/g,
};

export const WEAK: Record<InsuranceType, RegExp> = {
  motor:
    /\b(?:vehicle|car|van|motorbike|driver|drivers|drive|rider|registration|fahrzeug|fahrzeughalter|kennzeichen|kasko|fahrer|vehicule|immatriculation|conducteurs?|permis|moto|casque)\b/g,
  travel:
    /\b(?:travel|trip|journey|destination|baggage|luggage|reise|reisen|reisegepack|reisegebiet|voyage|bagages|annulation|rapatriement|repatriation)\b/g,
  // "Mutuelle" beside "assurance" is a mutual insurer's legal form ("société d'assurance mutuelle", "Mutuelle
  // assurance des …"), whatever it sells; alone, the health mutual.
  health:
    /\b(?:hospital|treatment|medical|dental|outpatient|inpatient|krankenhaus|behandlung|arzt|zahn|stationar|ambulant|hospitalisation|soins|dentaire|optique|medecin|(?<!assurances? )mutuelle(?! d'assurance| assurance)|beneficiaires?|ayants? droit|pharmacie|sante|members?|membership|consultants?|specialists?|therapies|physiotherapy|optical|dentist|fillings|crowns|zahnersatz)\b/g,
};

// The lines the service does not type (home, contents, liability, life, legal expenses, pets): a document that is
// mostly about one of them is none of the three, whatever words it shares with them ("excess", "cover").
const OTHER_STRONG =
  /home insurance|household insurance|buildings (?:and contents )?insurance|contents insurance|landlord insurance|pet insurance|life (?:insurance|assurance)|hausrat[a-z]*|wohngebaude[a-z]*|privathaftpflicht[a-z]*|lebensversicherung|rechtsschutz[a-z]*|tierhalter[a-z]*|multirisque habitation|assurance (?:habitation|vie|emprunteur|scolaire)|contrat habitation|responsabilite civile (?:vie privee|familiale)/g;
const OTHER_WEAK =
  /\b(?:buildings|contents|property insured|dwelling|wohnung|gebaude|versicherungsort|habitation|logement|locataire|proprietaire|occupant)\b/g;

export const TYPES: readonly InsuranceType[] = ['motor', 'travel', 'health'];

/**
 * `evidence` counts what the document holds besides its words, as strong mentions (a vehicle's registration mark
 * says the document is about a vehicle). `folded` should have the insurer's own name removed: "HUK-COBURG-Krankenversicherung AG" says nothing
 * about a travel policy it sells.
 */
export function findInsuranceType(
  folded: string,
  evidence: Partial<Record<InsuranceType, number>> = {},
): Found<InsuranceType | null> {
  const scores = TYPES.map((type) => {
    const strong = Math.min(4, (folded.match(STRONG[type])?.length ?? 0) + (evidence[type] ?? 0));
    const weak = Math.min(6, folded.match(WEAK[type])?.length ?? 0);
    return { type, score: strong * 3 + weak };
  }).sort((a, b) => b.score - a.score);
  const [first, second] = scores as [{ type: InsuranceType; score: number }, { type: InsuranceType; score: number }];
  if (first.score < 2 || first.score === second.score) return { value: null, confidence: 0 };
  const other =
    Math.min(4, folded.match(OTHER_STRONG)?.length ?? 0) * 3 + Math.min(6, folded.match(OTHER_WEAK)?.length ?? 0);
  if (other > first.score) return { value: null, confidence: 0 };
  return {
    value: first.type,
    confidence: round(Math.min(0.98, 0.5 + (first.score - second.score) / (2 * first.score))),
  };
}
