// Vehicle registration marks of the three countries, read as printed (or as OCR misreads them) and given
// back in each country's usual notation.
import type { Country } from './types.js';

export interface Plate {
  country: Country;
  /** UK "AB12 CDE", DE "M-AB 1234", FR "AB-123-CD". */
  value: string;
  index: number;
  end: number;
}

// OCR confuses letters and digits of similar shape; a plate's format says which one a position holds.
const AS_DIGIT: Record<string, string> = {
  O: '0',
  Q: '0',
  D: '0',
  I: '1',
  L: '1',
  Z: '2',
  S: '5',
  B: '8',
  G: '6',
  T: '7',
};
const AS_LETTER: Record<string, string> = { '0': 'O', '1': 'I', '2': 'Z', '5': 'S', '8': 'B', '6': 'G', '7': 'T' };
interface Reader {
  digits(s: string): string;
  letters(s: string): string;
}
const asPrinted: Reader = { digits: (s) => s, letters: (s) => s };
const repairing: Reader = {
  digits: (s) => [...s].map((c) => AS_DIGIT[c] ?? c).join(''),
  letters: (s) => [...s].map((c) => AS_LETTER[c] ?? c).join(''),
};

// A character class that admits both, for the positions OCR may have got wrong.
const L = '[A-Z0-9]';

interface Format {
  country: Country;
  pattern: RegExp;
  build(m: RegExpExecArray, read: Reader): string | null;
}

const FORMATS: Format[] = [
  {
    // Current UK format (2001 on): two letters, two age digits, three letters. I, Q and Z are not used in
    // the final three; Q and I not in the first two.
    country: 'UK',
    pattern: new RegExp(`(?<![A-Z0-9-])(${L}{2})(${L}{2}) ?(${L}{3})(?![A-Z0-9])`, 'g'),
    build: (m, { digits, letters }) => {
      const area = letters(m[1]!);
      const age = digits(m[2]!);
      const tail = letters(m[3]!);
      if (!/^[A-HJ-PR-Y][A-HJ-PR-Z]$/.test(area) || !/^\d{2}$/.test(age) || !/^[A-HJ-PR-Z]{3}$/.test(tail)) return null;
      // The age identifier is 02-29 / 51-79 by now; 00, 01 and 50 were never issued.
      const n = Number(age);
      if (!((n >= 2 && n <= 29) || (n >= 51 && n <= 79))) return null;
      return `${area}${age} ${tail}`;
    },
  },
  {
    // French SIV (2009 on): AA-123-AA; I, O and U are not used.
    country: 'FR',
    pattern: new RegExp(`(?<![A-Z0-9])(${L}{2})[ -]?(${L}{3})[ -]?(${L}{2})(?![A-Z0-9])`, 'g'),
    build: (m, { digits, letters }) => {
      const a = letters(m[1]!);
      const n = digits(m[2]!);
      const b = letters(m[3]!);
      if (!/^[A-HJ-NP-TV-Z]{2}$/.test(a) || !/^\d{3}$/.test(n) || !/^[A-HJ-NP-TV-Z]{2}$/.test(b)) return null;
      if (n === '000' || a === 'SS' || b === 'SS' || a === 'WW') return null;
      return `${a}-${n}-${b}`;
    },
  },
  {
    // German: district code (1-3 letters), one or two letters, one to four digits, E (electric) or H (historic).
    country: 'DE',
    pattern: /(?<![A-ZÄÖÜ0-9])([A-ZÄÖÜ]{1,3})[ -]+([A-Z]{1,2}) ?([1-9][0-9]{0,3})([EH])?(?![A-Z0-9])/g,
    build: (m) => {
      const district = m[1]!;
      const letters2 = m[2]!;
      if (district.length + letters2.length + m[3]!.length > 8) return null;
      return `${district}-${letters2} ${m[3]}${m[4] ?? ''}`;
    },
  },
];

/**
 * Plates in a text (upper-cased before matching), for the countries given, in order of position. `repair`
 * swaps look-alike letters and digits where the format demands the other: right after a label such as
 * "Registration", never in free text, where it would turn words into plates.
 */
export function findPlates(text: string, countries: readonly Country[], repair = false): Plate[] {
  const upper = text.toUpperCase();
  const out: Plate[] = [];
  const read = repair ? repairing : asPrinted;
  for (const format of FORMATS) {
    if (!countries.includes(format.country)) continue;
    const re = new RegExp(format.pattern.source, 'g');
    for (let m = re.exec(upper); m; m = re.exec(upper)) {
      const value = format.build(m, read);
      if (value) out.push({ country: format.country, value, index: m.index, end: m.index + m[0].length });
    }
  }
  return out.sort((a, b) => a.index - b.index);
}

// Earlier series, still on the road: the UK's prefix marks (1983-2001, "P123 ABC"), suffix marks (1963-1983, "ABC
// 123D") and dateless marks (before 1963, "SDU 481", "1234 AB"); France's FNI numbers (before 2009, "4127 QB 69":
// a number, two or three letters, the département). Loose enough to match other codes, so read as printed (capitals,
// no look-alike repair) and only where a label or a vehicle's description puts a plate.
const OLDER: { country: Country; pattern: RegExp; build(m: RegExpExecArray): string }[] = [
  {
    country: 'UK',
    pattern: /(?<![A-Za-z0-9])([A-HJ-NP-Y])(\d{1,3}) ?([A-HJ-PR-Y]{3})(?![A-Za-z0-9]| ?\d)/g,
    build: (m) => `${m[1]}${m[2]} ${m[3]}`,
  },
  {
    country: 'UK',
    pattern: /(?<![A-Za-z0-9])([A-HJ-PR-Y]{3}) ?(\d{1,3})([A-HJ-NP-Y])(?![A-Za-z0-9]| ?\d)/g,
    build: (m) => `${m[1]} ${m[2]}${m[3]}`,
  },
  {
    country: 'UK',
    pattern: /(?<![A-Za-z0-9])([A-HJ-PR-Y]{1,3}) ?([1-9]\d{0,3})(?![A-Za-z0-9]| ?\d)/g,
    build: (m) => `${m[1]} ${m[2]}`,
  },
  {
    country: 'UK',
    pattern: /(?<![A-Za-z0-9])([1-9]\d{0,3}) ?([A-HJ-PR-Y]{1,3})(?![A-Za-z0-9]| ?\d)/g,
    build: (m) => `${m[1]} ${m[2]}`,
  },
  {
    country: 'FR',
    pattern: /(?<![A-Za-z0-9])([1-9]\d{0,3}) ([A-HJ-NP-Z]{2,3}) (\d{2}|2A|2B|97\d)(?![A-Za-z0-9]| ?\d)/g,
    build: (m) => `${m[1]} ${m[2]} ${m[3]}`,
  },
];

/** Plates of a country's earlier series in a text as printed, in order of position (see OLDER). */
export function findOlderPlates(text: string, country: Country): Plate[] {
  const out: Plate[] = [];
  for (const format of OLDER) {
    if (format.country !== country) continue;
    for (const m of text.matchAll(format.pattern))
      out.push({ country, value: format.build(m), index: m.index, end: m.index + m[0].length });
  }
  // Where two series read the same characters, the longer reading (the more specific series) is the plate.
  const kept: Plate[] = [];
  for (const plate of out.sort((a, b) => a.index - b.index || b.end - a.end))
    if (kept.length === 0 || plate.index >= kept[kept.length - 1]!.end) kept.push(plate);
  return kept;
}
