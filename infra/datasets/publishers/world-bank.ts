// The World Bank Indicators API v2, JSON: one indicator of one country, e.g.
// https://api.worldbank.org/v2/country/GBR/indicator/FP.CPI.TOTL.ZG?format=json&per_page=20000
// The answer is [page information, observations]; each observation names its indicator and country, has a
// "date" (the year) and a "value" (null when there is none). An unknown indicator answers [{"message": …}].
import { DatasetParseError } from '../../../domain/datasets/parse.js';
import type { LiveSource, Point } from '../../../domain/datasets/types.js';
import { nonEmpty, readJson, type PublisherModule } from './common.js';

type WorldBank = Extract<LiveSource, { publisher: 'world-bank' }>;

export function worldBankUrl(source: WorldBank): string {
  return `https://api.worldbank.org/v2/country/${source.country}/indicator/${source.indicator}?format=json&per_page=20000`;
}

interface Observation {
  indicator?: { id?: unknown };
  countryiso3code?: unknown;
  date?: unknown;
  value?: unknown;
}

export function parseWorldBank(text: string, source: WorldBank): Point[] {
  const body = readJson(text, 'World Bank');
  if (!Array.isArray(body) || typeof body[0] !== 'object' || body[0] === null) {
    throw new DatasetParseError('World Bank: unexpected response, not [page information, observations]');
  }
  const meta = body[0] as { message?: { value?: string }[]; pages?: unknown };
  if (meta.message) throw new DatasetParseError(`World Bank: ${meta.message[0]?.value ?? 'the API answered an error'}`);
  if (Number(meta.pages) > 1) throw new DatasetParseError('World Bank: the answer has more than one page');
  if (!Array.isArray(body[1])) throw new DatasetParseError('World Bank: unexpected response, no list of observations');
  const points: Point[] = [];
  (body[1] as Observation[]).forEach((row, index) => {
    const where = `World Bank: observation ${index + 1}`;
    if (row.indicator?.id !== source.indicator || row.countryiso3code !== source.country) {
      throw new DatasetParseError(
        `${where}: ${String(row.indicator?.id)} of ${String(row.countryiso3code)}, not the series asked for`,
      );
    }
    if (typeof row.date !== 'string' || !/^\d{4}$/.test(row.date))
      throw new DatasetParseError(`${where}: "${String(row.date)}" is not a year`);
    if (row.value === null) return;
    if (typeof row.value !== 'number' || !Number.isFinite(row.value))
      throw new DatasetParseError(`${where}: the value is not a number`);
    points.push({ date: `${row.date}-01-01`, value: row.value });
  });
  return nonEmpty(points, 'World Bank');
}

export const worldBank: PublisherModule<WorldBank> = {
  url: worldBankUrl,
  read: async (source, context) => parseWorldBank(await context.get(worldBankUrl(source)), source),
};
