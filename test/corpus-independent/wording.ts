// How the independent corpus words a policy: titles, labels and date spellings of real documents of each
// market (the UK certificate's statutory wording, UK travel and medical schedules, the German Versicherungsschein
// and eVB, the French attestation and carte verte), drawn per document. Rows are what a layout places.
import type { InsuranceType } from '../../domain/extraction/types.js';
import { Random } from '../../scripts/random.js';
import type { Facts } from './facts.js';

export interface Row {
  label: string;
  value: string;
}

export interface Wording {
  title: string;
  /** Who the policy is for and other numbers: rows that carry no field, some of them decoys. */
  holder: Row[];
  /** The fields' rows. */
  policy: Row[];
  /** Top and bottom of every page: another reference, a print date, page numbers. */
  header: string;
  footer: string;
  /** A sentence that names the insurer, for layouts that print it in prose rather than in a row. */
  insurerLine: string;
}

const EN_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DE_MONTHS = [
  'Januar',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
];
const FR_MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];

function spell(iso: string, lang: Facts['lang'], style: number): string {
  const [y, m, d] = iso.split('-') as [string, string, string];
  const day = Number(d);
  const month = Number(m) - 1;
  if (lang === 'en') return [`${d}/${m}/${y}`, `${day} ${EN_MONTHS[month]} ${y}`, `${d}-${m}-${y}`][style % 3]!;
  if (lang === 'de') return [`${d}.${m}.${y}`, `${day}. ${DE_MONTHS[month]} ${y}`, `${d}.${m}.${y}`][style % 3]!;
  return [`${d}/${m}/${y}`, `${day === 1 ? '1er' : day} ${FR_MONTHS[month]} ${y}`, `${d}.${m}.${y}`][style % 3]!;
}

type Labels = Record<
  'policy' | 'start' | 'end' | 'renewal' | 'period' | 'insurer' | 'plate' | 'holder' | 'customer' | 'birth' | 'issued',
  string[]
> & {
  titles: Record<InsuranceType, string[]>;
  /** "from {a} to {b}" in the language. */
  range(a: string, b: string): string;
  header(ref: string, printed: string): string;
  footer(page: string): string;
  insurerLine(name: string): string;
};

const EN: Labels = {
  titles: {
    motor: ['CERTIFICATE OF MOTOR INSURANCE', 'Motor Policy Schedule', 'Your car insurance: policy details'],
    travel: ['Travel Insurance – Policy Schedule', 'TRAVEL INSURANCE CERTIFICATE', 'Your travel cover confirmation'],
    health: [
      'Private Medical Insurance – Membership Certificate',
      'PRIVATE HEALTHCARE SCHEDULE',
      'Your health cover: membership details',
    ],
  },
  policy: ['Policy No.', 'Policy reference', 'Certificate number', 'Policy Number', 'Membership number'],
  start: [
    'Effective date of the commencement of insurance for the purposes of the relevant law',
    'Cover start date',
    'Commencement date',
    'Inception date',
  ],
  end: ['Date of expiry of insurance', 'Expiry date', 'Cover end date', 'Cover ends'],
  renewal: ['Renewal date', 'Date of renewal'],
  period: ['Period of cover', 'Insurance period', 'Period of insurance'],
  insurer: ['Insurer', 'Underwritten by', 'Insurance provided by'],
  plate: ['Registration mark of vehicle', 'Vehicle registration', 'Reg. no.'],
  holder: ['Name of policyholder', 'Policyholder', 'Insured'],
  customer: ['Customer number', 'Account no.', 'Quote reference'],
  birth: ['Date of birth', 'DOB'],
  issued: ['Date of issue', 'Issued on', 'Printed'],
  range: (a, b) => `${a} to ${b}`,
  header: (ref, printed) => `Document ref. ${ref}   Printed ${printed}`,
  footer: (page) => `Keep this document safe. ${page}`,
  insurerLine: (name) => `This policy is underwritten by ${name}.`,
};

const DE: Labels = {
  titles: {
    motor: [
      'Versicherungsschein Kfz-Versicherung',
      'KRAFTFAHRTVERSICHERUNG – NACHTRAG ZUM VERSICHERUNGSSCHEIN',
      'Ihre Kfz-Haftpflichtversicherung',
    ],
    travel: [
      'Reiseversicherung – Versicherungsbestätigung',
      'AUSLANDSREISE-KRANKENVERSICHERUNG',
      'Ihr Reiseschutz im Überblick',
    ],
    health: [
      'Private Krankenversicherung – Versicherungsschein',
      'KRANKENVOLLVERSICHERUNG',
      'Ihre Krankenversicherung im Überblick',
    ],
  },
  policy: ['Versicherungsschein-Nr.', 'Vertragsnummer', 'Versicherungsnummer', 'Vers.-Schein-Nr.'],
  start: ['Versicherungsbeginn', 'Beginn des Versicherungsschutzes', 'Vertragsbeginn'],
  end: ['Ablauf', 'Versicherungsende', 'Vertragsende'],
  renewal: ['Hauptfälligkeit'],
  period: ['Versicherungsdauer', 'Laufzeit', 'Versicherungszeitraum'],
  insurer: ['Versicherer', 'Risikoträger'],
  plate: ['Amtliches Kennzeichen', 'Kennzeichen'],
  holder: ['Versicherungsnehmer', 'Versicherte Person'],
  customer: ['Kundennummer', 'eVB-Nummer', 'Partnernummer'],
  birth: ['Geburtsdatum', 'geb. am'],
  issued: ['Ausgestellt am', 'Datum'],
  range: (a, b) => `vom ${a} bis ${b}`,
  header: (ref, printed) => `Unser Zeichen ${ref}   Stand ${printed}`,
  footer: (page) => `Bitte bewahren Sie dieses Dokument auf. ${page}`,
  insurerLine: (name) => `Ihr Versicherer ist die ${name}.`,
};

const FR: Labels = {
  titles: {
    motor: [
      "ATTESTATION D'ASSURANCE",
      'Carte internationale d’assurance automobile (carte verte)',
      'Mémo véhicule assuré',
    ],
    travel: ['Assurance voyage – Conditions particulières', "CERTIFICAT D'ASSURANCE VOYAGE", 'Votre assurance voyage'],
    health: [
      "Complémentaire santé – Certificat d'adhésion",
      'CONTRAT SANTÉ – CONDITIONS PARTICULIÈRES',
      'Votre couverture santé',
    ],
  },
  policy: ['N° de contrat', 'Numéro de police', 'Contrat n°', 'Référence du contrat'],
  start: ["Date d'effet", "Prise d'effet", 'Date de début de validité'],
  end: ["Date d'échéance", 'Fin de validité', 'Date de fin'],
  renewal: ['Date de renouvellement'],
  period: ['Période de validité', 'Durée du contrat'],
  insurer: ['Assureur', "Société d'assurance"],
  plate: ['Immatriculation', "N° d'immatriculation"],
  holder: ['Souscripteur', 'Assuré'],
  customer: ['N° sociétaire', 'Code client', 'N° de devis'],
  birth: ['Date de naissance', 'Né(e) le'],
  issued: ['Édité le', 'Fait le'],
  range: (a, b) => `du ${a} au ${b}`,
  header: (ref, printed) => `Réf. ${ref}   édité le ${printed}`,
  footer: (page) => `Document à conserver. ${page}`,
  insurerLine: (name) => `Contrat assuré par ${name}.`,
};

const BY_LANG = { en: EN, de: DE, fr: FR };

export function wordPolicy(seed: number, facts: Facts): Wording {
  const r = new Random(seed);
  const w = BY_LANG[facts.lang];
  const style = r.int(0, 2);
  const date = (iso: string) => spell(iso, facts.lang, style);
  const policy: Row[] = [
    { label: r.pick(w.insurer), value: facts.insurerPrinted },
    { label: r.pick(w.policy), value: facts.policyNumber },
  ];
  if (facts.end && !facts.endIsRenewal && r.chance(0.4)) {
    policy.push({ label: r.pick(w.period), value: w.range(date(facts.start), date(facts.end)) });
  } else {
    policy.push({ label: r.pick(w.start), value: date(facts.start) });
    if (facts.end) policy.push({ label: r.pick(facts.endIsRenewal ? w.renewal : w.end), value: date(facts.end) });
  }
  if (facts.plate) policy.push({ label: r.pick(w.plate), value: facts.plate.printed });
  const holder: Row[] = [
    { label: r.pick(w.holder), value: facts.holder },
    { label: r.pick(w.birth), value: date(facts.birthDate) },
    {
      label: r.pick(w.customer),
      value: r.chance(0.5) ? facts.customerNumber : `${r.letters(2)}${facts.customerNumber}`,
    },
    { label: r.pick(w.issued), value: date(facts.issueDate) },
  ];
  return {
    title: r.pick(w.titles[facts.type]),
    holder,
    policy,
    header: w.header(`${r.letters(3)}-${r.digits(6)}`, date(facts.issueDate)),
    footer: w.footer('{page}'),
    insurerLine: w.insurerLine(facts.insurerPrinted),
  };
}
