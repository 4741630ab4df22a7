// Series as CSV (RFC 4180, with a header row): what a spreadsheet or a data frame opens directly. Dates and
// slugs never need quoting (digits and hyphens; lower-case letters, digits and hyphens), and numbers are written
// as JavaScript writes them, the shortest text that reads back as the same number.
import type { Point } from './types.js';

/** `date,value`, then one `\n`-terminated row per point, in the order given. */
export function seriesCsv(points: Point[]): string {
  let out = 'date,value\n';
  for (const point of points) out += `${point.date},${point.value}\n`;
  return out;
}

/**
 * Several series aligned on dates: `date,<name>,<name>…`, then one row per date; a series with no value on a
 * date leaves its field empty. `columns[i][j]` is the value of series i on `dates[j]`.
 */
export function tableCsv(
  names: readonly string[],
  dates: readonly string[],
  columns: readonly (readonly (number | null)[])[],
): string {
  let out = `date${names.map((name) => `,${name}`).join('')}\n`;
  dates.forEach((date, j) => {
    out += date;
    for (const column of columns) out += `,${column[j] ?? ''}`;
    out += '\n';
  });
  return out;
}
