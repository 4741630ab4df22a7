// SDMX-CSV, as the ECB data portal (format=csvdata) and the BIS statistics API (format=csv) answer it: one row
// per observation, the series' dimensions as columns, then TIME_PERIOD and OBS_VALUE.
import { DatasetParseError, parseValue } from '../../../domain/datasets/parse.js';
import type { Point } from '../../../domain/datasets/types.js';
import { nonEmpty, quarterDate, rowsWithColumns } from './common.js';

export interface SdmxExpectation {
  /** Who answers, for messages. */
  who: string;
  /** Columns whose value every row must have, checked when the column is present (the series asked for). */
  matches: Record<string, string>;
  /** Quarters dated on their last day (BIS) or their first (ECB). */
  quarterEnd: boolean;
}

/** "2024", "2024-Q1", "2024-03", "2024-03-15" or "2024-W05"-free periods to ISO dates. */
export function sdmxPeriodDate(period: string, quarterEnd: boolean): string | null {
  const text = period.trim();
  let match: RegExpExecArray | null;
  if ((match = /^(\d{4})$/.exec(text))) return `${match[1]}-01-01`;
  if ((match = /^(\d{4})-Q([1-4])$/.exec(text))) return quarterDate(Number(match[1]), Number(match[2]), quarterEnd);
  if ((match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(text))) return `${match[1]}-${match[2]}-01`;
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return text;
  return null;
}

export function parseSdmxCsv(text: string, expect: SdmxExpectation): Point[] {
  const rows = rowsWithColumns(text, ['TIME_PERIOD', 'OBS_VALUE'], expect.who);
  const checked = Object.entries(expect.matches).filter(([column]) => column in rows[0]!);
  const points: Point[] = [];
  rows.forEach((row, index) => {
    const where = `${expect.who}: row ${index + 2}`;
    for (const [column, value] of checked) {
      if ((row[column] ?? '').trim() !== value) {
        throw new DatasetParseError(
          `${where}: ${column} is "${(row[column] ?? '').slice(0, 60)}", not the series asked for (${value})`,
        );
      }
    }
    const value = parseValue(row.OBS_VALUE ?? '', where);
    if (value === null) return;
    const date = sdmxPeriodDate(row.TIME_PERIOD ?? '', expect.quarterEnd);
    if (!date)
      throw new DatasetParseError(
        `${where}: "${(row.TIME_PERIOD ?? '').slice(0, 30)}" is not a period this reader knows`,
      );
    points.push({ date, value });
  });
  return nonEmpty(points, expect.who);
}
