// Reads the source formats of the catalogue into sorted, de-duplicated points. Pure: text in, points out.
import { parse } from 'csv-parse/sync';
import { isIsoDate, lastDayOfMonth } from './dates.js';
import type { Point, SourceFormat } from './types.js';

/** The text is not what the format says; a refresh falls back to the bundled file when a fetched one fails this way. */
export class DatasetParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatasetParseError';
  }
}

// Publishers mark gaps in different ways; Destatis uses "-", the World Bank leaves the cell empty.
const MISSING = new Set(['', '-', '..', '.', 'NA', 'N/A', 'n/a']);
const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/** A number, null for a marked gap; anything else is an error rather than a silently dropped row. */
export function parseValue(raw: string, where: string): number | null {
  const text = raw.trim();
  if (MISSING.has(text)) return null;
  if (!NUMBER.test(text)) throw new DatasetParseError(`${where}: "${text.slice(0, 40)}" is not a number`);
  return Number(text);
}

export function parsePoints(text: string, format: SourceFormat): Point[] {
  const points = format.kind === 'ons' ? parseOns(text, format.block) : parseCsv(text, format);
  const sorted = sortUnique(points);
  if (format.kind === 'csv' && format.resample === 'month-end-step') return monthEndSteps(sorted);
  return sorted;
}

/** CSV text to rows (objects by header with `columns`, else arrays); unreadable text is a DatasetParseError. */
export function readCsv(text: string, options: { columns: boolean; delimiter: string }): unknown[] {
  try {
    return parse(text, {
      columns: options.columns,
      delimiter: options.delimiter,
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
    }) as unknown[];
  } catch (error) {
    throw new DatasetParseError(`not readable as CSV: ${(error as Error).message}`);
  }
}

function parseCsv(text: string, format: Extract<SourceFormat, { kind: 'csv' }>): Point[] {
  const rows = readCsv(text, { columns: true, delimiter: format.delimiter ?? ',' }) as Record<
    string,
    string | undefined
  >[];
  const first = rows[0];
  if (!first) throw new DatasetParseError('the file has no data rows');
  for (const column of [format.dateColumn, format.valueColumn, ...(format.where ? [format.where.column] : [])]) {
    if (!(column in first)) throw new DatasetParseError(`the file has no column "${column}"`);
  }
  const points: Point[] = [];
  rows.forEach((row, index) => {
    if (format.where && row[format.where.column] !== format.where.equals) return;
    const where = `row ${index + 2}`;
    const value = parseValue(row[format.valueColumn] ?? '', where);
    if (value === null) return;
    points.push({ date: readDate(row[format.dateColumn] ?? '', format.dateStyle, where), value });
  });
  if (points.length === 0) {
    throw new DatasetParseError(
      format.where ? `no rows where ${format.where.column} is "${format.where.equals}"` : 'no values',
    );
  }
  return points;
}

function readDate(raw: string, style: 'iso' | 'year', where: string): string {
  const text = raw.trim();
  if (style === 'year') {
    if (/^\d{4}$/.test(text)) return `${text}-01-01`;
  } else if (isIsoDate(text)) {
    return text;
  }
  throw new DatasetParseError(
    `${where}: "${text.slice(0, 40)}" is not a ${style === 'year' ? 'year' : 'YYYY-MM-DD date'}`,
  );
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/**
 * The ONS "full time series" CSV: a handful of "name","value" metadata rows, then one block per frequency with
 * periods "2024", "2024 Q1" or "2024 JAN". Rows are recognised by their period, so the metadata rows (their
 * number has changed over the years) need no counting. Periods are dated on their first day.
 */
export function parseOns(text: string, block: 'annual' | 'quarterly' | 'monthly'): Point[] {
  const rows = readCsv(text, { columns: false, delimiter: ',' }) as string[][];
  const points: Point[] = [];
  rows.forEach((row, index) => {
    const period = (row[0] ?? '').trim().toUpperCase();
    const date = onsPeriodDate(period, block);
    if (!date) return;
    const value = parseValue(row[1] ?? '', `row ${index + 1} (${period})`);
    if (value !== null) points.push({ date, value });
  });
  if (points.length === 0) throw new DatasetParseError(`no ${block} periods in the ONS file`);
  return points;
}

function onsPeriodDate(period: string, block: 'annual' | 'quarterly' | 'monthly'): string | null {
  let match: RegExpMatchArray | null;
  if (block === 'annual' && (match = period.match(/^(\d{4})$/))) return `${match[1]}-01-01`;
  if (block === 'quarterly' && (match = period.match(/^(\d{4}) Q([1-4])$/))) {
    return `${match[1]}-${String((Number(match[2]) - 1) * 3 + 1).padStart(2, '0')}-01`;
  }
  if (block === 'monthly' && (match = period.match(/^(\d{4}) ([A-Z]{3})$/))) {
    const month = MONTHS.indexOf(match[2]!);
    if (month >= 0) return `${match[1]}-${String(month + 1).padStart(2, '0')}-01`;
  }
  return null;
}

/** Sorted by date; a date given twice with the same value is kept once, with two values it is an error. */
export function sortUnique(points: Point[]): Point[] {
  const sorted = [...points].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const out: Point[] = [];
  for (const point of sorted) {
    const last = out.at(-1);
    if (last?.date === point.date) {
      if (last.value !== point.value)
        throw new DatasetParseError(`two values for ${point.date}: ${last.value} and ${point.value}`);
      continue;
    }
    out.push(point);
  }
  return out;
}

/**
 * From change dates to the value in force on the last day of every month, from the month of the first change to
 * the month of the last one (nothing is claimed about months the source does not reach).
 */
export function monthEndSteps(changes: Point[]): Point[] {
  const first = changes[0];
  const last = changes.at(-1);
  if (!first || !last) return [];
  const out: Point[] = [];
  let year = Number(first.date.slice(0, 4));
  let month = Number(first.date.slice(5, 7));
  const endKey = last.date.slice(0, 7);
  let next = 0;
  let value = first.value;
  for (;;) {
    const monthEnd = lastDayOfMonth(year, month);
    while (next < changes.length && changes[next]!.date <= monthEnd) value = changes[next++]!.value;
    out.push({ date: monthEnd, value });
    if (monthEnd.slice(0, 7) === endKey) return out;
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
}
