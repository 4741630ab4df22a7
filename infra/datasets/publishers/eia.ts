// U.S. Energy Information Administration: API v2, a series by its APIv1 id, e.g.
// https://api.eia.gov/v2/seriesid/PET.RBRTE.D?api_key=…&offset=0&length=5000
// JSON {"response": {"total", "frequency", "data": [{"period": "2024-01-02", "value": 76.24, …}]}}, at most 5,000
// rows an answer, so longer series are read page by page. Periods: days and week ends as YYYY-MM-DD, months as
// YYYY-MM (dated on the 15th, as the bundled copy is).
import { DatasetParseError } from '../../../domain/datasets/parse.js';
import type { LiveSource, Point } from '../../../domain/datasets/types.js';
import { nonEmpty, readJson, type LiveContext, type PublisherModule } from './common.js';

type Eia = Extract<LiveSource, { publisher: 'eia' }>;

export const EIA_PAGE = 5000;

export function eiaUrl(source: Eia, context: Pick<LiveContext, 'eiaApiKey'>, offset = 0): string {
  const key = encodeURIComponent(context.eiaApiKey ?? '');
  return `https://api.eia.gov/v2/seriesid/${source.series}?api_key=${key}&offset=${offset}&length=${EIA_PAGE}`;
}

export interface EiaPage {
  total: number;
  points: Point[];
  rows: number;
}

export function parseEiaPage(text: string, source: Eia): EiaPage {
  const body = readJson(text, 'EIA') as {
    response?: { total?: unknown; frequency?: unknown; data?: unknown };
    error?: unknown;
  };
  if (body && typeof body === 'object' && 'error' in body)
    throw new DatasetParseError(`EIA: ${String(body.error).slice(0, 200)}`);
  const response = body?.response;
  if (!response || !Array.isArray(response.data))
    throw new DatasetParseError('EIA: unexpected response, no response.data list');
  if (response.frequency !== undefined && response.frequency !== source.frequency) {
    throw new DatasetParseError(`EIA: the series is ${String(response.frequency)}, not ${source.frequency}`);
  }
  const points: Point[] = [];
  (response.data as { period?: unknown; value?: unknown }[]).forEach((row, index) => {
    const where = `EIA: row ${index + 1}`;
    const period = String(row.period ?? '');
    const date =
      source.frequency === 'monthly'
        ? /^\d{4}-\d{2}$/.test(period)
          ? `${period}-15`
          : null
        : /^\d{4}-\d{2}-\d{2}$/.test(period)
          ? period
          : null;
    if (!date) throw new DatasetParseError(`${where}: "${period.slice(0, 30)}" is not a ${source.frequency} period`);
    if (row.value === null || row.value === undefined || row.value === '') return;
    const value = typeof row.value === 'number' ? row.value : Number(row.value);
    if (!Number.isFinite(value))
      throw new DatasetParseError(`${where}: "${String(row.value).slice(0, 30)}" is not a number`);
    points.push({ date, value });
  });
  return { total: Number(response.total ?? points.length), points, rows: response.data.length };
}

export const eia: PublisherModule<Eia> = {
  url: (source, context) => eiaUrl(source, context),
  async read(source, context) {
    if (!context.eiaApiKey) throw new DatasetParseError('EIA: no API key (EIA_API_KEY)');
    const points: Point[] = [];
    for (let offset = 0; ;) {
      const page = parseEiaPage(await context.get(eiaUrl(source, context, offset)), source);
      points.push(...page.points);
      offset += page.rows;
      if (page.rows === 0 || offset >= page.total) break;
    }
    return nonEmpty(points, 'EIA');
  },
};
