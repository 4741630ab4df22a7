// The words around a whole period, as data (one alternative a line, what it matches and an example): the labels
// a period's two dates follow, a sentence's words before and between its dates, and the words of a contract that
// has no end. Folded text (text.ts); period.ts reads them.
import { anyOf, wordOf } from './alternatives.js';
import type { Label } from './labels.js';

export const PERIOD: Label[] = [
  {
    pattern: anyOf(
      [
        'period of (?:insurance|cover)', // "Period of insurance: 01/03/2024 to 28/02/2025"
        'insurance period', // "Insurance period"
        'policy period', // "Policy period"
        'cover period', // "Cover period"
        'period of the policy', // "Period of the policy"
        'effective dates', // "Effective dates"
        'travel dates', // "Travel dates"
        'dates of cover', // "Dates of cover"
        'trip dates', // "Trip dates"
        'dates of travel', // "Dates of travel"
      ],
      '',
    ),
  },
  {
    pattern: anyOf(
      [
        'versicherungsdauer', // "Versicherungsdauer"
        'vertragsdauer', // "Vertragsdauer"
        'vertragslaufzeit', // "Vertragslaufzeit"
        'versicherungszeitraum', // "Versicherungszeitraum"
        'laufzeit', // "Laufzeit"
        'gultigkeitsdauer', // "Gültigkeitsdauer"
        'versicherungsperiode', // "Versicherungsperiode"
        'reisezeitraum', // "Reisezeitraum"
        'reisedauer', // "Reisedauer"
        'gultig vom', // "gültig vom … bis …"
        'versicherungsschutz vom', // "Versicherungsschutz vom … bis …"
      ],
      '',
    ),
  },
  {
    pattern: anyOf(
      [
        "periode de (?:validite|garantie|couverture|l'assurance)", // "Période de validité", "période de garantie"
        "periode d'assurance", // "Période d'assurance"
        'duree (?:du contrat|de (?:la )?garantie)', // "Durée du contrat", "durée de la garantie"
        'dates de validite', // "Dates de validité"
        'validite du contrat', // "Validité du contrat"
        'dates du voyage', // "Dates du voyage"
        'valable du', // "Valable du … au …"
        "periode de validite de l'attestation", // "Période de validité de l'attestation"
      ],
      '',
    ),
  },
  // A trip's dates: the stay, the journey, as the travel document calls them.
  {
    pattern: anyOf(
      [
        'dates? (?:du|de) (?:sejour|voyage|deplacement)', // "Dates du séjour", "date de voyage"
        'sejour du', // "Séjour du … au …"
        'voyage du', // "Voyage du … au …"
        'periode (?:du|de) (?:sejour|voyage)', // "Période du séjour"
        'droits ouverts du', // "Droits ouverts du … au …"
        'periode de droits', // "Période de droits"
        'reisedaten', // "Reisedaten"
        'reisetermin', // "Reisetermin"
        'reise vom', // "Reise vom … bis …"
        'aufenthalt vom', // "Aufenthalt vom … bis …"
        'trip period', // "Trip period"
        'journey dates', // "Journey dates"
        'dates of (?:your )?(?:trip|journey|stay)', // "Dates of your trip", "dates of stay"
        'holiday dates', // "Holiday dates"
        'your trip', // "Your trip: 7 July – 20 July 2025"
      ],
      '',
    ),
  },
];

// A contract said to run with no end ("unbefristet", "until further notice", "durée indéterminée"): a health or
// liability contract runs until it is cancelled, so the document prints its start and nothing else.
export const OPEN_ENDED = anyOf(
  [
    'unbefristet', // "Der Vertrag ist unbefristet"
    'auf unbestimmte zeit', // "auf unbestimmte Zeit geschlossen"
    'bis auf weiteres', // "gilt bis auf Weiteres"
    'open-ended', // "an open-ended policy"
    'until further notice', // "continues until further notice"
    'until (?:you )?cancel(?:led|s)?', // "until you cancel", "until cancelled"
    'no (?:fixed )?end date', // "no fixed end date"
    'duree indeterminee', // "conclu pour une durée indéterminée"
    'sans (?:limitation de duree|date de fin)', // "sans limitation de durée", "sans date de fin"
    "jusqu'a (?:sa )?resiliation", // "jusqu'à sa résiliation"
  ],
  '',
);

// What a sentence says before its period's first date and between the two: a start ("from", "starts on",
// "will renew on", "vom", "verlängert sich am", "du", "sera renouvelé le") and an end ("to", "until", "and run
// until", "bis zum", "und läuft bis", "au", "jusqu'au", "et prendra fin le"), in the three languages. Whole words.
export const PROSE_START = wordOf(
  [
    'from', // "from 1 March 2024"
    'starting', // "starting 1 March 2024"
    'start(?:s|ing)? on', // "starts on", "starting on"
    'begin(?:s|ning)? on', // "begins on", "beginning on"
    'commenc(?:es|ing) on', // "commences on", "commencing on"
    'effective', // "effective 1 March 2024"
    'renew(?:s|ed)?(?: automatically)? on', // "will renew on", "renews automatically on"
    'valid from', // "valid from"
    'vom', // "vom 1. März 2024 bis …"
    'von', // "von 01.03.2024 bis …"
    'ab', // "ab 01.03.2024"
    'beginnt am', // "beginnt am"
    'verlangert (?:sich )?(?:automatisch )?(?:am|zum|ab)', // "verlängert sich automatisch zum"
    'erneuert (?:sich )?(?:am|zum)', // "erneuert sich am"
    'gilt ab', // "gilt ab"
    'du', // "du 01/03/2024 au …"
    'compter du', // "à compter du"
    'partir du', // "à partir du"
    'prend effet le', // "prend effet le"
    'commence le', // "commence le"
    'debute le', // "débute le"
    'renouvele(?:e)? (?:le|au)', // "sera renouvelé le", "renouvelée au"
    'reconduit(?:e)? (?:le|au)', // "reconduit le", "reconduite au"
  ],
  '',
);
export const PROSE_END = wordOf(
  [
    'to', // "… to 28 February 2025"
    'until', // "… until 28 February 2025"
    'till', // "… till 28/02/2025"
    'through', // "… through 28 February 2025"
    'and', // "between … and …", "and run until"
    'bis', // "… bis 28.02.2025"
    'zum', // "… bis zum 28.02.2025"
    'au', // "… au 28/02/2025"
    "jusqu'au", // "… jusqu'au 28/02/2025"
    'ends? on', // "and ends on"
    'expires? on', // "and expires on"
    'endet am', // "und endet am"
    'lauft bis', // "und läuft bis"
    'prend fin le', // "et prend fin le"
    'prendra fin le', // "et prendra fin le"
    'expire le', // "et expire le"
    'expirera le', // "et expirera le"
    'se termine le', // "et se termine le"
  ],
  '',
);
