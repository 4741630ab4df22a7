// European Central Bank data portal: SDMX CSV of one series key, e.g.
// https://data-api.ecb.europa.eu/service/data/FM/M.U2.EUR.RT.MM.EURIBOR3MD_.HSTA?format=csvdata
// Its KEY column names the whole series ("FM.M.U2.EUR.RT.MM.EURIBOR3MD_.HSTA"); monthly periods are "2024-01".
import type { LiveSource, Point } from '../../../domain/datasets/types.js';
import type { PublisherModule } from './common.js';
import { parseSdmxCsv } from './sdmx.js';

type Ecb = Extract<LiveSource, { publisher: 'ecb' }>;

export function ecbUrl(source: Ecb): string {
  return `https://data-api.ecb.europa.eu/service/data/${source.flow}/${source.key}?format=csvdata`;
}

export function parseEcb(text: string, source: Ecb): Point[] {
  return parseSdmxCsv(text, { who: 'ECB', matches: { KEY: `${source.flow}.${source.key}` }, quarterEnd: false });
}

export const ecb: PublisherModule<Ecb> = {
  url: ecbUrl,
  read: async (source, context) => parseEcb(await context.get(ecbUrl(source)), source),
};
