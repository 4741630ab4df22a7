// The facts of one policy of the independent corpus (issue 20, item 5): insurer, number, period, vehicle, as
// the second generator draws them. Written apart from test/corpus/ and never used to tune the parser: its number
// shapes, date spellings and plate spellings are its own. Ground truth is what extraction should give back.
import type { Country, DocumentLanguage, InsuranceType } from '../../domain/extraction/types.js';
import { Random } from '../../scripts/random.js';
import { registered } from '../corpus/register.js';

export interface Facts {
  country: Country;
  type: InsuranceType;
  lang: DocumentLanguage;
  /** The insurer as the page prints it, and the register's display name extraction should give. */
  insurerPrinted: string;
  insurerName: string;
  policyNumber: string;
  start: string;
  /** Null for open-ended cover (German and French health insurance run until cancelled). */
  end: string | null;
  /** The end is printed as a renewal date, not as an end. */
  endIsRenewal: boolean;
  plate: { printed: string; canonical: string } | null;
  holder: string;
  /** Other numbers and dates on the page: decoys with labels of their own. */
  customerNumber: string;
  birthDate: string;
  issueDate: string;
}

// Register references of each line and, for each, the ways a page prints the insurer: the legal name in capitals,
// the name as registered, or a trading style.
const INSURERS: Record<Country, Record<InsuranceType, [string, string[]][]>> = {
  UK: {
    motor: [
      ['202153', ['AVIVA INSURANCE LIMITED', 'Aviva Insurance Ltd']],
      ['202810', ['U K Insurance Limited', 'U K INSURANCE LIMITED']],
      ['202039', ['Ageas Insurance Limited', 'AGEAS INSURANCE LIMITED']],
      ['203350', ['esure Insurance Limited']],
    ],
    travel: [
      ['202189', ['AmTrust Europe Limited', 'AMTRUST EUROPE LIMITED']],
      ['121849', ['Allianz Insurance plc', 'ALLIANZ INSURANCE PLC']],
    ],
    health: [
      ['203332', ['Bupa Insurance Limited', 'BUPA INSURANCE LIMITED']],
      ['400057', ['Vitality Health Limited']],
    ],
  },
  DE: {
    motor: [
      ['5862', ['VHV Allgemeine Versicherung AG', 'VHV ALLGEMEINE VERSICHERUNG AG']],
      ['5438', ['R+V Allgemeine Versicherung AG']],
      ['5472', ['ERGO Versicherung AG', 'ERGO VERSICHERUNG AG']],
    ],
    travel: [
      ['5496', ['HanseMerkur Reiseversicherung AG']],
      ['5590', ['Würzburger Versicherungs-AG']],
    ],
    health: [
      ['4044', ['DKV Deutsche Krankenversicherung AG', 'DKV DEUTSCHE KRANKENVERSICHERUNG AG']],
      ['4147', ['Barmenia Krankenversicherung AG']],
    ],
  },
  FR: {
    motor: [
      ['781452511', ['MACIF']],
      ['440048882', ['MMA IARD', 'MMA IARD SA']],
      ['552062663', ['Generali IARD', 'GENERALI IARD']],
    ],
    travel: [
      ['451366405', ['Europ Assistance', 'EUROP ASSISTANCE']],
      ['383974086', ['Mutuaide Assistance']],
    ],
    health: [
      ['538518473', ['Harmonie Mutuelle', 'HARMONIE MUTUELLE']],
      ['331542142', ['MAAF Santé']],
    ],
  },
};

const LANG: Record<Country, DocumentLanguage> = { UK: 'en', DE: 'de', FR: 'fr' };

const GIVEN = {
  UK: ['Amelia', 'Harry', 'Priya', 'Callum'],
  DE: ['Jonas', 'Lea', 'Mehmet', 'Katrin'],
  FR: ['Camille', 'Hugo', 'Inès', 'Louis'],
};
const FAMILY = {
  UK: ['Whitfield', 'Okafor', 'Brennan'],
  DE: ['Hoffmann', 'Yilmaz', 'Krause'],
  FR: ['Lefèvre', 'Moreau', 'Benali'],
};

/** Policy numbers in shapes of docs/verification.md formats, with separators as insurers print them. */
function policyNumber(r: Random, country: Country): string {
  const shapes: Record<Country, (() => string)[]> = {
    UK: [
      () => `${r.letters(3)}${r.digits(8)}`,
      () => `${r.letters(2)}/${r.digits(4)}/${r.digits(5)}`,
      () => r.digits(10),
      () => `${r.letters(1)}${r.digits(7)}${r.letters(2)}`,
    ],
    DE: [
      () => `${r.digits(2)}.${r.digits(3)}.${r.digits(3)}-${r.digits(1)}`,
      () => `${r.letters(2)}-${r.digits(6)}`,
      () => r.digits(11),
    ],
    FR: [
      () => `${r.letters(3)} ${r.digits(4)} ${r.digits(4)}`,
      () => r.digits(9),
      () => `${r.letters(2)}${r.digits(8)}`,
    ],
  };
  // None of these shapes is a national number with a check digit (the KVNR, the NIR): those need real keys.
  return r.pick(shapes[country])();
}

function plate(r: Random, country: Country): { printed: string; canonical: string } {
  const L = (n: number) => r.letters(n, 'ABCDEFGHJKLMNPRSTVWXY');
  if (country === 'UK') {
    const [a, b, c] = [L(2), String(r.pick([18, 19, 20, 21, 22, 23, 68, 69, 70, 71, 72, 73])), L(3)];
    return { printed: r.pick([`${a}${b} ${c}`, `${a}${b}${c}`]), canonical: `${a}${b} ${c}` };
  }
  if (country === 'DE') {
    const [city, letters, n] = [r.pick(['HH', 'K', 'S', 'F', 'DD', 'HB']), L(r.int(1, 2)), String(r.int(1, 9999))];
    return {
      printed: r.pick([`${city}-${letters} ${n}`, `${city} ${letters} ${n}`]),
      canonical: `${city}-${letters} ${n}`,
    };
  }
  const [a, n, b] = [L(2), String(r.int(100, 999)), L(2)];
  return { printed: r.pick([`${a}-${n}-${b}`, `${a} ${n} ${b}`]), canonical: `${a}-${n}-${b}` };
}

const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const addYear = (iso: string) => `${Number(iso.slice(0, 4)) + 1}${iso.slice(4)}`.replace(/-02-29$/, '-02-28');

export function drawFacts(seed: number, country: Country, type: InsuranceType): Facts {
  const r = new Random(seed);
  const [reference, printings] = r.pick(INSURERS[country][type]);
  const insurer = registered(country, reference);
  const start = r.date('2024-01-01', '2026-06-30');
  // Motor runs a year (to the day before the anniversary); travel a trip or a year; health a year or open-ended.
  let end: string | null = addDays(addYear(start), -1);
  let endIsRenewal = false;
  if (type === 'travel' && r.chance(0.5)) end = addDays(start, r.int(4, 45));
  if (type === 'health' && country !== 'UK' && r.chance(0.4)) end = null;
  if (type === 'motor' && country === 'UK' && r.chance(0.3)) {
    // A renewal date is printed where the end would be: extraction reads it as the end of cover.
    end = addYear(start);
    endIsRenewal = true;
  }
  return {
    country,
    type,
    lang: LANG[country],
    insurerPrinted: r.pick(printings),
    insurerName: insurer.name,
    policyNumber: policyNumber(r, country),
    start,
    end,
    endIsRenewal,
    plate: type === 'motor' ? plate(r, country) : null,
    holder: `${r.pick(GIVEN[country])} ${r.pick(FAMILY[country])}`,
    customerNumber: r.digits(8),
    birthDate: r.date('1955-01-01', '2002-12-31'),
    issueDate: addDays(start, -r.int(3, 40)),
  };
}
