// Bank for International Settlements: the SDMX RESTful API v1 (stats.bis.org), SDMX CSV of one series key, e.g.
// https://stats.bis.org/api/v1/data/WS_SPP/Q.GB.N.628/all?detail=dataonly&format=csv
// WS_SPP's key is FREQ.REF_AREA.VALUE.UNIT_MEASURE; quarters ("2025-Q4") are dated on their last day, as the
// bundled copy is.
import type { LiveSource, Point } from '../../../domain/datasets/types.js';
import type { PublisherModule } from './common.js';
import { parseSdmxCsv } from './sdmx.js';

type Bis = Extract<LiveSource, { publisher: 'bis' }>;

const DIMENSIONS: Record<string, readonly string[]> = { WS_SPP: ['FREQ', 'REF_AREA', 'VALUE', 'UNIT_MEASURE'] };

export function bisUrl(source: Bis): string {
  return `https://stats.bis.org/api/v1/data/${source.flow}/${source.key}/all?detail=dataonly&format=csv`;
}

export function parseBis(text: string, source: Bis): Point[] {
  const parts = source.key.split('.');
  const matches = Object.fromEntries(
    (DIMENSIONS[source.flow] ?? []).map((dimension, i) => [dimension, parts[i] ?? '']),
  );
  return parseSdmxCsv(text, { who: 'BIS', matches, quarterEnd: true });
}

export const bis: PublisherModule<Bis> = {
  url: bisUrl,
  read: async (source, context) => parseBis(await context.get(bisUrl(source)), source),
};
