// One document of the second written-apart corpus before rendering: what is printed (blocks, in the first
// written-apart corpus's renderer), how it looks, and what a careful reader answers for each field. Dates are
// written here in the ways the paperwork of each country writes them, and every form used is listed so that the
// harness can check each expected date really is on the page.
import type { Country, InsuranceType } from '../corpus-apart/documents/draft.js';
import type { Day } from '../corpus-apart/formats.js';
import type { Block, Look } from '../corpus-apart/render.js';

export type { Country, Day, InsuranceType };

export const day = (y: number, m: number, d: number): Day => ({ y, m, d });

export interface Paper {
  id: string;
  country: Country;
  type: InsuranceType;
  /** What kind of paper it is (certificate, renewal letter, e-mail, …): for the report, never scored. */
  style: string;
  look: Look;
  blocks: Block[];
  truth: {
    policy_number: string | null;
    /**
     * The entity that carries the risk: its register reference (PRA/FSC firm number, BaFin number, SIREN) and
     * its name as the paper prints it. The expected answer is the register's name for that reference.
     */
    insurer: { ref: string; printed: string };
    start: Day | null;
    end: Day | null;
    plate: string | null;
  };
}

const p2 = (n: number) => String(n).padStart(2, '0');
export const iso = (d: Day): string => `${d.y}-${p2(d.m)}-${p2(d.d)}`;

const EN = [
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
const DE = [
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
const FR = [
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
const EN_DAY = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const DE_DAY = ['Sonntag', 'Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag'];
const FR_DAY = ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'];
const dow = (d: Day) => new Date(Date.UTC(d.y, d.m - 1, d.d)).getUTCDay();
const th = (n: number) =>
  n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th';

/** English forms: 14/05/2026, 14 May 2026, 14th May 2026, 14 May 26 (short month), Thursday 14 May 2026, May 14, 2026. */
export const uk = {
  slash: (d: Day) => `${p2(d.d)}/${p2(d.m)}/${d.y}`,
  long: (d: Day) => `${d.d} ${EN[d.m - 1]} ${d.y}`,
  nth: (d: Day) => `${d.d}${th(d.d)} ${EN[d.m - 1]} ${d.y}`,
  short: (d: Day) => `${p2(d.d)} ${EN[d.m - 1]!.slice(0, 3)} ${d.y}`,
  dayLong: (d: Day) => `${EN_DAY[dow(d)]} ${d.d} ${EN[d.m - 1]} ${d.y}`,
  us: (d: Day) => `${EN[d.m - 1]} ${d.d}, ${d.y}`,
  /** Green cards and some certificates: day, month and year in boxes, written with spaces. */
  boxes: (d: Day) => `${p2(d.d)} ${p2(d.m)} ${d.y}`,
};
/** German forms: 14.05.2026, 14. Mai 2026, Donnerstag, 14. Mai 2026. */
export const de = {
  dot: (d: Day) => `${p2(d.d)}.${p2(d.m)}.${d.y}`,
  long: (d: Day) => `${d.d}. ${DE[d.m - 1]} ${d.y}`,
  dayLong: (d: Day) => `${DE_DAY[dow(d)]}, ${d.d}. ${DE[d.m - 1]} ${d.y}`,
};
/** French forms: 14/05/2026, 14 mai 2026 (1er for the first), jeudi 14 mai 2026. */
export const fr = {
  slash: (d: Day) => `${p2(d.d)}/${p2(d.m)}/${d.y}`,
  long: (d: Day) => `${d.d === 1 ? '1er' : d.d} ${FR[d.m - 1]} ${d.y}`,
  dayLong: (d: Day) => `${FR_DAY[dow(d)]} ${d.d === 1 ? '1er' : d.d} ${FR[d.m - 1]} ${d.y}`,
};

/** Every way the documents write a date: the harness checks one of them is on the page. */
export const writtenForms = (d: Day): string[] =>
  [...Object.values(uk), ...Object.values(de), ...Object.values(fr)].map((f) => f(d));

/**
 * A French NIR for a person of the given sex (1 man, 2 woman), year and month of birth and department of birth
 * (2A and 2B for Corsica), with a commune and order number, and its key: 97 minus the number modulo 97, where
 * Corsica's 2A counts as 19 and 2B as 18. Printed as on an attestation: 1 83 04 75 112 204 31.
 */
export function nirFor(sex: 1 | 2, born: Day, department: string, commune: number, order: number): string {
  const body = `${sex}${p2(born.y % 100)}${p2(born.m)}${department}${String(commune).padStart(3, '0')}${String(order).padStart(3, '0')}`;
  const key = 97 - Number(BigInt(body.replace('2A', '19').replace('2B', '18')) % 97n);
  return `${body.slice(0, 1)} ${body.slice(1, 3)} ${body.slice(3, 5)} ${body.slice(5, 7)} ${body.slice(7, 10)} ${body.slice(10, 13)} ${p2(key)}`;
}
