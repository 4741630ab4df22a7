// European Central Bank data portal: SDMX CSV of one series key, e.g.
// https://data-api.ecb.europa.eu/service/data/FM/B.U2.EUR.RT.MM.EURIBOR3MD_.HSTA?format=csvdata
// Its KEY column names the whole series ("FM.B.U2.EUR.RT.MM.EURIBOR3MD_.HSTA"); business-daily periods are
// "2024-01-02", monthly ones "2024-01".
import type { LiveSource, Point } from '../../../domain/datasets/types.js';
import type { PublisherModule } from './common.js';
import { parseSdmxCsv } from './sdmx.js';

type Ecb = Extract<LiveSource, { publisher: 'ecb' }>;

export function ecbUrl(source: Ecb): string {
  return `https://data-api.ecb.europa.eu/service/data/${source.flow}/${source.key}?format=csvdata`;
}

export function parseEcb(text: string, source: Ecb): Point[] {
  const points = parseSdmxCsv(text, {
    who: 'ECB',
    matches: { KEY: `${source.flow}.${source.key}` },
    quarterEnd: false,
  });
  return source.firstOfMonth ? firstOfEachMonth(points) : points;
}

/** The earliest observation of each month, on its own date (the first fixing, not the 1st of the month). */
function firstOfEachMonth(points: readonly Point[]): Point[] {
  const first = new Map<string, Point>();
  for (const point of points) {
    const month = point.date.slice(0, 7);
    const kept = first.get(month);
    if (!kept || point.date < kept.date) first.set(month, point);
  }
  return [...first.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
}

export const ecb: PublisherModule<Ecb> = {
  url: ecbUrl,
  read: async (source, context) => parseEcb(await context.get(ecbUrl(source)), source),
};
