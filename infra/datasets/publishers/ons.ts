// Office for National Statistics: the time-series CSV download ("generator") of one series of a dataset, e.g.
// https://www.ons.gov.uk/generator?format=csv&uri=/economy/inflationandpriceindices/timeseries/d7g7/mm23
// The bundled ONS files are exactly this download, so the bundled parser reads it; here the CDID row is also
// checked, so another series (or an HTML page) is refused instead of loaded.
import { DatasetParseError, parseOns, readCsv } from '../../../domain/datasets/parse.js';
import type { LiveSource, Point } from '../../../domain/datasets/types.js';
import type { PublisherModule } from './common.js';

type Ons = Extract<LiveSource, { publisher: 'ons' }>;

export function onsUrl(source: Ons): string {
  return `https://www.ons.gov.uk/generator?format=csv&uri=${source.topic}/timeseries/${source.cdid.toLowerCase()}/${source.dataset.toLowerCase()}`;
}

export function parseOnsSeries(text: string, source: Ons): Point[] {
  const rows = readCsv(text, { columns: false, delimiter: ',' }) as string[][];
  const cdid = rows.find((row) => (row[0] ?? '').trim().toUpperCase() === 'CDID');
  if (!cdid) throw new DatasetParseError('ONS: unexpected header, no "CDID" row (not an ONS time-series CSV)');
  const found = (cdid[1] ?? '').trim().toUpperCase();
  if (found !== source.cdid.toUpperCase())
    throw new DatasetParseError(`ONS: the file is series ${found || '(none)'}, not ${source.cdid.toUpperCase()}`);
  return parseOns(text, source.block);
}

export const ons: PublisherModule<Ons> = {
  url: onsUrl,
  read: async (source, context) => parseOnsSeries(await context.get(onsUrl(source)), source),
};
