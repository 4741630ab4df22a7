// The live catalogue (issue 18, item 6): a dataset's series read from its publisher's own download.
import { monthEndSteps, sortUnique } from '../../../domain/datasets/parse.js';
import type { LiveSource, Point, Publisher } from '../../../domain/datasets/types.js';
import { bis } from './bis.js';
import { boe } from './boe.js';
import type { LiveContext, PublisherModule } from './common.js';
import { destatis } from './destatis.js';
import { ecb } from './ecb.js';
import { eia } from './eia.js';
import { fred } from './fred.js';
import { ons } from './ons.js';
import { worldBank } from './world-bank.js';

export type { LiveContext } from './common.js';

const MODULES: { [P in Publisher]: PublisherModule<Extract<LiveSource, { publisher: P }>> } = {
  ons,
  boe,
  fred,
  ecb,
  eia,
  bis,
  'world-bank': worldBank,
  destatis,
};

const moduleOf = <S extends LiveSource>(source: S) => MODULES[source.publisher] as unknown as PublisherModule<S>;

/** The publisher's documented URL of the series (the first page, for a paged API). */
export function liveUrl(source: LiveSource, context: Pick<LiveContext, 'eiaApiKey'>): string {
  return moduleOf(source).url(source, { get: () => Promise.reject(new Error('no network')), ...context });
}

/** Whether the source can be read with what the process has (EIA needs an API key). */
export function liveReadable(source: LiveSource, context: Pick<LiveContext, 'eiaApiKey'>): boolean {
  return source.publisher !== 'eia' || Boolean(context.eiaApiKey);
}

/**
 * The series as the publisher has it: read, sorted, a date with two values refused, resampled when the
 * catalogue says so (month ends the source has reached), and with the bundled history before the source's first date when it starts later.
 */
export async function readLive(
  source: LiveSource,
  context: LiveContext,
  bundled?: () => Promise<Point[]>,
): Promise<Point[]> {
  let points = sortUnique(await moduleOf(source).read(source, context));
  if (source.resample === 'month-end-step') {
    // A month end is only known once the source has reached it: the month under way is left out.
    const observed = points.at(-1)?.date ?? '';
    points = monthEndSteps(points).filter((point) => point.date <= observed);
  }
  if (source.keepBundledHistory && bundled && points[0]) {
    const first = points[0].date;
    points = [...(await bundled()).filter((point) => point.date < first), ...points];
  }
  return points;
}
