// The labels a period's single dates follow, as data (one alternative a line, what it matches and an example):
// the start's, the end's and the renewal's, in the three languages (the whole period's: period-terms.ts). Folded
// text (text.ts); period.ts reads the dates after them.
import { anyOf } from './alternatives.js';
import type { Label } from './labels.js';

// A sentence's subject that is not the cover: "the waiting period ends on", "die Wartezeit endet am", "your payments
// start on", "le délai de carence prend fin le". Folded text before a start or end verb: the subject and up to two
// words after it.
const NOT_THE_COVER_SUBJECTS = [
  'wartezeit', // "die Wartezeit endet am"
  'waiting period', // "the waiting period ends on"
  'carence', // "le délai de carence prend fin le"
  "delai d'attente", // "le délai d'attente expire le"
  'payments?', // "your payments start on"
  'zahlungen?', // "die Zahlung beginnt am"
  'lastschrift', // "die Lastschrift beginnt am"
  'paiements?', // "les paiements commencent le"
  'prelevements?', // "les prélèvements débuteront le"
  'instal+ments?', // "your instalments start on", "installments"
  'raten?', // "die Raten beginnen am"
];
const NOT_THE_COVER = new RegExp(String.raw`(?:${NOT_THE_COVER_SUBJECTS.join('|')})\s+(?:\w+\s+){0,2}$`);

// Words of a change to a policy before "with effect from": the change's date, not the cover's start.
const CHANGE = /(?:chang|amend|endors|anderung|geandert|modif|avenant|adjust|anpass|nachtrag)[a-z]*\b[^.]{0,40}$/;

// The words of one insured (or a member) since a date, before the date: "versichert seit dem", "insured with us
// since", "adhérente depuis le".
const INSURED = [
  'versichert', // "bei uns versichert seit dem"
  'mitglied', // "Mitglied seit"
  'insured', // "insured with us since"
  'covered', // "covered since"
  'a member', // "a member since"
  'assuree?', // "assuré depuis le", "assurée depuis le"
  'adherente?', // "adhérent depuis le", "adhérente depuis le"
  'affiliee?', // "affilié depuis le"
];

export const START: Label[] = [
  {
    pattern: anyOf(
      [
        'start date', // "Start date"
        'commencement date', // "Commencement date"
        'date of commencement', // "Date of commencement"
        'inception date', // "Inception date"
        'effective date', // "Effective date"
        'commencement of (?:insurance|cover)', // "Commencement of insurance", "commencement of cover"
        'cover start(?:s| date)?', // "Cover start", "cover starts", "cover start date"
        'policy start(?: date)?', // "Policy start date"
        'valid from', // "Valid from"
        'date cover starts', // "Date cover starts"
        'start of cover', // "Start of cover"
      ],
      '',
    ),
  },
  { pattern: /start|from/, strict: true },
  { pattern: /(?:cover|policy|insurance) (?:starts|begins|commences) on|starts on|begins on/, notAfter: NOT_THE_COVER },
  {
    pattern: anyOf(
      [
        'versicherungsbeginn', // "Versicherungsbeginn"
        'vertragsbeginn', // "Vertragsbeginn"
        'beginn der versicherung', // "Beginn der Versicherung"
        'laufzeitbeginn', // "Laufzeitbeginn"
        'gultig ab', // "gültig ab"
        'versicherungsschutz ab', // "Versicherungsschutz ab"
        'beginn des versicherungsschutzes', // "Beginn des Versicherungsschutzes"
      ],
      '',
    ),
  },
  { pattern: /beginn|ab/, strict: true },
  { pattern: /beginnt am|beginnt ab|in kraft ab/, notAfter: NOT_THE_COVER },
  {
    pattern: anyOf(
      [
        "date d'effet", // "Date d'effet"
        "date de prise d'effet", // "Date de prise d'effet"
        "prise d'effet", // "Prise d'effet"
        'date de debut', // "Date de début"
        'debut (?:du contrat|de (?:la )?garantie)', // "Début du contrat", "début de la garantie"
        'valable a partir du', // "Valable à partir du"
        'date de souscription', // "Date de souscription"
        'date de debut de validite', // "Date de début de validité"
        'debut de validite', // "Début de validité"
      ],
      '',
    ),
  },
  { pattern: /effet|debut/, strict: true },
  // In any tense and person: "prend effet le", "prendront effet le", "entrera en vigueur le", "takes effect on".
  {
    pattern: anyOf(
      [
        'prend(?:ra|ront|nent)? effet (?:le|au|a compter du|a partir du)', // "prend effet le", "prendra effet à compter du"
        '(?:commence|debute)(?:ra|ront|nt)? le', // "commence le", "débutera le"
        'entre(?:ra|ront|nt)? en vigueur le', // "entre en vigueur le", "entrera en vigueur le"
      ],
      '',
    ),
    notAfter: NOT_THE_COVER,
  },
  {
    pattern: anyOf(
      [
        '(?:will )?(?:take|takes|took) effect (?:on|from)', // "takes effect on", "will take effect from"
        '(?:comes|will come|came) into (?:force|effect) on', // "comes into force on"
        '(?:will start|will begin|will commence|started|began|commenced) on', // "will start on", "commenced on"
        'in force from', // "in force from"
      ],
      '',
    ),
  },
  // A trip's first day is the travel policy's: departure ("Abreise", "date de départ"), not the day it was bought.
  {
    pattern: anyOf(
      [
        '(?:date of |day of )?departure(?: date)?', // "Departure date", "date of departure", "Departure"
        'outbound(?: date)?', // "Outbound", "outbound date"
        'departing(?: on)?', // "Departing on"
        'abreise(?:datum|tag)?', // "Abreise", "Abreisedatum", "Abreisetag"
        'hinreise', // "Hinreise"
        'reiseantritt', // "Reiseantritt"
        'reisebeginn', // "Reisebeginn"
        'date (?:de |du )?depart', // "Date de départ", "date du départ"
        'depart le', // "départ le"
        'date aller', // "Date aller"
      ],
      '',
    ),
  },
  // "With effect from", "à compter du", "mit Wirkung ab": the start, unless the sentence is about a change to the
  // policy (an endorsement's effective date is not the cover's start).
  {
    pattern: /with effect from|a compter du|avec effet (?:au|du|a compter du)|mit wirkung (?:ab|zum|vom)(?: dem)?/,
    notAfter: CHANGE,
  },
  // Insured (a member) since a date: "seit dem … krankenversichert", "insured with us since …", "adhérent depuis
  // le …"; a customer's "since" dates the account, not the cover.
  {
    pattern: /seit dem|seit|since|depuis le/,
    notBefore: /^(?!.*(?:versichert|mitglied|insured|covered|member|assure|adhere|couvert))/,
    notAfter: /(?:kunde|kundin|customer|client)[a-z]*\s*$/,
  },
  {
    pattern: new RegExp(
      String.raw`(?:${INSURED.join('|')}) (?:bei uns |with us |chez nous )?(?:seit|since|depuis)(?: dem| le)?`,
    ),
  },
  // A health attestation's rights: "droits ouverts à compter du", "ouverture des droits".
  { pattern: /droits ouverts (?:a compter du|depuis le|a partir du)|ouverture des droits|date d'ouverture des droits/ },
];

export const END: Label[] = [
  {
    pattern: anyOf(
      [
        'end date', // "End date"
        'expiry date', // "Expiry date"
        'date of expiry', // "Date of expiry"
        'expiration date', // "Expiration date"
        'cover end(?:s| date)?', // "Cover end", "cover ends", "cover end date"
        'policy end(?: date)?', // "Policy end date"
        'valid (?:until|to)', // "Valid until", "valid to"
        'date cover ends', // "Date cover ends"
        'end of cover', // "End of cover"
        'expires(?: on)?', // "Expires", "expires on"
      ],
      '',
    ),
  },
  { pattern: /end|expiry|until|to/, strict: true },
  { pattern: /(?:cover|policy|insurance) (?:ends|expires|finishes) on|ends on|expires on/, notAfter: NOT_THE_COVER },
  {
    pattern: anyOf(
      [
        'versicherungsende', // "Versicherungsende"
        'vertragsende', // "Vertragsende"
        'ende des versicherungsschutzes', // "Ende des Versicherungsschutzes"
        'vertragsablauf', // "Vertragsablauf"
        'ablaufdatum', // "Ablaufdatum"
        'ablauf der versicherung', // "Ablauf der Versicherung"
        'laufzeitende', // "Laufzeitende"
        'gultig bis', // "gültig bis"
        'versicherungsschutz bis', // "Versicherungsschutz bis"
      ],
      '',
    ),
  },
  { pattern: /ablauf|ende|bis/, strict: true },
  { pattern: /endet am|lauft bis|erlischt am/, notAfter: NOT_THE_COVER },
  {
    pattern: anyOf(
      [
        "date d'echeance", // "Date d'échéance"
        'date de fin', // "Date de fin"
        "date d'expiration", // "Date d'expiration"
        'fin (?:du contrat|de (?:la )?garantie)', // "Fin du contrat", "fin de la garantie"
        "valable jusqu'au", // "Valable jusqu'au"
        'echeance du contrat', // "Échéance du contrat"
        'date de fin de validite', // "Date de fin de validité"
        'fin de validite', // "Fin de validité"
      ],
      '',
    ),
  },
  { pattern: /echeance|fin|expiration/, strict: true },
  {
    pattern: anyOf(
      [
        'prend(?:ra|ront|nent)? fin le', // "prend fin le", "prendra fin le"
        'expire(?:ra|ront|nt)? le', // "expire le", "expirera le"
        'se termine(?:ra|ront|nt)? le', // "se termine le", "se terminera le"
        'cesse(?:ra|ront|nt)? (?:le|au)', // "cesse le", "cessera au"
      ],
      '',
    ),
    notAfter: NOT_THE_COVER,
  },
  {
    pattern: /(?:will end|will expire|will finish|ended|expired|lapsed|will lapse) on|endete am|lief bis/,
    notAfter: NOT_THE_COVER,
  },
  // The trip's last day: the return.
  {
    pattern: anyOf(
      [
        '(?:date of |day of )?return(?: date)?', // "Return date", "date of return", "Return"
        'inbound(?: date)?', // "Inbound", "inbound date"
        'returning(?: on)?', // "Returning on"
        'ruckreise(?:datum|tag)?', // "Rückreise", "Rückreisedatum", "Rückreisetag"
        'reiseende', // "Reiseende"
        'date (?:de |du )?retour', // "Date de retour", "date du retour"
        'retour le', // "retour le"
        'date retour', // "Date retour"
      ],
      '',
    ),
    notBefore: /^\s*(?:flight|journey|ticket|of (?:premium|the))/,
  },
  {
    pattern: anyOf(
      [
        // "continues until", "will run until", "will remain in force until"
        '(?:continues?|will continue|runs?|will run|remains? in force|will remain in force) until',
        '(?:endet )?mit ablauf des', // "endet mit Ablauf des", "mit Ablauf des"
      ],
      '',
    ),
    notAfter: NOT_THE_COVER,
  },
  // "Your cover runs to …", "cover runs for twelve months to …": the cover's own last day, surer than a renewal date.
  {
    pattern: /(?:cover|policy|insurance) (?:runs|continues|lasts) (?:for [a-z0-9 ]{1,20} )?(?:to|until)/,
    notAfter: NOT_THE_COVER,
  },
  {
    pattern: anyOf(
      [
        "droits (?:sont )?(?:ouverts )?jusqu'au", // a health attestation's "droits ouverts jusqu'au"
        'fin (?:des|de) droits', // "Fin des droits"
        'date de fin (?:des|de) droits', // "Date de fin de droits"
        'gultig bis zum', // "gültig bis zum"
        'mitgliedschaft bis', // "Mitgliedschaft bis"
      ],
      '',
    ),
  },
];

// "Renewal date" names the day cover must be renewed by: where the end is not printed, cover ends there.
export const RENEWAL: Label[] = [
  {
    pattern: anyOf(
      [
        'renewal date', // "Renewal date"
        'date of renewal', // "Date of renewal"
        'due for renewal on', // "Your policy is due for renewal on"
        'renews on', // "Your policy renews on"
        'verlangerungsdatum', // "Verlängerungsdatum"
        'hauptfalligkeit', // the German main due date: "Hauptfälligkeit"
        'date de renouvellement', // "Date de renouvellement"
        'renouvellement le', // "renouvellement le"
      ],
      '',
    ),
  },
];
