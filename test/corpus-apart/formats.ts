// Identifiers and dates as the paperwork of each country prints them: registration plates, social security and
// health insurance numbers, IBANs, register numbers, telephone numbers, passports and booking references. Each
// follows its public rule, check digits included, so that a decoy is a real-looking decoy. All values are made up
// from a seeded generator: no real person, vehicle or account.

/** A small seeded generator (mulberry32): the corpus is the same on every run. */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  digits(n: number): string {
    let out = '';
    for (let i = 0; i < n; i++) out += String(this.int(0, 9));
    return out;
  }
  letters(n: number, alphabet = 'ABCDEFGHJKLMNPRSTUVWXYZ'): string {
    let out = '';
    for (let i = 0; i < n; i++) out += alphabet[this.int(0, alphabet.length - 1)];
    return out;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Dates

export interface Day {
  y: number;
  m: number;
  d: number;
}

export const iso = (day: Day): string => `${day.y}-${String(day.m).padStart(2, '0')}-${String(day.d).padStart(2, '0')}`;

export function addDays(day: Day, days: number): Day {
  const t = new Date(Date.UTC(day.y, day.m - 1, day.d + days));
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
}

/** The day before the same date a year later: the usual end of an annual contract. */
export const yearLater = (day: Day): Day => addDays({ y: day.y + 1, m: day.m, d: day.d }, -1);

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
const EN_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const DE_DAYS = ['Sonntag', 'Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag'];
const FR_DAYS = ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'];

const p2 = (n: number) => String(n).padStart(2, '0');
const weekday = (day: Day) => new Date(Date.UTC(day.y, day.m - 1, day.d)).getUTCDay();
const ordinal = (n: number) =>
  n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th';

export const en = {
  long: (d: Day) => `${d.d} ${EN_MONTHS[d.m - 1]} ${d.y}`,
  ordinal: (d: Day) => `${d.d}${ordinal(d.d)} ${EN_MONTHS[d.m - 1]} ${d.y}`,
  short: (d: Day) => `${d.d} ${EN_MONTHS[d.m - 1]!.slice(0, 3)} ${d.y}`,
  slash: (d: Day) => `${p2(d.d)}/${p2(d.m)}/${d.y}`,
  withDay: (d: Day) => `${EN_DAYS[weekday(d)]}, ${d.d} ${EN_MONTHS[d.m - 1]} ${d.y}`,
};

export const de = {
  dot: (d: Day) => `${p2(d.d)}.${p2(d.m)}.${d.y}`,
  long: (d: Day) => `${d.d}. ${DE_MONTHS[d.m - 1]} ${d.y}`,
  withDay: (d: Day) => `${DE_DAYS[weekday(d)]}, ${d.d}. ${DE_MONTHS[d.m - 1]} ${d.y}`,
};

export const fr = {
  slash: (d: Day) => `${p2(d.d)}/${p2(d.m)}/${d.y}`,
  long: (d: Day) => `${d.d === 1 ? '1er' : d.d} ${FR_MONTHS[d.m - 1]} ${d.y}`,
  withDay: (d: Day) => `${FR_DAYS[weekday(d)]} ${d.d === 1 ? '1er' : d.d} ${FR_MONTHS[d.m - 1]} ${d.y}`,
};

/** A day in the given year range, on a day that exists in every month. */
export const someDay = (rng: Rng, fromYear: number, toYear: number): Day => ({
  y: rng.int(fromYear, toYear),
  m: rng.int(1, 12),
  d: rng.int(1, 28),
});

// ---------------------------------------------------------------------------------------------------------------
// Registration plates

// DVLA memory tags: the first letter is the region, the second the office; I, Q and Z are not used in either.
const UK_AREA = 'ABCDEFGHKLMNOPRSVWY';
const UK_TAG = 'ABCDEFGHJKLMNOPRSTUVWXY';
// The three random letters: neither I nor Q.
const UK_RANDOM = 'ABCDEFGHJKLMNOPRSTUVWXYZ';

/** A current-style UK mark (since 2001): memory tag, age identifier (March: the year, September: year + 50), three letters. */
export function ukPlate(rng: Rng, registered: Day): string {
  const yy = registered.y % 100;
  const age = registered.m >= 9 ? yy + 50 : registered.m >= 3 ? yy : ((registered.y - 1) % 100) + 50;
  return `${rng.letters(1, UK_AREA)}${rng.letters(1, UK_TAG)}${p2(age)} ${rng.letters(3, UK_RANDOM)}`;
}

// SIV (since 2009): AA-123-AA; I, O and U are never used, SS is refused in either pair and WW opens only
// temporary registrations; 000 is not issued.
const FR_LETTERS = 'ABCDEFGHJKLMNPQRSTVWXYZ';
export function frPlate(rng: Rng): string {
  const pair = (): string => {
    for (;;) {
      const p = rng.letters(2, FR_LETTERS);
      if (p !== 'SS' && p !== 'WW') return p;
    }
  };
  return `${pair()}-${String(rng.int(1, 999)).padStart(3, '0')}-${pair()}`;
}

// German marks: the district's letters, then one or two letters and one to four digits, eight characters at
// most; the digits never start with 0. Written with a hyphen after the district (or a space, on many letters).
const DE_DISTRICTS = [
  'M',
  'B',
  'HH',
  'K',
  'S',
  'F',
  'KA',
  'DA',
  'WI',
  'MZ',
  'HD',
  'OS',
  'BN',
  'DO',
  'E',
  'N',
  'H',
  'MS',
  'FR',
  'UL',
  'LB',
  'GÖ',
];
export function dePlate(rng: Rng, { hyphen = true, electric = false } = {}): string {
  const district = rng.pick(DE_DISTRICTS.filter((d) => !d.includes('Ö')));
  const letters = rng.letters(rng.int(1, 2), 'ABCDEFGHIJKLMNOPRSTUVWXYZ');
  const room = 8 - district.length - letters.length - (electric ? 1 : 0);
  const n = rng.int(1, Math.min(4, room));
  const digits = String(rng.int(n === 1 ? 1 : 10 ** (n - 1), 10 ** n - 1));
  return `${district}${hyphen ? '-' : ' '}${letters} ${digits}${electric ? 'E' : ''}`;
}

/** A plate as a comparison sees it: its characters, not its spacing. */
export const plateKey = (plate: string): string => plate.toUpperCase().replace(/[\s.\-/]/g, '');

// ---------------------------------------------------------------------------------------------------------------
// Social security and health insurance numbers

/**
 * French NIR: sex, year, month, department (2A and 2B for Corsica), commune, order number, then the key
 * 97 - (number mod 97), where for the key Corsica's 2A counts as 19 and 2B as 18.
 */
export function nir(rng: Rng, department?: string): string {
  const sex = rng.pick(['1', '2']);
  const yy = p2(rng.int(50, 99));
  const mm = p2(rng.int(1, 12));
  const dept = department ?? p2(rng.int(1, 95)).replace(/^20$/, '21');
  const body = `${sex}${yy}${mm}${dept}${String(rng.int(1, 990)).padStart(3, '0')}${String(rng.int(1, 999)).padStart(3, '0')}`;
  const numeric = body.replace('2A', '19').replace('2B', '18');
  const key = 97 - Number(BigInt(numeric) % 97n);
  return `${body}${p2(key)}`;
}

/** A NIR as the carte Vitale and attestations print it: 1 85 05 2A 004 123 45. */
export const spacedNir = (n: string): string =>
  `${n.slice(0, 1)} ${n.slice(1, 3)} ${n.slice(3, 5)} ${n.slice(5, 7)} ${n.slice(7, 10)} ${n.slice(10, 13)} ${n.slice(13)}`;

/**
 * German Krankenversichertennummer (unchangeable part): a letter and eight digits, then a check digit. The letter
 * becomes its two-digit place in the alphabet; the ten digits are weighted 1, 2, 1, 2, …, products above 9 are
 * replaced by their digit sum, and the check digit is the total modulo 10.
 */
export function kvnr(rng: Rng): string {
  const letter = rng.letters(1, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ');
  const digits = `${rng.int(1, 9)}${rng.digits(7)}`;
  const all = `${p2(letter.charCodeAt(0) - 64)}${digits}`;
  let sum = 0;
  for (let i = 0; i < all.length; i++) {
    let v = Number(all[i]) * (i % 2 === 0 ? 1 : 2);
    if (v > 9) v = Math.floor(v / 10) + (v % 10);
    sum += v;
  }
  return `${letter}${digits}${sum % 10}`;
}

/** NHS number: nine digits and a modulo-11 check digit (weights 10 down to 2); a check of 10 is never issued. */
export function nhsNumber(rng: Rng): string {
  for (;;) {
    const nine = `${rng.int(4, 6)}${rng.digits(8)}`;
    const sum = [...nine].reduce((s, c, i) => s + Number(c) * (10 - i), 0);
    const check = 11 - (sum % 11);
    if (check === 10) continue;
    const all = `${nine}${check === 11 ? 0 : check}`;
    return `${all.slice(0, 3)} ${all.slice(3, 6)} ${all.slice(6)}`;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Bank, company and intermediary numbers

const mod97 = (digits: string): number => {
  let rest = 0;
  for (const c of digits) rest = (rest * 10 + Number(c)) % 97;
  return rest;
};
const lettersToDigits = (s: string): string => s.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));

/** An IBAN with its ISO 13616 check digits, printed in groups of four. */
export function iban(rng: Rng, country: 'DE' | 'FR' | 'GB'): string {
  let bban: string;
  if (country === 'DE') bban = `${rng.int(1, 8)}${rng.digits(7)}${rng.digits(10)}`;
  else if (country === 'GB') bban = `${rng.pick(['NWBK', 'MIDL', 'BARC', 'LOYD'])}${rng.digits(6)}${rng.digits(8)}`;
  else {
    const bank = `${rng.int(1, 4)}${rng.digits(4)}`;
    const branch = rng.digits(5);
    const account = rng.digits(11);
    // The RIB key: 97 - ((89 x bank + 15 x branch + 3 x account) mod 97).
    const key = 97 - Number((89n * BigInt(bank) + 15n * BigInt(branch) + 3n * BigInt(account)) % 97n);
    bban = `${bank}${branch}${account}${p2(key)}`;
  }
  const check = 98 - mod97(lettersToDigits(`${bban}${country}00`));
  const full = `${country}${p2(check)}${bban}`;
  return full.replace(/(.{4})/g, '$1 ').trim();
}

/** A SIREN: nine digits passing the Luhn check, printed 3-3-3. */
export function siren(rng: Rng): string {
  for (;;) {
    const s = `${rng.int(3, 9)}${rng.digits(8)}`;
    const sum = [...s].reverse().reduce((acc, c, i) => {
      let v = Number(c) * (i % 2 === 1 ? 2 : 1);
      if (v > 9) v -= 9;
      return acc + v;
    }, 0);
    if (sum % 10 === 0) return `${s.slice(0, 3)} ${s.slice(3, 6)} ${s.slice(6)}`;
  }
}

/** ORIAS registration: eight digits, the first two the year of first registration, printed 2-3-3. */
export const orias = (rng: Rng): string => `${p2(rng.int(7, 23))} ${rng.digits(3)} ${rng.digits(3)}`;

/** FCA Financial Services Register firm reference number: six digits (older firms) or seven. */
export const fcaFrn = (rng: Rng): string =>
  rng.next() < 0.6 ? `${rng.int(300000, 999999)}` : `${rng.int(1000000, 1012999)}`;

/** IHK Vermittlerregister: D-XXXX-XXXXX-XX, letters and digits. */
export const ihkRegister = (rng: Rng): string => {
  const a = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  return `D-${rng.letters(4, a)}-${rng.letters(5, a)}-${rng.digits(2)}`;
};

/** UK Companies House number: eight digits. */
export const companyNumber = (rng: Rng): string => `0${rng.int(1, 9)}${rng.digits(6)}`;

/** German commercial register entry: court and HRB number. */
export const hrb = (rng: Rng, court: string): string => `Amtsgericht ${court} HRB ${rng.int(1000, 99999)}`;

// ---------------------------------------------------------------------------------------------------------------
// Telephone numbers (drama and sample ranges where a regulator keeps one)

export function ukPhone(rng: Rng, form: 'national' | 'international' | 'freephone' | 'nongeo'): string {
  const last = rng.digits(3);
  if (form === 'freephone') return `0808 157 0${last}`;
  if (form === 'nongeo') return `0345 ${rng.digits(3)} ${rng.digits(4)}`;
  const [area, local] = rng.pick([
    ['20', `7946 0${last}`],
    ['161', `496 0${last}`],
    ['113', `496 0${last}`],
    ['117', `496 0${last}`],
  ] as const);
  return form === 'national' ? `0${area} ${local}` : `+44 (0)${area} ${local}`;
}

export function frPhone(rng: Rng, form: 'national' | 'international'): string {
  const zone = rng.pick(['1', '4', '5', '9']);
  const groups = `${rng.digits(2)} ${rng.digits(2)} ${rng.digits(2)} ${rng.digits(2)}`;
  return form === 'national' ? `0${zone} ${groups}` : `+33 ${zone} ${groups}`;
}

export function dePhone(rng: Rng, form: 'national' | 'international' | 'service'): string {
  const [area, n] = rng.pick([
    ['89', `${rng.digits(4)} ${rng.digits(4)}`],
    ['221', `${rng.digits(3)}-${rng.digits(4)}`],
    ['40', `${rng.digits(3)} ${rng.digits(3)}-0`],
    ['711', `${rng.digits(4)}-${rng.digits(3)}`],
  ] as const);
  if (form === 'service') return `0800 ${rng.digits(3)} ${rng.digits(4)}`;
  return form === 'national' ? `0${area} ${n}` : `+49 (0)${area} ${n}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Travel documents and bookings

/** UK passport: nine digits. */
export const ukPassport = (rng: Rng): string => `${rng.int(1, 5)}${rng.digits(8)}`;
/** German passport: nine characters from the letters and digits the Bundesdruckerei uses. */
export const dePassport = (rng: Rng): string =>
  `${rng.pick(['C', 'F', 'G', 'H', 'J', 'K'])}${rng.letters(8, 'CFGHJKLMNPRTVWXYZ0123456789')}`;
/** French passport: two digits, two letters, five digits. */
export const frPassport = (rng: Rng): string =>
  `${rng.digits(2)}${rng.letters(2, 'ABCDEFGHJKLMNPRSTUVWXYZ')}${rng.digits(5)}`;
/** An airline record locator: six letters and digits. */
export const pnr = (rng: Rng): string => rng.letters(6, 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789');
/** A vehicle identification number (ISO 3779) as printed in a logbook: 17 characters, no I, O or Q. */
export const vin = (rng: Rng, wmi: string): string =>
  `${wmi}${rng.letters(6, 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789')}${rng.letters(1, 'ABCDEFGHJKLMNPRSTVWXY')}${rng.letters(1, 'ABCDEFGHJKLMNPRSTUVWXYZ')}${rng.digits(6)}`;
