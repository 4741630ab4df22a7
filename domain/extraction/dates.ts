import { fold } from './text.js';

// Dates as UK, German and French documents print them, to YYYY-MM-DD. All three countries put the day
// first: 01/03/2024, 01.03.2024, 1 March 2024, 1st March 2024, 1. März 2024, 1er mars 2024. ISO dates too.

// Folded month names (lower case, no accents) and their usual abbreviations.
const MONTHS: Record<string, number> = {
  january: 1,
  jan: 1,
  february: 2,
  feb: 2,
  march: 3,
  mar: 3,
  april: 4,
  apr: 4,
  may: 5,
  june: 6,
  jun: 6,
  july: 7,
  jul: 7,
  august: 8,
  aug: 8,
  september: 9,
  sep: 9,
  sept: 9,
  october: 10,
  oct: 10,
  november: 11,
  nov: 11,
  december: 12,
  dec: 12,
  januar: 1,
  janner: 1,
  februar: 2,
  marz: 3,
  maerz: 3,
  mai: 5,
  juni: 6,
  juli: 7,
  oktober: 10,
  okt: 10,
  dezember: 12,
  dez: 12,
  mrz: 3,
  janvier: 1,
  janv: 1,
  fevrier: 2,
  fevr: 2,
  fev: 2,
  mars: 3,
  avril: 4,
  avr: 4,
  juin: 6,
  juillet: 7,
  juil: 7,
  aout: 8,
  septembre: 9,
  octobre: 10,
  novembre: 11,
  decembre: 12,
};

const MONTH_WORDS = Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|');

// Day-first numeric: 01/03/2024, 1.3.2024, 01-03-24. OCR sometimes puts a space around the separator.
const NUMERIC = /(?<![\d/.-])(\d{1,2}) ?([./-]) ?(\d{1,2}) ?\2 ?(\d{4}|\d{2})(?![\d])/g;
// The green card's boxes print a date's day, month and year apart: "02 08 2026". Two-digit day and month and a full
// year, with no digit group either side (a telephone number's pairs run on).
const SPACED = /(?<![\d./-]\s?)(0[1-9]|[12]\d|3[01]) (0[1-9]|1[0-2]) ((?:19|20)\d\d)(?!\s?\d)/g;
const ISO = /(?<![\d/.-])(\d{4})([-/])(\d{2})\2(\d{2})(?![\d])/g;
// 1 March 2024, 1st March 2024, 1. März 2024, 1er mars 2024 (OCR reads "1er" as "ler" or "Ier"), the 1st day of
// March 2024, and as systems print them, 01-Mar-2024 and 01-Mar-24. One part of the pattern a line.
const DAY_MONTH_YEAR = new RegExp(
  [
    String.raw`(?<![\da-z])`, // not inside a word or a number
    String.raw`(\d{1,2}|[li]er|1re)`, // the day: "1", "01", "1er" (and OCR's "ler", "Ier"), "1re"
    String.raw`(?:st|nd|rd|th|er|re|e)?\.?`, // its ordinal or full stop: "1st", "1.", "2e"
    String.raw`(?: ?(?:day )?of)?`, // "the 1st day of March", "1st of March"
    '[ -]?', // a space, or a system's hyphen: "01-Mar-2024"
    `(${MONTH_WORDS})`, // the month: "March", "Mar", "marz" (folded "März"), "mars"
    String.raw`(?:\.?,? (\d{4})|-(\d{4}|\d{2}))`, // the year: " 2024", "., 2024", "-2024", "-24"
    String.raw`(?![\d])`, // and no digit after it
  ].join(''),
  'g',
);
// March 1, 2024
const MONTH_DAY_YEAR = new RegExp(`\\b(${MONTH_WORDS})\\.? (\\d{1,2})(?:st|nd|rd|th)?,? (\\d{4})(?![\\d])`, 'g');

// A range prints the year (and often the month) once, at its end: "du 7 au 20 juillet 2025", "7 July to 20 July
// 2025", "vom 7. bis 20. Juli 2025", "01.06. – 30.06.2025", "du 01/06 au 30/06/2025". The first day takes the
// end's month and year where it prints none (the year before, when its month comes after the end's). Matched
// with the end in a lookahead, so that the end is read as a date of its own.
const RANGE_TO = String.raw`\s*(?:-|to|until|till|and|au|bis(?: zum)?|jusqu'au)\s+(?:(?:le|den|am|the)\s+)?(?:[a-z]+,?\s+)?`;
const WORD_RANGE_START = new RegExp(
  [
    String.raw`(?<![\da-z./-])`, // not inside a word, a number or a numeric date
    String.raw`(\d{1,2}|1er)(?:st|nd|rd|th|er|e)?\.?`, // the first day: "7", "7th", "7.", "1er"
    String.raw`(?: (${MONTH_WORDS})\.?)?`, // its month, where it prints one: "7 July to …", "7. Juli bis …"
    `(?=${RANGE_TO}`, // then, looking ahead, the connector: " to ", " bis zum ", " au ", " - "
    String.raw`(\d{1,2}|1er)(?:st|nd|rd|th|er|e)?\.?`, // the last day: "20", "20th", "20."
    String.raw` (${MONTH_WORDS})\.?,?`, // its month: " July", " Juli", " juillet"
    String.raw` (\d{4})(?![\d]))`, // and its year, where the lookahead ends: " 2025"
  ].join(''),
  'g',
);
// Every range's connector is followed by a space (RANGE_TO): a cheap test before the two range patterns.
const RANGE_WORD = /(?:-|\b(?:to|until|till|and|au|bis|zum|jusqu'au))\s/;
const NUMERIC_RANGE_START = new RegExp(
  `(?<![\\d./-])(\\d{1,2})([./])(\\d{1,2})\\.?(?=${RANGE_TO.replace('(?:[a-z]+,?\\s+)?', '')}\\d{1,2}\\2\\d{1,2}\\2(\\d{4})(?![\\d]))`,
  'g',
);

export interface FoundDate {
  iso: string;
  /** Index in the searched (folded) text. */
  index: number;
  end: number;
}

function iso(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2100 || month < 1 || month > 12 || day < 1) return null;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > days) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const fullYear = (year: string): number => {
  const n = Number(year);
  if (year.length === 4) return n;
  return n <= 69 ? 2000 + n : 1900 + n;
};

const dayOf = (token: string): number => (/^\d+$/.test(token) ? Number(token) : 1);

/** Every date in a folded text, in order; overlapping readings keep the first and longest. */
export function findDates(folded: string): FoundDate[] {
  const found: FoundDate[] = [];
  const add = (index: number, length: number, value: string | null) => {
    if (value) found.push({ iso: value, index, end: index + length });
  };
  for (const m of folded.matchAll(NUMERIC)) add(m.index, m[0].length, iso(fullYear(m[4]!), Number(m[3]), Number(m[1])));
  for (const m of folded.matchAll(SPACED)) add(m.index, m[0].length, iso(Number(m[3]), Number(m[2]), Number(m[1])));
  for (const m of folded.matchAll(ISO)) add(m.index, m[0].length, iso(Number(m[1]), Number(m[3]), Number(m[4])));
  for (const m of folded.matchAll(DAY_MONTH_YEAR))
    add(m.index, m[0].length, iso(fullYear(m[3] ?? m[4]!), MONTHS[m[2]!]!, dayOf(m[1]!)));
  for (const m of folded.matchAll(MONTH_DAY_YEAR))
    add(m.index, m[0].length, iso(Number(m[3]), MONTHS[m[1]!]!, Number(m[2])));
  if (RANGE_WORD.test(folded)) {
    for (const m of folded.matchAll(WORD_RANGE_START)) {
      const endMonth = MONTHS[m[4]!]!;
      const month = m[2] ? MONTHS[m[2]]! : endMonth;
      add(m.index, m[0].length, rangeStart(dayOf(m[1]!), month, endMonth, Number(m[5]), dayOf(m[3]!)));
    }
    for (const m of folded.matchAll(NUMERIC_RANGE_START)) {
      const end = /(\d{1,2})[./](\d{1,2})[./]\d{4}/.exec(folded.slice(m.index + m[0].length))!;
      add(m.index, m[0].length, rangeStart(Number(m[1]), Number(m[3]), Number(end[2]), Number(m[4]), Number(end[1])));
    }
  }
  found.sort((a, b) => a.index - b.index || b.end - a.end);
  const out: FoundDate[] = [];
  for (const date of found) {
    const last = out[out.length - 1];
    if (last && date.index < last.end) continue;
    out.push(date);
  }
  return out;
}

/** A range's first day, given its day and month and its end's: before the end, within a year of it. */
function rangeStart(day: number, month: number, endMonth: number, endYear: number, endDay: number): string | null {
  const year = month > endMonth || (month === endMonth && day > endDay) ? endYear - 1 : endYear;
  if (month === endMonth && day === endDay) return null;
  return iso(year, month, day);
}

/** The single date a text holds, or null. */
export function parseDate(text: string): string | null {
  const dates = findDates(fold(text));
  return dates.length === 1 ? dates[0]!.iso : null;
}
