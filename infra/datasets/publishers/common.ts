// What the publisher modules share: the shape of one, and small readers of the formats several of them use.
import { DatasetParseError, readCsv } from '../../../domain/datasets/parse.js';
import type { LiveSource, Point } from '../../../domain/datasets/types.js';

/** How a module reaches the network: GET a URL as text (errors are SourceFetchErrors). */
export interface LiveContext {
  get(url: string): Promise<string>;
  /** EIA's API answers only with a key (EIA_API_KEY). */
  eiaApiKey?: string | undefined;
}

/**
 * One publisher: the documented download URL of a series, and the reading of the publisher's own response
 * format into points. `read` throws a DatasetParseError when the response is not what the format says (a
 * missing column, another series, no observations): a changed format fails loudly, never empties a series.
 */
export interface PublisherModule<S extends LiveSource> {
  url(source: S, context: LiveContext): string;
  read(source: S, context: LiveContext): Promise<Point[]>;
}

/** CSV rows by header, after checking that every named column is there (the header first, rows or not). */
export function rowsWithColumns(
  text: string,
  columns: readonly string[],
  what: string,
  delimiter: ',' | ';' = ',',
): Record<string, string>[] {
  const [header, ...rows] = readCsv(text, { columns: false, delimiter }) as string[][];
  if (!header) throw new DatasetParseError(`${what}: the response is empty`);
  const missing = columns.filter((column) => !header.includes(column));
  if (missing.length > 0) {
    const found = header.slice(0, 8).join(', ').slice(0, 200);
    throw new DatasetParseError(
      `${what}: unexpected header, no column ${missing.map((c) => `"${c}"`).join(', ')} (found: ${found})`,
    );
  }
  if (rows.length === 0) throw new DatasetParseError(`${what}: the response has no data rows`);
  return rows.map((row) => Object.fromEntries(header.map((column, i) => [column, row[i] ?? ''])));
}

/** At least one point, or the response changed under us. */
export function nonEmpty(points: Point[], what: string): Point[] {
  if (points.length === 0) throw new DatasetParseError(`${what}: no observations in the response`);
  return points;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The day after the quarter (its first day when `end` is false), as an ISO date. */
export function quarterDate(year: number, quarter: number, end: boolean): string {
  if (!end) return `${year}-${pad((quarter - 1) * 3 + 1)}-01`;
  const month = quarter * 3;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${pad(month)}-${pad(last)}`;
}

/** JSON, or a DatasetParseError naming the source (an HTML error page answered with 200, say). */
export function readJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new DatasetParseError(
      `${what}: the response is not JSON (starts "${text.slice(0, 40).replace(/\s+/g, ' ')}")`,
    );
  }
}
