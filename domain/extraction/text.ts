// Text as the rules see it: the original for values, a folded copy (lower case, no accents, plain dashes,
// quotes and spaces) for matching labels. Folding keeps one UTF-16 unit per unit, so an index found in the
// folded text points at the same place in the original.
import type { PlacedWord } from './boxes.js';

const SPACES = /[\u00a0\u2000-\u200b\u202f\u205f\u3000\t]/g;

const FOLD_MAP: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u02bc': "'",
  '`': "'",
  '\u00b4': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u00ab': '"',
  '\u00bb': '"',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2212': '-',
  '\u00ba': '\u00b0', // masculine ordinal, as printed for "N°" by some fonts and read by OCR
};

function foldUnit(unit: string): string {
  const mapped = FOLD_MAP[unit];
  if (mapped) return mapped;
  if (unit.charCodeAt(0) < 128) return unit.toLowerCase();
  // NFD splits an accented letter into the letter and its mark; keep the letter.
  const base = unit.normalize('NFD').charAt(0).toLowerCase().charAt(0);
  return base || unit;
}

/** Lower case without accents, one unit for one unit. */
export function fold(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) out += foldUnit(text.charAt(i));
  return out;
}

export interface Line {
  /** Index of the line in the document. */
  n: number;
  text: string;
  folded: string;
  /** Where the line's words sit on the page, when the reader said (see layout.ts). */
  words?: PlacedWord[];
}

export interface Doc {
  lines: Line[];
  /** The whole text folded, lines joined by "\n". */
  folded: string;
  /**
   * Where a label that stands alone on its line has its value: on the line below (a form's label above its
   * field, the usual case) or on the line above (a caption printed under the field). Judged once per document
   * (see captionsUnderValues), since one document keeps one habit.
   */
  valueSide: 'below' | 'above';
}

/** Splits a document into lines, with tabs and unusual spaces turned into plain spaces. */
export function prepare(text: string): Doc {
  const clean = text.replace(/\r\n?/g, '\n').replace(/\f/g, '\n').replace(SPACES, ' ');
  const lines = clean.split('\n').map((line, n) => ({ n, text: line, folded: fold(line) }));
  return { lines, folded: lines.map((l) => l.folded).join('\n'), valueSide: 'below' };
}

/**
 * A run of three or more spaces: the text layer writes one where a table cell or a second column begins, so
 * a value ends there.
 */
export const CELL_GAP = /\s{3,}/;

/** Collapses runs of spaces and trims. */
export const squash = (value: string): string => value.replace(/\s+/g, ' ').trim();

/** The first cell of a line: the text before a wide gap. */

/** Escapes a literal for a RegExp. */
export const escapeRegExp = (value: string): string => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
