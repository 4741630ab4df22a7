// FRED (Federal Reserve Bank of St. Louis): the fredgraph CSV of one series, e.g.
// https://fred.stlouisfed.org/graph/fredgraph.csv?id=EXUSUK
// A header "observation_date,<id>" ("DATE,<id>" before 2024), ISO dates, "." for a missing observation.
import { DatasetParseError, parseValue } from '../../../domain/datasets/parse.js';
import { isIsoDate } from '../../../domain/datasets/dates.js';
import type { LiveSource, Point } from '../../../domain/datasets/types.js';
import { nonEmpty, rowsWithColumns, type PublisherModule } from './common.js';

type Fred = Extract<LiveSource, { publisher: 'fred' }>;

export function fredUrl(source: Fred): string {
  return `https://fred.stlouisfed.org/graph/fredgraph.csv?id=${encodeURIComponent(source.series)}`;
}

export function parseFred(text: string, source: Fred): Point[] {
  const header = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const dateColumn = header.startsWith('DATE,') ? 'DATE' : 'observation_date';
  const rows = rowsWithColumns(text, [dateColumn, source.series], 'FRED');
  const points: Point[] = [];
  rows.forEach((row, index) => {
    const where = `FRED: row ${index + 2}`;
    const value = parseValue(row[source.series] ?? '', where);
    if (value === null) return;
    const date = (row[dateColumn] ?? '').trim();
    if (!isIsoDate(date)) throw new DatasetParseError(`${where}: "${date.slice(0, 30)}" is not a YYYY-MM-DD date`);
    if (source.invert && value === 0) throw new DatasetParseError(`${where}: a rate of 0 has no reciprocal`);
    points.push({ date, value: source.invert ? Math.round(10_000 / value) / 10_000 : value });
  });
  return nonEmpty(points, 'FRED');
}

export const fred: PublisherModule<Fred> = {
  url: fredUrl,
  read: async (source, context) => parseFred(await context.get(fredUrl(source)), source),
};
