// Destatis GENESIS-Online: the REST API 2020 table download in the flat-file CSV format (ffcsv), e.g.
// https://www-genesis.destatis.de/genesisWS/rest/2020/data/tablefile?name=46241-0001&area=all&compress=false&transpose=false&startyear=1991&format=ffcsv&language=en
// ffcsv: semicolon-separated, one row per value, with columns such as statistics_code, time, …,
// value_variable_code, value_variable_label, value, value_unit; "-", ".", "x" or "/" stand in for a value.
import { DatasetParseError, parseValue } from '../../../domain/datasets/parse.js';
import type { LiveSource, Point } from '../../../domain/datasets/types.js';
import { nonEmpty, rowsWithColumns, type PublisherModule } from './common.js';

type Destatis = Extract<LiveSource, { publisher: 'destatis' }>;

export function destatisUrl(source: Destatis): string {
  const query = `name=${source.table}&area=all&compress=false&transpose=false&startyear=${source.startYear}&format=ffcsv&language=en`;
  return `https://www-genesis.destatis.de/genesisWS/rest/2020/data/tablefile?${query}`;
}

const QUALITY_MARKS = new Set(['x', '/', '...']);

export function parseDestatis(text: string, source: Destatis): Point[] {
  const rows = rowsWithColumns(text, ['statistics_code', 'time', 'value_variable_code', 'value'], 'Destatis', ';');
  const points: Point[] = [];
  rows.forEach((row, index) => {
    const where = `Destatis: row ${index + 2}`;
    if ((row.value_variable_code ?? '').trim() !== source.measure) return;
    const raw = (row.value ?? '').trim();
    const value = QUALITY_MARKS.has(raw) ? null : parseValue(raw, where);
    if (value === null) return;
    const year = (row.time ?? '').trim();
    if (!/^\d{4}$/.test(year)) throw new DatasetParseError(`${where}: "${year.slice(0, 30)}" is not a year`);
    points.push({ date: `${year}-01-01`, value });
  });
  if (points.length === 0 && rows.length > 0 && !rows.some((row) => row.value_variable_code === source.measure)) {
    throw new DatasetParseError(`Destatis: table ${source.table} has no measure ${source.measure}`);
  }
  return nonEmpty(points, 'Destatis');
}

export const destatis: PublisherModule<Destatis> = {
  url: destatisUrl,
  read: async (source, context) => parseDestatis(await context.get(destatisUrl(source)), source),
};
