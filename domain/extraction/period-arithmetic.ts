// A period found by arithmetic, whatever its labels say: two dates of the document whose span is one a policy
// runs for (a year, a year less a day, whole months, a trip) are its start and end, the earlier first. Dates
// whose own words rule them out (birth, issue, first registration, a letter's date) take no part; a lone date
// is never taken for a start this way.
import { columnHeader } from './column-header.js';
import { labelContext, rulesOutDate } from './context.js';
import { periodStanding } from './currency.js';
import { findDates } from './dates.js';
import type { Found } from './labels.js';
import { CELL_GAP, type Doc, type Line } from './text.js';
import type { InsuranceType } from './types.js';

export interface DateMention {
  iso: string;
  /** Reading order: line, then column. */
  order: number;
  line: number;
  /** Where it is printed on its line: characters [start, end). */
  start: number;
  end: number;
  /** Its own words make it another date than the period's (birth, issue, first registration). */
  ruledOut: boolean;
  /** Its words call its period the next one (+1: a renewal's) or a past one (-1), or neither (0). */
  standing: -1 | 0 | 1;
}

/**
 * A date this many years or more before the document's latest is a person's (a birth), not a cover's: a policy
 * document is about a period of a year or so around the day it is written.
 */
const A_LIFETIME = 16;

/** Every date of the document in reading order, each judged by its own words and by its distance from the others. */
export function dateMentions(doc: Doc): DateMention[] {
  const out: DateMention[] = [];
  const mention = (line: Line, date: { iso: string; index: number; end: number }, prior = -1) => {
    const context = labelContext(doc, line, date.index);
    // Words before an earlier date on the line are that date's ("geb. 21.04.1983, ist seit dem 01.01.2018 …").
    const own = prior >= 0 ? line.folded.slice(prior, date.index) : context;
    out.push({
      iso: date.iso,
      order: line.n * 10_000 + date.index,
      line: line.n,
      start: date.index,
      end: date.end,
      ruledOut: rulesOutDate(own.length < context.length ? own : context),
      // Its words', else its table column's: "Last year" over a column of last year's dates.
      standing: periodStanding(context) || periodStanding(columnHeader(doc, line.n, date.index)),
    });
  };
  for (const line of doc.lines) {
    let prior = -1;
    for (const date of findDates(line.folded)) {
      mention(line, date, prior);
      prior = date.end;
    }
  }
  for (const { line, date } of wrappedDates(doc)) mention(line, date);
  out.sort((a, b) => a.order - b.order);
  const latest = Math.max(...out.map((m) => Number(m.iso.slice(0, 4))));
  for (const mention of out) if (Number(mention.iso.slice(0, 4)) <= latest - A_LIFETIME) mention.ruledOut = true;
  return out;
}

// A day at the very end of a line's last cell ("… Kaglaqual 19."), and a month with its year opening the next
// line's last cell ("September 2026"): a narrow column wrapped a long value, a date with it.
const DAY_AT_END = /(?<![\d.,/-])(\d{1,2})\.?$/;
const MONTH_YEAR_FIRST = /^[a-z]+\.? \d{4}(?![\d.,/-])/;

/** Dates a column's wrap broke over two lines: each where its day is printed, to the end of that line. */
function wrappedDates(doc: Doc): { line: Line; date: { iso: string; index: number; end: number } }[] {
  const out: { line: Line; date: { iso: string; index: number; end: number } }[] = [];
  for (let i = 0; i + 1 < doc.lines.length; i++) {
    const [line, next] = [doc.lines[i]!, doc.lines[i + 1]!];
    const folded = line.folded.trimEnd();
    const [cells, nextCells] = [folded.split(CELL_GAP), next.folded.trim().split(CELL_GAP)];
    // The same column: as many cells on both lines, the day in the last of one, the rest opening the last of the other.
    if (cells.length !== nextCells.length) continue;
    const day = DAY_AT_END.exec(cells[cells.length - 1]!);
    const rest = MONTH_YEAR_FIRST.exec(nextCells[nextCells.length - 1]!);
    if (!day || !rest) continue;
    const index = folded.length - day[0].length;
    // A day that ends a date of its own line is no broken date; nor is a pair that reads as anything but one date.
    if (findDates(folded).some((d) => d.end > index)) continue;
    const joined = findDates(`${day[1]}. ${rest[0]}`);
    if (joined.length !== 1 || joined[0]!.index !== 0) continue;
    out.push({ line, date: { iso: joined[0]!.iso, index, end: folded.length } });
  }
  return out;
}

const parts = (iso: string) => iso.split('-').map(Number) as [number, number, number];
const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
const lastDayOf = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/**
 * How much a span from `start` to `end` looks like a policy's cover, 0 (not at all) to 1: a whole year (or one
 * less a day) most, then whole months, then, for travel, a trip of up to three months.
 */
export function coverSpan(start: string, end: string, type: InsuranceType | null): number {
  const days = dayNumber(end) - dayNumber(start);
  if (!(days > 0)) return 0;
  const [sy, sm, sd] = parts(start);
  const [ey, em, ed] = parts(end);
  const months = (ey - sy) * 12 + (em - sm);
  // The same day of a later month, or the day before it (cover to midnight of the eve), month ends included.
  const sameDay = ed === sd || (sd > lastDayOf(ey, em) && ed === lastDayOf(ey, em));
  const dayBefore = ed === sd - 1 || (sd === 1 && ed === lastDayOf(ey, em) && months >= 1);
  const wholeMonths = sameDay ? months : dayBefore ? (sd === 1 ? months + 1 : months) : 0;
  const longest = type === 'motor' ? 12 : 60;
  if (wholeMonths % 12 === 0 && wholeMonths >= 12 && wholeMonths <= longest) return wholeMonths === 12 ? 1 : 0.7;
  if (wholeMonths >= 1 && wholeMonths <= Math.min(longest, 36)) return 0.75;
  // A trip: short spans are a travel policy's habit (or a document's whose type is not known).
  if (days <= 92 && type !== 'motor' && type !== 'health') return type === 'travel' ? 0.7 : 0.45;
  return 0;
}

/** How a period's standing moves its candidates: a renewal's a little up, a past one well down. */
export const STANDING = { '-1': -0.2, '0': 0, '1': 0.03 } as const;

/**
 * Start and end pairs from the dates' arithmetic, each side as sure as the span is telling; a pair whose dates
 * follow each other in the text (no other date between them) is surer than one far apart.
 */
export function arithmeticPairs(
  all: readonly DateMention[],
  type: InsuranceType | null,
): [Found<string>, Found<string>][] {
  const pairs: [Found<string>, Found<string>][] = [];
  const mentions = all.filter((m) => !m.ruledOut);
  const distinct = mentions.filter((m, i) => mentions.findIndex((o) => o.iso === m.iso) === i);
  const trip = (a: DateMention, b: DateMention) =>
    coverSpan(a.iso, b.iso, type) > 0 && dayNumber(b.iso) - dayNumber(a.iso) <= 92;
  for (const [i, a] of distinct.entries()) {
    for (const [j, b] of distinct.entries()) {
      if (i === j) continue;
      const span = coverSpan(a.iso, b.iso, type);
      if (span === 0) continue;
      // Two dates printed together, on one line, are a range; next to each other in the text, likelier one.
      const adjacent = Math.abs(i - j) === 1 ? (a.line === b.line ? 0.1 : 0.06) : 0;
      // A trip that ends where another begins is the time between buying cover (or being sent it) and setting
      // off: the trip is the later one.
      const beforeTrip =
        type !== 'motor' && trip(a, b) && distinct.some((c) => c !== b && c !== a && trip(b, c)) ? 0.08 : 0;
      const confidence = Math.round((0.5 + 0.25 * span + adjacent - beforeTrip + STANDING[a.standing]) * 100) / 100;
      pairs.push([
        { value: a.iso, confidence },
        { value: b.iso, confidence },
      ]);
    }
  }
  return pairs;
}
