// What goes on each corpus document, drawn from a seeded generator: a policy (insurer from the register,
// number, dates, vehicle, cover) and its wording in English, German or French, with the distractors real
// schedules carry (customer numbers, dates of birth and issue, premiums, partial excesses, firm references,
// brokers), and the ground truth the extraction should find.
import type { Country, ExtractionResult, InsuranceType } from '../../domain/extraction/types.js';
import { Random } from '../../scripts/random.js';
import { registered } from './register.js';

export type Lang = 'en' | 'de' | 'fr';
export type Layout = 'schedule' | 'columns' | 'letter' | 'stacked';
export const LAYOUTS: readonly Layout[] = ['schedule', 'columns', 'letter', 'stacked'];

export interface Row {
  label: string;
  value: string;
  /** A row of one of the fields scored (number, insurer, dates, plate): its label is what the blind variants hide. */
  field?: true;
}

export interface Letter {
  placeDate: string;
  subject: string;
  salutation: string;
  paragraphs: string[];
  closing: string;
}

export interface PolicyDocument {
  id: string;
  country: Country;
  type: InsuranceType;
  lang: Lang;
  layout: Layout;
  font: 'Helvetica' | 'Times-Roman';
  letterhead: { name: string; address: string };
  title: string;
  holderHeading: string;
  holder: Row[];
  detailsHeading: string;
  details: Row[];
  coverHeading: string;
  cover: Row[];
  letter: Letter | null;
  footer: string;
}

export type Expected = Omit<ExtractionResult, 'field_confidence' | 'method'>;

export interface Truth {
  id: string;
  country: Country;
  insurance_type: InsuranceType;
  layout: Layout;
  insurer_printed: string;
  insurer_reference: string;
  expected: Expected;
}

// Insurers by country and line: [register reference, name as the document prints it].
const INSURERS: Record<Country, Record<InsuranceType, [string, string][]>> = {
  UK: {
    motor: [
      ['202312', 'AXA Insurance UK plc'],
      ['202153', 'Aviva Insurance Limited'],
      ['202810', 'U K Insurance Limited'],
      ['202727', 'Churchill Insurance Company Limited'],
      ['203350', 'esure Insurance Limited'],
      ['202323', 'Royal & Sun Alliance Insurance plc'],
      ['202965', 'Liverpool Victoria Insurance Company Limited'],
      ['202039', 'Ageas Insurance Limited'],
      ['202972', 'Highway Insurance Company Limited'],
      ['517719', 'Tesco Underwriting Limited'],
    ],
    travel: [
      ['202312', 'AXA Insurance UK plc'],
      ['202189', 'AmTrust Europe Limited'],
      ['121849', 'Allianz Insurance plc'],
      ['202323', 'Royal & Sun Alliance Insurance plc'],
      ['202810', 'U K Insurance Limited'],
    ],
    health: [
      ['203332', 'Bupa Insurance Limited'],
      ['202947', 'AXA PPP healthcare Limited'],
      ['400057', 'Vitality Health Limited'],
      ['202608', 'Western Provident Association Limited'],
      ['202183', 'Simplyhealth Access'],
    ],
  },
  DE: {
    motor: [
      ['5312', 'Allianz Versicherungs-AG'],
      ['5521', 'HUK-COBURG-Allgemeine Versicherung AG'],
      ['5086', 'HUK24 AG'],
      ['5515', 'AXA Versicherung AG'],
      ['5441', 'Allianz Direct Versicherungs-AG'],
      ['5472', 'ERGO Versicherung AG'],
      ['5342', 'Generali Deutschland Versicherung AG'],
      ['5438', 'R+V Allgemeine Versicherung AG'],
      ['5862', 'VHV Allgemeine Versicherung AG'],
      ['5549', 'Debeka Allgemeine Versicherung AG'],
    ],
    travel: [
      ['5356', 'ERGO Reiseversicherung AG'],
      ['5496', 'HanseMerkur Reiseversicherung AG'],
      ['5590', 'Würzburger Versicherungs-AG'],
      ['5312', 'Allianz Versicherungs-AG'],
    ],
    health: [
      ['4044', 'DKV Deutsche Krankenversicherung AG'],
      ['4034', 'Allianz Private Krankenversicherungs-AG'],
      ['4095', 'AXA Krankenversicherung AG'],
      ['4117', 'HUK-COBURG-Krankenversicherung AG'],
      ['4002', 'SIGNAL IDUNA Krankenversicherung a. G.'],
      ['4147', 'Barmenia Krankenversicherung AG'],
      ['4119', 'Gothaer Krankenversicherung AG'],
      ['4001', 'Continentale Krankenversicherung a.G.'],
    ],
  },
  FR: {
    motor: [
      ['722057460', 'AXA France IARD'],
      ['781452511', 'MACIF'],
      ['440048882', 'MMA IARD'],
      ['398972901', 'GMF Assurances'],
      ['352358865', 'Pacifica'],
      ['552062663', 'Generali IARD'],
      ['542063797', 'Gan Assurances'],
      ['401380472', 'BPCE IARD'],
    ],
    travel: [
      ['451366405', 'Europ Assistance'],
      ['479065351', 'Fragonard Assurances'],
      ['383974086', 'Mutuaide Assistance'],
      ['722057460', 'AXA France IARD'],
    ],
    health: [
      ['538518473', 'Harmonie Mutuelle'],
      ['775685399', 'Mutuelle Générale Education Nationale'],
      ['322215021', 'SwissLife Prévoyance et Santé'],
      ['331542142', 'MAAF Santé'],
      ['775685340', 'La Mutuelle Générale'],
    ],
  },
};

const LANG_OF: Record<Country, Lang> = { UK: 'en', DE: 'de', FR: 'fr' };

const MONTHS: Record<Lang, string[]> = {
  en: [
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
  ],
  de: [
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
  ],
  fr: [
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
  ],
};

interface Day {
  y: number;
  m: number;
  d: number;
}

const isoOf = (day: Day) => `${day.y}-${String(day.m).padStart(2, '0')}-${String(day.d).padStart(2, '0')}`;

function addDays(day: Day, days: number): Day {
  const t = new Date(Date.UTC(day.y, day.m - 1, day.d + days));
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
}

const addYear = (day: Day): Day => {
  const t = new Date(Date.UTC(day.y + 1, day.m - 1, day.d));
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
};

type DateStyle = 'numeric' | 'long' | 'short' | 'ordinal';

function formatDate(day: Day, lang: Lang, style: DateStyle): string {
  const dd = String(day.d).padStart(2, '0');
  const mm = String(day.m).padStart(2, '0');
  const month = MONTHS[lang][day.m - 1]!;
  if (lang === 'de')
    return style === 'numeric' || style === 'short' ? `${dd}.${mm}.${day.y}` : `${day.d}. ${month} ${day.y}`;
  if (lang === 'fr')
    return style === 'numeric' || style === 'short'
      ? `${dd}/${mm}/${day.y}`
      : `${day.d === 1 ? '1er' : day.d} ${month} ${day.y}`;
  if (style === 'numeric') return `${dd}/${mm}/${day.y}`;
  if (style === 'short') return `${dd} ${month.slice(0, 3)} ${day.y}`;
  if (style === 'ordinal') {
    const suffix =
      day.d % 10 === 1 && day.d !== 11
        ? 'st'
        : day.d % 10 === 2 && day.d !== 12
          ? 'nd'
          : day.d % 10 === 3 && day.d !== 13
            ? 'rd'
            : 'th';
    return `${day.d}${suffix} ${month} ${day.y}`;
  }
  return `${day.d} ${month} ${day.y}`;
}

function money(amount: number, currency: 'GBP' | 'EUR', lang: Lang, r: Random, decimals = r.chance(0.4)): string {
  const fixed = decimals ? amount.toFixed(2) : String(Math.round(amount));
  const [whole, cents] = fixed.split('.') as [string, string | undefined];
  const group = (sep: string) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  if (currency === 'GBP') return `£${group(',')}${cents ? '.' + cents : ''}`;
  if (lang === 'de')
    return r.chance(0.3)
      ? `EUR ${group('.')}${cents ? ',' + cents : ''}`
      : `${group('.')}${cents ? ',' + cents : ''} €`;
  return `${group(' ')}${cents ? ',' + cents : ''} €`;
}

const FIRST = {
  UK: ['Oliver', 'Amelia', 'Harry', 'Isla', 'George', 'Emily', 'Jack', 'Sophie', 'Thomas', 'Grace'],
  DE: ['Lukas', 'Anna', 'Felix', 'Lea', 'Jonas', 'Marie', 'Paul', 'Sophie', 'Maximilian', 'Johanna'],
  FR: ['Louis', 'Camille', 'Hugo', 'Chloé', 'Lucas', 'Manon', 'Jules', 'Léa', 'Gabriel', 'Inès'],
};
const LAST = {
  UK: ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Evans', 'Thomas', 'Roberts', 'Walker'],
  DE: ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Hoffmann', 'Schäfer'],
  FR: ['Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand', 'Leroy', 'Moreau'],
};
const STREETS = {
  UK: ['Elm Grove', 'Station Road', 'Church Lane', 'Victoria Street', 'Park Avenue', 'Mill Lane'],
  DE: ['Lindenstraße', 'Hauptstraße', 'Schillerstraße', 'Bahnhofstraße', 'Gartenweg', 'Am Markt'],
  FR: [
    'rue des Lilas',
    'avenue Victor Hugo',
    'rue de la République',
    'boulevard Pasteur',
    'rue du Moulin',
    'place de la Mairie',
  ],
};
const TOWNS = {
  UK: [
    ['Reading', 'RG1 4AB'],
    ['Leeds', 'LS6 2QT'],
    ['Bristol', 'BS8 1TH'],
    ['Norwich', 'NR2 3PL'],
    ['York', 'YO24 1AB'],
  ],
  DE: [
    ['München', '80331'],
    ['Köln', '50667'],
    ['Hamburg', '20095'],
    ['Leipzig', '04109'],
    ['Freiburg', '79098'],
  ],
  FR: [
    ['Lyon', '69003'],
    ['Nantes', '44000'],
    ['Toulouse', '31000'],
    ['Lille', '59000'],
    ['Bordeaux', '33000'],
  ],
};
const CARS = [
  'Volkswagen Golf 1.5 TSI',
  'Ford Focus 1.0 EcoBoost',
  'Renault Clio V',
  'Peugeot 208 PureTech',
  'Toyota Yaris Hybrid',
  'BMW 318d Touring',
  'Skoda Octavia 2.0 TDI',
];
const DE_DISTRICTS = ['M', 'B', 'HH', 'K', 'F', 'S', 'D', 'DO', 'KA', 'HD', 'MZ', 'WI', 'LB', 'BN', 'OF'];
const UK_AREAS = ['AB', 'BD', 'CV', 'DL', 'EA', 'FG', 'GH', 'KM', 'LR', 'MA', 'NX', 'OU', 'PN', 'RJ', 'SK', 'WF', 'YS'];
const BROKERS = {
  UK: ['Hartley & Cole Insurance Brokers Ltd', 'Northgate Insurance Services Ltd'],
  DE: ['Versicherungsmakler Brandt GmbH', 'Finanzkontor Weiß & Partner GmbH'],
  FR: ['Cabinet Laurent Courtage SARL', 'Agence Mercier Assurances SARL'],
};

// Prefixes that suggest the line of business, as many insurers' numbers do.
const PREFIXES: Record<Country, Record<InsuranceType, string[]>> = {
  UK: { motor: ['PC', 'MTR', 'CAR', 'MP'], travel: ['TRV', 'TI', 'HT'], health: ['PMI', 'HC', 'MB'] },
  DE: { motor: ['KH', 'KF', 'KR'], travel: ['RV', 'RS', 'RR'], health: ['KV', 'KK', 'PK'] },
  FR: { motor: ['AU', 'AUTO', 'VA'], travel: ['VO', 'VOY', 'AV'], health: ['SA', 'SANTE', 'CS'] },
};

function policyNumber(r: Random, country: Country, type: InsuranceType, reference: string): string {
  const prefix = () => r.pick(PREFIXES[country][type]);
  if (country === 'UK') {
    if (type === 'motor' && reference === '202312') return `AX${r.letters(1)}${r.digits(8)}`;
    if (type === 'motor' && reference === '202153') return `AV${r.digits(8)}`;
    return r.pick([
      () => `${prefix()}${r.digits(8)}`,
      () => `${prefix()} ${r.digits(4)} ${r.digits(4)}`,
      () => `${r.digits(10)}`,
      () => `${prefix()}-${r.digits(3)}-${r.digits(5)}`,
      () => `${prefix()}${r.digits(9)}${r.letters(1)}`,
    ])();
  }
  if (country === 'DE') {
    if (type === 'motor' && reference === '5521') return `HC${r.digits(9)}`;
    return r.pick([
      () => `${prefix()}-${r.digits(4)}-${r.digits(4)}`,
      () => `${r.digits(3)} ${r.digits(3)} ${r.digits(3)}`,
      () => `${prefix()}${r.digits(10)}`,
      () => `${r.digits(2)}.${r.digits(6)}.${r.digits(1)}`,
    ])();
  }
  return r.pick([
    () => `${prefix()} ${r.int(2019, 2025)} ${r.digits(7)}`,
    () => `${prefix()}-${r.digits(8)}`,
    () => `${r.digits(10)}`,
    () => `${prefix()}${r.digits(9)}`,
  ])();
}

function plate(r: Random, country: Country): { printed: string; canonical: string } {
  if (country === 'UK') {
    const area = r.pick(UK_AREAS);
    const age = r.pick([
      '15',
      '16',
      '17',
      '18',
      '19',
      '20',
      '21',
      '22',
      '23',
      '65',
      '66',
      '67',
      '68',
      '69',
      '70',
      '71',
      '72',
    ]);
    const tail = r.letters(3, 'ABCDEFGHJKLMNOPRSTUVWXY');
    const canonical = `${area}${age} ${tail}`;
    return { printed: r.chance(0.8) ? canonical : canonical.replace(' ', ''), canonical };
  }
  if (country === 'DE') {
    const district = r.pick(DE_DISTRICTS);
    const letters = r.letters(r.int(1, 2), 'ABCDEFGHJKLMNPRSTUVWXYZ');
    const number = String(r.int(1, 9999)).slice(0, Math.max(1, 8 - district.length - letters.length));
    const electric = r.chance(0.15) ? 'E' : '';
    const canonical = `${district}-${letters} ${number}${electric}`;
    return { printed: r.chance(0.7) ? canonical : `${district} ${letters} ${number}${electric}`, canonical };
  }
  const a = r.letters(2, 'ABCDEFGHJKLMNPQRSTVWXYZ');
  const b = r.letters(2, 'ABCDEFGHJKLMNPQRSTVWXYZ');
  const n = String(r.int(1, 999)).padStart(3, '0');
  const canonical = `${a}-${n}-${b}`;
  return { printed: r.chance(0.75) ? canonical : `${a} ${n} ${b}`, canonical };
}

interface Cover {
  level: string;
  levelPrinted: string;
  excess: { amount: number; rows: Row[] } | null;
  partialExcess: Row | null;
  sum: { amount: number; row: Row } | null;
  scope: { code: string; printed: string };
}

/** The wording of each language, as functions of the drawn values. */
const WORDS = {
  en: {
    titles: {
      motor: [
        'Motor Insurance Schedule',
        'Certificate of Motor Insurance and Schedule',
        'Your Car Insurance Policy Schedule',
      ],
      travel: ['Travel Insurance Policy Schedule', 'Travel Insurance Certificate'],
      health: ['Private Medical Insurance Membership Certificate', 'Health Insurance Policy Schedule'],
    },
    policyLabels: {
      motor: ['Policy number', 'Policy No.', 'Certificate number'],
      travel: ['Policy number', 'Policy reference'],
      health: ['Membership number', 'Policy number'],
    },
    holderHeading: 'Policyholder',
    detailsHeading: 'Policy details',
    coverHeading: 'Your cover',
    holderLabel: ['Policyholder', 'Name of policyholder', 'Insured'],
    address: 'Address',
    dob: 'Date of birth',
    customer: ['Customer number', 'Client reference'],
    previous: 'Previous policy number',
    periodLabel: ['Period of insurance', 'Period of cover'],
    startEnd: [
      ['Start date', 'End date'],
      ['Effective date', 'Expiry date'],
      ['Cover starts', 'Cover ends'],
    ],
    issued: ['Date of issue', 'Issued on'],
    insurerLabel: ['Insurer', 'Underwritten by'],
    vehicleLabel: ['Vehicle registration', 'Registration number', 'Registration mark'],
    make: 'Make and model',
    firstRegistered: 'Date first registered',
    levelLabel: {
      motor: ['Cover', 'Level of cover', 'Type of cover'],
      travel: ['Plan', 'Type of cover'],
      health: ['Level of cover', 'Your plan'],
    },
    premium: { motor: 'Annual premium', travel: 'Premium', health: 'Monthly premium' },
  },
  de: {
    titles: {
      motor: ['Versicherungsschein Kraftfahrtversicherung', 'Kfz-Versicherung – Versicherungsschein'],
      travel: ['Versicherungsbestätigung Reiseversicherung', 'Reiseversicherung – Versicherungsschein'],
      health: ['Versicherungsschein Krankenversicherung', 'Private Krankenversicherung – Versicherungsschein'],
    },
    policyLabels: {
      motor: ['Versicherungsschein-Nr.', 'Versicherungsscheinnummer', 'VS-Nr.'],
      travel: ['Versicherungsnummer', 'Vertragsnummer'],
      health: ['Versicherungsscheinnummer', 'Vertragsnummer'],
    },
    holderHeading: 'Versicherungsnehmer',
    detailsHeading: 'Vertragsdaten',
    coverHeading: 'Leistungen',
    holderLabel: ['Versicherungsnehmer', 'Name'],
    address: 'Anschrift',
    dob: 'Geburtsdatum',
    customer: ['Kundennummer', 'Kunden-Nr.'],
    previous: 'Vorherige Vertragsnummer',
    periodLabel: ['Versicherungsdauer', 'Vertragslaufzeit'],
    startEnd: [
      ['Versicherungsbeginn', 'Ablauf'],
      ['Vertragsbeginn', 'Vertragsende'],
      ['Beginn', 'Ende'],
    ],
    issued: ['Ausstellungsdatum', 'Datum'],
    insurerLabel: ['Versicherer', 'Risikoträger'],
    vehicleLabel: ['Amtliches Kennzeichen', 'Amtl. Kennzeichen', 'Kennzeichen'],
    make: 'Fahrzeug',
    firstRegistered: 'Erstzulassung',
    levelLabel: {
      motor: ['Deckungsumfang', 'Versicherungsumfang'],
      travel: ['Tarif', 'Produkt'],
      health: ['Tarif', 'Versicherungsumfang'],
    },
    premium: { motor: 'Jahresbeitrag', travel: 'Beitrag', health: 'Monatsbeitrag' },
  },
  fr: {
    titles: {
      motor: ['Conditions particulières – Assurance automobile', "Attestation d'assurance automobile"],
      travel: ["Certificat d'assurance voyage", 'Conditions particulières – Assurance voyage'],
      health: ["Certificat d'adhésion – Complémentaire santé", 'Conditions particulières – Assurance santé'],
    },
    policyLabels: {
      motor: ['N° de contrat', 'Numéro de contrat', 'Contrat n°'],
      travel: ['N° de contrat', 'Référence du contrat'],
      health: ["Numéro d'adhésion", 'N° de contrat'],
    },
    holderHeading: 'Souscripteur',
    detailsHeading: 'Votre contrat',
    coverHeading: 'Garanties',
    holderLabel: ['Souscripteur', 'Assuré'],
    address: 'Adresse',
    dob: 'Date de naissance',
    customer: ['N° de sociétaire', 'N° client'],
    previous: 'Ancien numéro de contrat',
    periodLabel: ['Période de validité', 'Période de garantie'],
    startEnd: [
      ["Date d'effet", "Date d'échéance"],
      ["Prise d'effet", 'Date de fin'],
      ["Date d'effet", 'Date de fin'],
    ],
    issued: ["Date d'émission", 'Édité le'],
    insurerLabel: ['Assureur', 'Organisme assureur'],
    vehicleLabel: ['Immatriculation', "N° d'immatriculation"],
    make: 'Véhicule',
    firstRegistered: 'Date de 1re mise en circulation',
    levelLabel: {
      motor: ['Formule', 'Niveau de garantie'],
      travel: ['Formule'],
      health: ['Formule', 'Niveau de garantie'],
    },
    premium: { motor: 'Prime annuelle TTC', travel: 'Prime TTC', health: 'Cotisation mensuelle' },
  },
} as const;

function drawCover(r: Random, lang: Lang, type: InsuranceType): Cover {
  const cur = lang === 'en' ? 'GBP' : 'EUR';
  const m = (amount: number) => money(amount, cur, lang, r);
  if (type === 'motor') {
    const level = r.pick(['comprehensive', 'comprehensive', 'third_party_fire_theft', 'third_party'] as const);
    const printed = {
      en: {
        comprehensive: 'Comprehensive',
        third_party_fire_theft: 'Third Party, Fire and Theft',
        third_party: 'Third Party Only',
      },
      de: {
        comprehensive: 'Vollkasko (inkl. Teilkasko)',
        third_party_fire_theft: 'Teilkasko',
        third_party: 'Kfz-Haftpflicht (ohne Kasko)',
      },
      fr: {
        comprehensive: 'Tous risques',
        third_party_fire_theft: 'Tiers plus (vol et incendie)',
        third_party: 'Tiers',
      },
    }[lang][level];
    let excess: Cover['excess'] = null;
    let partial: Row | null = null;
    if (lang === 'en') {
      const compulsory = r.pick([150, 250, 300]);
      const voluntary = r.pick([0, 100, 250]);
      excess = r.chance(0.5)
        ? {
            amount: compulsory + voluntary,
            rows: [
              { label: 'Compulsory excess', value: m(compulsory) },
              { label: 'Voluntary excess', value: m(voluntary) },
              { label: 'Total excess', value: m(compulsory + voluntary) },
            ],
          }
        : { amount: compulsory, rows: [{ label: 'Excess', value: m(compulsory) }] };
      if (level !== 'third_party' && r.chance(0.5))
        partial = { label: 'Windscreen excess', value: m(r.pick([75, 95, 115])) };
      if (level === 'third_party') excess = null;
    } else if (lang === 'de') {
      const amount = level === 'comprehensive' ? r.pick([300, 500, 1000]) : r.pick([150, 300]);
      excess = level === 'third_party' ? null : { amount, rows: [{ label: 'Selbstbeteiligung', value: m(amount) }] };
      if (level === 'comprehensive' && r.chance(0.5)) partial = { label: 'Selbstbeteiligung Teilkasko', value: m(150) };
    } else {
      const amount = r.pick([230, 300, 380, 450]);
      excess = level === 'third_party' ? null : { amount, rows: [{ label: 'Franchise', value: m(amount) }] };
      if (level !== 'third_party' && r.chance(0.5))
        partial = { label: 'Franchise bris de glace', value: m(r.pick([50, 75])) };
    }
    if (!excess && lang !== 'en' && r.chance(0.6))
      excess = {
        amount: NaN,
        rows: [{ label: lang === 'de' ? 'Selbstbeteiligung' : 'Franchise', value: lang === 'de' ? 'keine' : 'néant' }],
      };
    const sumAmount = lang === 'en' ? 20_000_000 : lang === 'de' ? 100_000_000 : 100_000_000;
    const sum = r.chance(0.7)
      ? {
          amount: sumAmount,
          row: {
            label: {
              en: 'Limit of indemnity (third party property)',
              de: 'Deckungssumme',
              fr: 'Plafond de garantie (dommages matériels)',
            }[lang],
            value: lang === 'de' && r.chance(0.5) ? '100 Mio. EUR pauschal' : m(sumAmount),
          },
        }
      : null;
    const scope = {
      en: {
        code: 'united_kingdom',
        printed: 'Great Britain, Northern Ireland, the Isle of Man and the Channel Islands',
      },
      de: { code: 'europe', printed: 'Europa und die außereuropäischen Gebiete der Europäischen Union' },
      fr: { code: 'france', printed: 'France métropolitaine et pays de la carte verte' },
    }[lang];
    return { level, levelPrinted: printed, excess, partialExcess: partial, sum, scope };
  }
  if (type === 'travel') {
    const level = r.pick(['single_trip', 'annual_multi_trip'] as const);
    const printed = {
      en: { single_trip: 'Single Trip', annual_multi_trip: 'Annual Multi-Trip' },
      de: { single_trip: 'Einzelreise-Schutz', annual_multi_trip: 'Jahres-Reiseversicherung' },
      fr: { single_trip: 'Voyage unique', annual_multi_trip: 'Annuelle multivoyages' },
    }[lang][level];
    const amount = lang === 'en' ? r.pick([50, 75, 100]) : r.pick([0, 50, 100, 150]);
    const excess: Cover['excess'] = amount
      ? {
          amount,
          rows: [
            {
              label: { en: 'Excess', de: 'Selbstbeteiligung', fr: 'Franchise' }[lang],
              value: `${m(amount)} ${{ en: 'per person, per claim', de: 'je Versicherungsfall', fr: 'par dossier' }[lang]}`,
            },
          ],
        }
      : {
          amount: NaN,
          rows: [
            { label: lang === 'de' ? 'Selbstbeteiligung' : 'Franchise', value: lang === 'de' ? 'keine' : 'néant' },
          ],
        };
    const sumAmount =
      lang === 'en'
        ? r.pick([5_000_000, 10_000_000])
        : lang === 'de'
          ? r.pick([2_000, 3_000, 5_000])
          : r.pick([75_000, 150_000, 300_000]);
    const sum = r.chance(0.8)
      ? {
          amount: sumAmount,
          row: {
            label: {
              en: 'Sum insured (emergency medical expenses)',
              de: 'Versicherungssumme Reiserücktritt',
              fr: 'Plafond frais médicaux',
            }[lang],
            value: m(sumAmount),
          },
        }
      : null;
    const scope = r.pick([
      { code: 'europe', printed: { en: 'Europe', de: 'Europa', fr: 'Europe' }[lang] },
      { code: 'worldwide', printed: { en: 'Worldwide', de: 'Weltweit', fr: 'Monde entier' }[lang] },
      {
        code: 'worldwide_excluding_usa_canada',
        printed: {
          en: 'Worldwide excluding USA, Canada and the Caribbean',
          de: 'Weltweit ohne USA und Kanada',
          fr: 'Monde entier hors USA et Canada',
        }[lang],
      },
    ]);
    return {
      level,
      levelPrinted: printed,
      excess: excess.amount ? excess : lang === 'en' ? null : excess,
      partialExcess: null,
      sum,
      scope,
    };
  }
  const level = r.pick(['comprehensive', 'hospital', 'basic'] as const);
  const printed = {
    en: { comprehensive: 'Comprehensive', hospital: 'Hospital only', basic: 'Essential' },
    de: {
      comprehensive: 'Krankheitskostenvollversicherung',
      hospital: 'Stationäre Zusatzversicherung',
      basic: 'Basistarif',
    },
    fr: { comprehensive: 'Formule Intégrale', hospital: 'Hospitalisation seule', basic: 'Formule Essentielle' },
  }[lang][level];
  const amount = lang === 'en' ? r.pick([0, 100, 250, 500]) : lang === 'de' ? r.pick([300, 600, 1200]) : 0;
  const excess: Cover['excess'] =
    amount > 0
      ? {
          amount,
          rows: [
            {
              label: { en: 'Excess', de: 'Selbstbehalt', fr: 'Franchise' }[lang],
              value: `${m(amount)} ${{ en: 'per member per year', de: 'je Kalenderjahr', fr: 'par an' }[lang]}`,
            },
          ],
        }
      : lang === 'en'
        ? { amount: NaN, rows: [{ label: 'Excess', value: 'Nil' }] }
        : null;
  const sumAmount = lang === 'en' ? r.pick([500_000, 1_000_000]) : lang === 'fr' ? r.pick([1_500, 2_500]) : 0;
  const sum =
    sumAmount && r.chance(0.7)
      ? {
          amount: sumAmount,
          row: { label: { en: 'Overall annual limit', de: '', fr: 'Plafond annuel' }[lang], value: m(sumAmount) },
        }
      : null;
  const scope = {
    en: r.pick([
      { code: 'united_kingdom', printed: 'United Kingdom' },
      { code: 'worldwide_excluding_usa_canada', printed: 'Worldwide excluding USA and Canada' },
    ]),
    de: r.pick([
      { code: 'europe', printed: 'Europa' },
      { code: 'worldwide', printed: 'weltweit' },
    ]),
    fr: { code: 'france', printed: 'France métropolitaine et DROM' },
  }[lang];
  return { level, levelPrinted: printed, excess, partialExcess: null, sum, scope };
}

const SCOPE_LABEL: Record<Lang, Record<InsuranceType, string>> = {
  en: { motor: 'Territorial limits', travel: 'Area of cover', health: 'Area of cover' },
  de: { motor: 'Geltungsbereich', travel: 'Reisegebiet', health: 'Geltungsbereich' },
  fr: { motor: 'Étendue territoriale', travel: 'Zone géographique', health: 'Zone de couverture' },
};

function footerOf(lang: Lang, printed: string, reference: string, r: Random): string {
  if (lang === 'en') {
    return `${printed} is authorised by the Prudential Regulation Authority and regulated by the Financial Conduct Authority and the Prudential Regulation Authority (Firm Reference Number ${reference}). Registered in England and Wales.`;
  }
  if (lang === 'de') {
    const town = r.pick(['München', 'Köln', 'Hamburg', 'Coburg', 'Düsseldorf']);
    return `${printed} · Sitz: ${town} · Registergericht ${town} HRB ${r.digits(5)} · Aufsichtsbehörde: Bundesanstalt für Finanzdienstleistungsaufsicht (BaFin), Graurheindorfer Straße 108, 53117 Bonn`;
  }
  const mutual = /mutuelle/i.test(printed);
  return mutual
    ? `${printed}, mutuelle soumise aux dispositions du livre II du Code de la mutualité, SIREN ${reference.replace(/(\d{3})(?=\d)/g, '$1 ')}. Autorité de contrôle : ACPR, 4 place de Budapest, 75009 Paris.`
    : `${printed}, entreprise régie par le Code des assurances, société anonyme au capital de ${money(r.int(50, 900) * 1_000_000, 'EUR', 'fr', r, false)}, SIREN ${reference.replace(/(\d{3})(?=\d)/g, '$1 ')}. Autorité de contrôle : ACPR, 4 place de Budapest, 75009 Paris.`;
}

function addressOf(r: Random, country: Country): string[] {
  const [town, code] = r.pick(TOWNS[country]) as [string, string];
  const street = r.pick(STREETS[country]);
  const number = r.int(1, 120);
  if (country === 'UK') return [`${number} ${street}`, `${town} ${code}`];
  if (country === 'DE') return [`${street} ${number}`, `${code} ${town}`];
  return [`${number} ${street}`, `${code} ${town}`];
}

/** One corpus document: the policy and its printed form. */
export function drawPolicy(
  seed: number,
  index: number,
  country: Country,
  type: InsuranceType,
  layout: Layout,
): { doc: PolicyDocument; truth: Omit<Truth, 'expected'> & { expected: Omit<Expected, 'pages'> } } {
  const r = new Random(seed * 7919 + index * 104729 + 17);
  const lang = LANG_OF[country];
  const w = WORDS[lang];
  const [reference, printedName] = r.pick(INSURERS[country][type]);
  const insurer = registered(country, reference);

  // Dates: a start in 2023-2025, often the 1st (which French prints as "1er", English sometimes as "1st").
  const start: Day = { y: r.int(2023, 2025), m: r.int(1, 12), d: r.chance(0.4) ? 1 : r.int(2, 28) };
  let end: Day | null;
  if (type === 'travel' && r.chance(0.5)) end = addDays(start, r.int(6, 27));
  else if (country === 'DE') end = addYear(start);
  else end = addDays(addYear(start), -1);
  // German health insurance runs until cancelled: no end date.
  const openEnded = country === 'DE' && type === 'health';
  if (openEnded) end = null;
  const issued = addDays(start, -r.int(5, 40));
  const dateStyle: DateStyle = r.pick(
    lang === 'en' ? (['numeric', 'long', 'short', 'ordinal'] as const) : (['numeric', 'numeric', 'long'] as const),
  );
  const date = (d: Day) => formatDate(d, lang, dateStyle);

  const number = policyNumber(r, country, type, reference);
  const name = `${r.pick(FIRST[country])} ${r.pick(LAST[country])}`;
  const address = addressOf(r, country);
  const dob: Day = { y: r.int(1950, 2000), m: r.int(1, 12), d: r.int(1, 28) };
  const cover = drawCover(r, lang, type);
  const vehicle =
    type === 'motor'
      ? {
          plate: plate(r, country),
          make: r.pick(CARS),
          first: { y: r.int(2012, 2022), m: r.int(1, 12), d: r.int(1, 28) },
        }
      : null;
  const broker = layout === 'letter' && r.chance(0.5) ? r.pick(BROKERS[country]) : null;

  const holder: Row[] = [
    { label: r.pick(w.holderLabel), value: name },
    { label: w.address, value: address.join(', ') },
    { label: w.dob, value: formatDate(dob, lang, 'numeric') },
    {
      label: r.pick(w.customer),
      value: country === 'FR' ? `${r.digits(7)} ${r.letters(1)}` : `${r.pick(['C', 'K', ''])}${r.digits(8)}`,
    },
  ];

  const details: Row[] = [];
  if (r.chance(0.25)) details.push({ label: w.previous, value: policyNumber(r, country, type, reference) });
  details.push({ label: r.pick(w.policyLabels[type]), value: number, field: true });
  details.push({ label: r.pick(w.insurerLabel), value: printedName, field: true });

  // The period: as a range under a period label, as two labelled dates, or (letters) in a sentence.
  const periodInProse = layout === 'letter';
  if (!periodInProse) {
    const [startLabel, endLabel] = r.pick<readonly [string, string]>(w.startEnd);
    if (end && r.chance(0.45)) {
      const range = {
        en: r.chance(0.5) ? `${date(start)} to ${date(end)}` : `From 00:01 on ${date(start)} to 23:59 on ${date(end)}`,
        de: `vom ${date(start)} bis ${date(end)}`,
        fr: `du ${date(start)} au ${date(end)}`,
      }[lang];
      details.push({ label: r.pick(w.periodLabel), value: range, field: true });
    } else {
      const time = { en: '', de: r.chance(0.5) ? ', 00:00 Uhr' : '', fr: r.chance(0.5) ? ' à 0 h' : '' }[lang];
      details.push({ label: startLabel, value: `${date(start)}${time}`, field: true });
      if (end) details.push({ label: endLabel, value: `${date(end)}${time}`, field: true });
      else details.push({ label: 'Vertragsdauer', value: 'unbefristet', field: true });
    }
  }
  details.push({ label: r.pick(w.issued), value: formatDate(issued, lang, dateStyle) });
  if (vehicle) {
    details.push({ label: r.pick(w.vehicleLabel), value: vehicle.plate.printed, field: true });
    details.push({ label: w.make, value: vehicle.make });
    details.push({ label: w.firstRegistered, value: formatDate(vehicle.first, lang, 'numeric') });
    if (country === 'DE')
      details.push({ label: 'FIN', value: `WVWZZZ${r.letters(3, 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789')}${r.digits(8)}` });
  }
  details.push({ label: r.pick(w.levelLabel[type]), value: cover.levelPrinted });

  const coverRows: Row[] = [];
  if (cover.excess) coverRows.push(...cover.excess.rows);
  if (cover.partialExcess) coverRows.push(cover.partialExcess);
  if (cover.sum) coverRows.push(cover.sum.row);
  coverRows.push({ label: SCOPE_LABEL[lang][type], value: cover.scope.printed });
  coverRows.push({
    label: w.premium[type],
    value: money(
      type === 'health' ? r.int(40, 400) + r.int(0, 99) / 100 : r.int(120, 1400) + r.int(0, 99) / 100,
      lang === 'en' ? 'GBP' : 'EUR',
      lang,
      r,
      true,
    ),
  });
  if (country !== 'UK' && r.chance(0.6))
    coverRows.push({
      label: 'IBAN',
      value: `${country}${r.digits(2)} ${r.digits(4)} ${r.digits(4)} ${r.digits(4)} ${r.digits(4)} ${r.digits(2)}`,
    });
  // Shuffle the cover rows a little: their order differs from one insurer to the next.
  if (r.chance(0.5)) coverRows.reverse();

  let letter: Letter | null = null;
  if (layout === 'letter') {
    const ourTown = { UK: 'London', DE: 'München', FR: 'Paris' }[country];
    const typeWord = {
      en: { motor: 'motor insurance', travel: 'travel insurance', health: 'health insurance' },
      de: { motor: 'Kfz-Versicherung', travel: 'Reiseversicherung', health: 'Krankenversicherung' },
      fr: { motor: 'assurance automobile', travel: 'assurance voyage', health: 'complémentaire santé' },
    }[lang][type];
    const period = end
      ? {
          en: `Your cover starts on ${date(start)} and ends on ${date(end)}.`,
          de: `Ihr Versicherungsschutz beginnt am ${date(start)} und endet am ${date(end)}.`,
          fr: `Votre contrat prend effet le ${date(start)} et prend fin le ${date(end)}.`,
        }[lang]
      : `Ihr Versicherungsschutz beginnt am ${date(start)}; der Vertrag ist unbefristet.`;
    const underwriter = broker
      ? {
          en: `This policy is underwritten by ${printedName}.`,
          de: `Risikoträger ist die ${printedName}.`,
          fr: `Ce contrat est assuré par ${printedName}.`,
        }[lang]
      : '';
    letter = {
      placeDate: {
        en: `${ourTown}, ${formatDate(issued, 'en', 'long')}`,
        de: `${ourTown}, ${formatDate(issued, 'de', 'numeric')}`,
        fr: `Fait à ${ourTown}, le ${formatDate(issued, 'fr', 'long')}`,
      }[lang],
      subject: {
        en: `Your ${typeWord} – policy number ${number}`,
        de: `Ihre ${typeWord} – Versicherungsschein-Nr. ${number}`,
        fr: `Votre ${typeWord} – contrat n° ${number}`,
      }[lang],
      salutation: { en: `Dear ${name},`, de: `Sehr geehrte(r) ${name},`, fr: 'Madame, Monsieur,' }[lang],
      paragraphs: [
        {
          en: `Thank you for choosing us for your ${typeWord}. We enclose your policy documents; please check them carefully and tell us straight away if anything is wrong.`,
          de: `vielen Dank für Ihr Vertrauen. Anbei erhalten Sie Ihre Vertragsunterlagen zur ${typeWord}. Bitte prüfen Sie die Angaben und teilen Sie uns Abweichungen umgehend mit.`,
          fr: `Nous vous remercions de votre confiance. Vous trouverez ci-joint les documents de votre ${typeWord}. Merci de vérifier les informations et de nous signaler toute erreur.`,
        }[lang],
        `${period} ${underwriter}`.trim(),
        {
          en: 'Please keep this schedule with your policy wording. It sets out the cover you have chosen and the amounts that apply.',
          de: 'Bitte bewahren Sie diesen Versicherungsschein zusammen mit den Versicherungsbedingungen auf.',
          fr: 'Conservez ces conditions particulières avec les conditions générales de votre contrat.',
        }[lang],
      ],
      closing: {
        en: 'Yours sincerely,',
        de: 'Mit freundlichen Grüßen',
        fr: "Nous vous prions d'agréer nos salutations distinguées.",
      }[lang],
    };
    // The letter names the number in its subject; the details keep the insurer row only when no broker writes.
    const keep = details.filter((row) => row.value !== number && (broker ? row.value !== printedName : true));
    details.splice(0, details.length, ...keep);
  }

  const headAddress = {
    UK: `${r.int(1, 99)} ${r.pick(['Gracechurch Street', 'Pitheavlis', 'Wellington Street', 'Tower Place'])}, ${r.pick(['London EC3V 0BG', 'Perth PH2 0NH', 'Leeds LS1 4AP', 'Bristol BS1 6DZ'])}`,
    DE: `${r.pick(['Königinstraße', 'Willy-Brandt-Platz', 'Colonia-Allee', 'Bahnhofsplatz'])} ${r.int(1, 40)}, ${r.pick(['80802 München', '96444 Coburg', '51067 Köln', '20095 Hamburg'])}`,
    FR: `${r.int(1, 120)} ${r.pick(['avenue de France', 'rue du Colonel Moll', 'boulevard Haussmann', 'terrasse Bellini'])}, ${r.pick(['75013 Paris', '92727 Nanterre', '79000 Niort', '69003 Lyon'])}`,
  }[country];

  const doc: PolicyDocument = {
    id: `${country.toLowerCase()}-${type}-${String(index).padStart(2, '0')}`,
    country,
    type,
    lang,
    layout,
    font: r.chance(0.7) ? 'Helvetica' : 'Times-Roman',
    letterhead: broker ? { name: broker, address: headAddress } : { name: printedName, address: headAddress },
    title: r.pick(w.titles[type]),
    holderHeading: w.holderHeading,
    holder,
    detailsHeading: w.detailsHeading,
    details,
    coverHeading: w.coverHeading,
    cover: coverRows,
    letter,
    footer: footerOf(lang, printedName, reference, r),
  };
  // Non-amount excess rows ("Nil", "keine", "néant") mean no excess.
  const excessAmount = cover.excess && !Number.isNaN(cover.excess.amount) ? cover.excess.amount : null;
  return {
    doc,
    truth: {
      id: doc.id,
      country,
      insurance_type: type,
      layout,
      insurer_printed: printedName,
      insurer_reference: reference,
      expected: {
        policy_number: number,
        insurer: insurer.name,
        insurance_type: type,
        start_date: isoOf(start),
        end_date: end ? isoOf(end) : null,
        vehicle_registration: vehicle ? vehicle.plate.canonical : null,
        coverage: {
          level: cover.level,
          excess: excessAmount === null ? null : { amount: excessAmount, currency: lang === 'en' ? 'GBP' : 'EUR' },
          sum_insured: cover.sum ? { amount: cover.sum.amount, currency: lang === 'en' ? 'GBP' : 'EUR' } : null,
          territorial_scope: cover.scope.code,
        },
        language: lang,
      },
    },
  };
}
