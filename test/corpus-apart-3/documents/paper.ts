// What a document of the third written-apart corpus is made of: the paper (blocks and a look, as the sibling
// renderer lays them out) and the answers a careful reader would write down from it. The insurer is given by its
// register reference, so that the expected name is the register's own and not a spelling chosen here; the
// printed form is kept beside it so the harness can check that the page really names it.
import { de, en, fr, type Day } from '../../corpus-apart/formats.js';
import type { Block, Look } from '../../corpus-apart/render.js';

export type Country = 'UK' | 'DE' | 'FR';
export type InsuranceType = 'motor' | 'travel' | 'health';

export interface Paper {
  id: string;
  country: Country;
  type: InsuranceType;
  /** What kind of paperwork it is, for the report's counts ("statutory certificate", "renewal letter", …). */
  kind: string;
  insurer: {
    /** The register's identification code of the entity carrying the risk. */
    ref: string;
    /** The name as the page prints it (a legal name, a display form, a brand on the "underwritten by" line). */
    printed: string;
  };
  /** As printed; compared without spaces or separators. */
  policy: string | null;
  start: Day | null;
  end: Day | null;
  plate: string | null;
  blocks: Block[];
  look: Look;
}

export const day = (y: number, m: number, d: number): Day => ({ y, m, d });

const p2 = (n: number) => String(n).padStart(2, '0');
const EN_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
// Duden's abbreviations; März, Mai, Juni and Juli are written out.
const DE_SHORT = ['Jan.', 'Feb.', 'März', 'Apr.', 'Mai', 'Juni', 'Juli', 'Aug.', 'Sept.', 'Okt.', 'Nov.', 'Dez.'];
// The Académie's abbreviations; mai, juin and août are never shortened.
const FR_SHORT = ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'];

/** Spellings beyond the sibling helpers: what policy systems, e-mails and cards print. */
export const en2 = {
  /** Mainframe certificates: 14-MAR-2026. */
  upperDash: (d: Day) => `${p2(d.d)}-${EN_SHORT[d.m - 1]!.toUpperCase()}-${d.y}`,
  /** Cards: 14/03/26. */
  shortYear: (d: Day) => `${p2(d.d)}/${p2(d.m)}/${String(d.y).slice(2)}`,
  /** Systems that print ISO dates. */
  iso: (d: Day) => `${d.y}-${p2(d.m)}-${p2(d.d)}`,
};
export const de2 = {
  abbr: (d: Day) => `${d.d}. ${DE_SHORT[d.m - 1]} ${d.y}`,
  shortYear: (d: Day) => `${p2(d.d)}.${p2(d.m)}.${String(d.y).slice(2)}`,
};
export const fr2 = {
  abbr: (d: Day) => `${d.d === 1 ? '1er' : d.d} ${FR_SHORT[d.m - 1]} ${d.y}`,
  dot: (d: Day) => `${p2(d.d)}.${p2(d.m)}.${d.y}`,
  dash: (d: Day) => `${p2(d.d)}-${p2(d.m)}-${d.y}`,
};

/** Every spelling a page of this corpus may give a date: the harness looks for one of them. */
export function writtenForms(d: Day): string[] {
  return [
    ...Object.values(en).map((f) => f(d)),
    ...Object.values(de).map((f) => f(d)),
    ...Object.values(fr).map((f) => f(d)),
    ...Object.values(en2).map((f) => f(d)),
    ...Object.values(de2).map((f) => f(d)),
    ...Object.values(fr2).map((f) => f(d)),
  ];
}

/** Pounds, euros: amounts as each country prints them. */
export const gbp = (n: number) => `£${n.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
export const eur = (n: number) =>
  `${n
    .toFixed(2)
    .replace('.', ',')
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.')} €`;
