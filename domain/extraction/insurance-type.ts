// Motor, travel or health, from the words a document uses for itself. A title phrase ("Motor insurance
// certificate", "Reiseversicherung", "Complémentaire santé") weighs more than a word in passing ("vehicle").
import { anyOf, wordOf } from './alternatives.js';
import { round } from './language.js';
import type { Found } from './labels.js';
import type { InsuranceType } from './types.js';

export const STRONG: Record<InsuranceType, RegExp> = {
  motor: anyOf([
    'motor (?:insurance|policy|certificate|schedule)', // a title: "Motor insurance schedule"
    'car insurance', // "Your car insurance"
    'certificate of motor insurance', // the UK's legal certificate
    'vehicle insurance', // "Vehicle insurance policy"
    // German names a line by compounding: "Kfz-Haftpflichtversicherung", "Kraftfahrtversicherung", "Autoversicherung".
    String.raw`(?:kfz|kraftfahrt|kraftfahrzeug|auto)-?\s?[a-z]*versicherung`,
    String.raw`kfz-?\s?haftpflicht`, // "Kfz-Haftpflicht" without the -versicherung
    'assurance (?:auto(?:mobile)?|vehicule|(?:des )?vehicules? (?:terrestres? )?a moteur)', // "Assurance automobile", "assurance des véhicules terrestres à moteur"
    'contrat auto', // "Votre contrat auto"
    'carte verte', // the French international motor card
    'responsabilite civile (?:automobile|obligatoire)', // "Responsabilité civile automobile"
    'bonus-?malus', // the French no-claims coefficient
    'coefficient de reduction-majoration', // its legal name
    String.raw`road traffic (?:act|\(|order)`, // "Road Traffic Act 1988", "Road Traffic (NI) Order"
    'entitled to drive', // a UK certificate's "Persons or classes of persons entitled to drive"
    String.raw`\bpflvg\b`, // the German compulsory insurance act, abbreviated
    'pflichtversicherungsgesetz', // the same act, spelt out
    String.raw`\br\.? ?211-\d`, // an article of the French code on motor insurance: "R. 211-15"
    'motor ?(?:bike|cycle) insurance', // "Motorcycle insurance"
    'van insurance', // "Van insurance schedule"
    'assurance (?:moto|deux-roues|2 roues)', // "Assurance moto", "assurance deux-roues"
    'motorrad[a-z]*', // "Motorradversicherung"
    'kraftrad', // the German legal word for a motorbike
  ]),
  travel: anyOf([
    'travel insurance', // "Travel insurance certificate"
    'travel policy', // "Your travel policy"
    'travel cover', // "Annual travel cover"
    'trip cover', // "Single trip cover"
    'holiday insurance', // "Holiday insurance"
    'cancellation cover', // "Cancellation cover up to £5,000"
    String.raw`reise-?\s?(?:[a-z]*versicherung|schutz|ruecktritt|rucktritt)`, // "Reiseversicherung", "Reise-Rücktritt", "Reiseschutz"
    'auslandsreise', // "Auslandsreisekrankenversicherung"
    // Cover for trips of up to so many days each is travel cover, whatever the product is called (a cover abroad
    // "Auslandskrankenschutz" for trips; a student's year abroad is health): "journeys of up to 31 days each",
    // "Reisen bis zu je 45 Tagen", "voyages jusqu'à 90 jours".
    String.raw`(?:reisen|trips?|journeys?|voyages|sejours|deplacements)\b[a-z ,]{0,40}\b(?:bis zu|up to|of up to|jusqu'a|d'au plus) (?:einer dauer von |je |jeweils |each )*\d+ (?:tagen?|days|jours)`,
    'assurance (?:voyage|annulation|assistance)', // "Assurance voyage", "assurance annulation"
    'assistance (?:voyage|rapatriement)', // "Assistance rapatriement"
    'contrat voyage', // "Votre contrat voyage"
    'dates du sejour', // a French certificate's trip dates
    'reisezeitraum', // a German certificate's trip dates
    'schengen', // a visa cover's "Schengen area"
    'visa insurance', // "Visa insurance certificate"
    'trip cancellation', // "Trip cancellation"
    'curtailment', // cutting a trip short
    'reiseabbruch', // the same in German
    'ruckholung', // repatriation: "Rückholung"
    'rucktransport', // "Krankenrücktransport"
  ]),
  // German health cover is a Kranken…versicherung (voll, zusatz, tagegeld) or a Krankenkasse's membership
  // (Mitgliedsbescheinigung); French, a mutuelle or complémentaire santé, whose attestation of rights names the
  // "organisme complémentaire" and the "tiers payant" (no advance of costs at the pharmacy).
  health: anyOf([
    'health insurance', // "Health insurance certificate"
    'private medical', // "Private medical insurance"
    'medical insurance', // "Medical insurance schedule"
    'health cover', // "Your health cover"
    'healthcare plan', // "Healthcare plan"
    'health plan', // "Company health plan"
    String.raw`(?<!reise-?\s?)kranken-?\s?[a-z]*versicherung`, // "Krankenvollversicherung", not "Reisekrankenversicherung"
    'krankheitskosten', // "Krankheitskostenversicherung"
    'krankenzusatz', // "Krankenzusatzversicherung"
    'krankenkasse', // a statutory health fund
    'mitgliedsbescheinigung', // a health fund's certificate of membership
    'versichertenkarte', // the German health card
    'complementaire sante', // "Complémentaire santé"
    'mutuelle sante', // "Mutuelle santé"
    'assurance (?:sante|maladie)', // "Assurance maladie"
    'contrat sante', // "Contrat santé"
    'couverture sante', // "Couverture santé"
    'frais de sante', // "Remboursement des frais de santé"
    'attestation de droits', // a French health fund's statement of rights
    'tiers payant', // no advance of costs at the pharmacy
    'organisme complementaire', // the complementary health insurer, as the card names it
    'carte (?:de )?tiers payant', // "Carte de tiers payant"
    'carte vitale', // the French health card
    'krankentagegeld', // daily sickness benefit
    'krankenhaustagegeld', // daily hospital benefit
    'zahnzusatz[a-z]*', // "Zahnzusatzversicherung"
    'pflegezusatz[a-z]*', // "Pflegezusatzversicherung"
    'beihilfe(?:tarif|erganzung)', // a civil servant's "Beihilfetarif"
    '(?:assurance|garanties?|contrat|couverture|complementaire|protection) sante', // "Garanties santé", "protection santé"
    'sante internationale', // an expatriate's "Assurance santé internationale"
    'frais de soins', // "Frais de soins à l'étranger"
    'hospital list', // a UK medical policy's list of hospitals
    'moratorium underwriting', // UK medical underwriting
    'medical history disregarded', // "Medical history disregarded (MHD)"
    'dental (?:plan|insurance|cover)', // "Dental plan"
    'health cash plan', // "Health cash plan"
    'cash plan', // "Cash plan benefits"
    'surcomplementaire', // a top-up to a complémentaire
    "depassements? d'honoraires", // fees above the statutory rate
  ]),
};

export const WEAK: Record<InsuranceType, RegExp> = {
  motor: wordOf([
    'vehicle', // "Vehicle: Ford Focus"
    'car', // "Your car"
    'van', // "Van"
    'motorbike', // "Motorbike"
    'driver', // "Main driver"
    'drivers', // "Named drivers"
    'drive', // "Permitted to drive"
    'rider', // a motorbike's rider
    'registration', // "Registration mark"
    'fahrzeug', // "Fahrzeug"
    'fahrzeughalter', // the vehicle's keeper
    'kennzeichen', // the registration mark
    'kasko', // "Teilkasko", "Vollkasko" as a word of their own
    'fahrer', // "Fahrer"
    'vehicule', // "Véhicule"
    'immatriculation', // the registration mark
    'conducteurs?', // "Conducteur principal"
    'permis', // the driving licence
    'moto', // "Moto"
    'casque', // a motorcyclist's helmet
  ]),
  travel: wordOf([
    'travel', // "Travel"
    'trip', // "Trip"
    'journey', // "Journey"
    'destination', // "Destination: Europe"
    'baggage', // "Baggage"
    'luggage', // "Luggage"
    'reise', // "Reise"
    'reisen', // "Reisen"
    'reisegepack', // luggage: "Reisegepäck"
    'reisegebiet', // the area of travel
    'voyage', // "Voyage"
    'bagages', // "Bagages"
    'annulation', // "Annulation"
    'rapatriement', // "Rapatriement"
    'repatriation', // "Repatriation"
  ]),
  health: wordOf([
    'hospital', // "Hospital"
    'treatment', // "Treatment"
    'medical', // "Medical"
    'dental', // "Dental"
    'outpatient', // "Outpatient"
    'inpatient', // "Inpatient"
    'krankenhaus', // "Krankenhaus"
    'behandlung', // "Behandlung"
    'arzt', // "Arzt"
    'zahn', // "Zahn"
    'stationar', // "stationär"
    'ambulant', // "ambulant"
    'hospitalisation', // "Hospitalisation"
    'soins', // "Soins"
    'dentaire', // "Dentaire"
    'optique', // "Optique"
    'medecin', // "Médecin"
    // "Mutuelle" beside "assurance" is a mutual insurer's legal form ("société d'assurance mutuelle", "Mutuelle
    // assurance des …"), whatever it sells; alone, the health mutual.
    "(?<!assurances? )mutuelle(?! d'assurance| assurance)",
    'beneficiaires?', // "Bénéficiaires"
    'ayants? droit', // dependants: "ayants droit"
    'pharmacie', // "Pharmacie"
    'sante', // "Santé"
    'members?', // "Member"
    'membership', // "Membership"
    'consultants?', // "Consultant fees"
    'specialists?', // "Specialist"
    'therapies', // "Therapies"
    'physiotherapy', // "Physiotherapy"
    'optical', // "Optical"
    'dentist', // "Dentist"
    'fillings', // "Fillings"
    'crowns', // "Crowns"
    'zahnersatz', // dentures: "Zahnersatz"
  ]),
};

// Cover for a stay abroad that names medical care in its title ("Travel medical insurance", "Krankenversicherung
// für Auslandsreisen", "Assurance frais médicaux à l'étranger"), or a long stay or studies abroad: travel cover,
// whose pages are full of doctors and hospitals. With such a title, medical words in passing say nothing of the
// type, and a health title inside it ("medical insurance" of "travel medical insurance") is the travel title's.
const STAY_ABROAD = anyOf([
  'travel (?:medical|health) (?:insurance|cover|plan|policy)', // "Travel medical insurance"
  String.raw`(?:kranken|gesundheits)[a-z]*versicherung fur (?:auslands)?reisen`, // "Krankenversicherung für Auslandsreisen"
  String.raw`(?:auslands)?reisekranken[a-z]*`, // "Auslandsreisekrankenversicherung"
  "frais medicaux (?:a l'etranger|en voyage)", // "Assurance frais médicaux à l'étranger"
  'assurance (?:sante|maladie) (?:en )?voyage', // "Assurance santé voyage"
  'medical expenses abroad', // "Medical expenses abroad"
  'long[- ]stay (?:travel )?(?:insurance|cover|policy)', // "Long stay insurance"
  'working holiday', // a working holiday visa's cover
  'work (?:and|&) travel', // "Work and Travel"
  'backpacker', // "Backpacker insurance"
  'gap year', // "Gap year travel insurance"
  '(?:assurance|contrat) (?:voyage )?(?:longue duree|long sejour)', // "Assurance voyage longue durée"
  String.raw`pvt`, // a French working holiday permit: "Assurance PVT"
  '(?:study|studying|students?) abroad', // "Study abroad insurance"
  "etudiants? a l'etranger", // "Assurance étudiant à l'étranger"
  "sejour d'etudes", // "Séjour d'études"
  String.raw`langzeit-?\s?(?:reise|auslands)[a-z]*`, // "Langzeit-Auslandsreiseversicherung"
]);

// The lines the service does not type (home, contents, liability, life, legal expenses, pets): a document that is
// mostly about one of them is none of the three, whatever words it shares with them ("excess", "cover").
const OTHER_STRONG = anyOf([
  'home insurance', // "Home insurance"
  'household insurance', // "Household insurance"
  'buildings (?:and contents )?insurance', // "Buildings and contents insurance"
  'contents insurance', // "Contents insurance"
  'landlord insurance', // "Landlord insurance"
  'pet insurance', // "Pet insurance"
  'life (?:insurance|assurance)', // "Life assurance"
  'hausrat[a-z]*', // "Hausratversicherung"
  'wohngebaude[a-z]*', // "Wohngebäudeversicherung"
  'privathaftpflicht[a-z]*', // personal liability: "Privathaftpflichtversicherung"
  'lebensversicherung', // life insurance
  'rechtsschutz[a-z]*', // legal expenses: "Rechtsschutzversicherung"
  'tierhalter[a-z]*', // a pet owner's liability: "Tierhalterhaftpflicht"
  'multirisque habitation', // "Multirisque habitation"
  'assurance (?:habitation|vie|emprunteur|scolaire)', // "Assurance habitation", "assurance emprunteur"
  'contrat habitation', // "Contrat habitation"
  'responsabilite civile (?:vie privee|familiale)', // personal liability: "Responsabilité civile vie privée"
]);
const OTHER_WEAK = wordOf([
  'buildings', // "Buildings"
  'contents', // "Contents"
  'property insured', // "Property insured"
  'dwelling', // "Dwelling"
  'wohnung', // "Wohnung"
  'gebaude', // "Gebäude"
  'versicherungsort', // the insured address
  'habitation', // "Habitation"
  'logement', // "Logement"
  'locataire', // tenant
  'proprietaire', // owner
  'occupant', // "Occupant"
]);

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
  const abroad = folded.match(STAY_ABROAD)?.length ?? 0;
  // A health title inside a stay abroad's title is that title's words: blanked, so places stay.
  const healthText = abroad > 0 ? folded.replace(STAY_ABROAD, (m) => ' '.repeat(m.length)) : folded;
  const scores = TYPES.map((type) => {
    const text = type === 'health' ? healthText : folded;
    const titles = (text.match(STRONG[type])?.length ?? 0) + (type === 'travel' ? abroad : 0);
    const strong = Math.min(4, titles + (evidence[type] ?? 0));
    const weak = type === 'health' && abroad > 0 ? 0 : Math.min(6, text.match(WEAK[type])?.length ?? 0);
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
