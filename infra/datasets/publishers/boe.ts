// Bank of England Statistical Interactive Database: the CSV download of one series code, e.g.
// https://www.bankofengland.co.uk/boeapps/database/_iadb-fromshowcolumns.asp?csv.x=yes&Datefrom=01/Jan/1975&Dateto=now&SeriesCodes=IUDBEDR&CSVF=TN&UsingCodes=Y&VPD=Y&VFD=N
// CSVF=TN is the tabular format without titles: a header "DATE,<code>", then rows "02 Jan 1975,11.5".
import { DatasetParseError, parseValue } from '../../../domain/datasets/parse.js';
import type { LiveSource, Point } from '../../../domain/datasets/types.js';
import { nonEmpty, rowsWithColumns, type PublisherModule } from './common.js';

type Boe = Extract<LiveSource, { publisher: 'boe' }>;

export function boeUrl(source: Boe): string {
  const query = `csv.x=yes&Datefrom=${source.from}&Dateto=now&SeriesCodes=${source.series}&CSVF=TN&UsingCodes=Y&VPD=Y&VFD=N`;
  return `https://www.bankofengland.co.uk/boeapps/database/_iadb-fromshowcolumns.asp?${query}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "02 Jan 1975" to 1975-01-02. */
export function boeDate(text: string, where: string): string {
  const match = /^(\d{1,2}) ([A-Za-z]{3}) (\d{4})$/.exec(text.trim());
  const month = match ? MONTHS.findIndex((m) => m.toLowerCase() === match[2]!.toLowerCase()) : -1;
  if (!match || month < 0)
    throw new DatasetParseError(`Bank of England: ${where}: "${text.slice(0, 30)}" is not a "DD Mon YYYY" date`);
  return `${match[3]}-${String(month + 1).padStart(2, '0')}-${match[1]!.padStart(2, '0')}`;
}

export function parseBoe(text: string, source: Boe): Point[] {
  const rows = rowsWithColumns(text, ['DATE', source.series], 'Bank of England');
  const points: Point[] = [];
  rows.forEach((row, index) => {
    const where = `row ${index + 2}`;
    const value = parseValue(row[source.series] ?? '', `Bank of England: ${where}`);
    if (value !== null) points.push({ date: boeDate(row.DATE ?? '', where), value });
  });
  return nonEmpty(points, 'Bank of England');
}

export const boe: PublisherModule<Boe> = {
  url: boeUrl,
  read: async (source, context) => parseBoe(await context.get(boeUrl(source)), source),
};
