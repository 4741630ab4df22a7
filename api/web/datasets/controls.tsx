// The dataset page's view controls: units, frequency (with its aggregation), range and vintage, the series
// endpoint's own parameters. They live in the page's address (a GET form), so a view can be shared; the chart
// and the download links follow them, with the script as one changes them and without it on submit.
import { isIsoDate } from '../../../domain/datasets/dates.js';
import {
  AGGREGATION_METHODS,
  frequenciesFor,
  type AggregationMethod,
  type Frequency,
} from '../../../domain/datasets/frequency.js';
import type { Cadence } from '../../../domain/datasets/types.js';
import { UNITS, type Units } from '../../../domain/datasets/units.js';

export const RANGES = ['1Y', '5Y', '10Y', 'Max'] as const;
export type Range = (typeof RANGES)[number];

export interface DatasetViewQuery {
  units: Units;
  frequency: Frequency | null;
  method: AggregationMethod;
  range: Range;
  asOf: string | null;
}

const UNIT_NAMES: Record<Units, string> = {
  lin: 'Level',
  chg: 'Change',
  ch1: 'Change from a year ago',
  pch: 'Percent change',
  pc1: 'Percent change from a year ago',
  // Short enough for a phone's select; the chart's heading says it in full (view-labels.ts).
  pca: 'Compounded annual rate',
  log: 'Natural log',
};
const METHOD_NAMES: Record<AggregationMethod, string> = { avg: 'Average', sum: 'Sum', eop: 'End of period' };
const label = (code: string) => code.replace(/^./, (c) => c.toUpperCase());

/** The view a page's query asks for, at this dataset's cadence; anything the series endpoint would refuse is left at its default. */
export function viewOf(query: Record<string, unknown>, cadence: Cadence): DatasetViewQuery {
  const pick = <T extends string>(name: string, allowed: readonly T[]): T | null =>
    typeof query[name] === 'string' && (allowed as readonly string[]).includes(query[name] as string)
      ? (query[name] as T)
      : null;
  const frequencies = frequenciesFor(cadence).filter((f) => f !== cadence);
  const asOf = typeof query.as_of === 'string' && isIsoDate(query.as_of) ? query.as_of : null;
  return {
    units: pick('units', UNITS) ?? 'lin',
    frequency: pick('frequency', frequencies),
    method: pick('aggregation_method', AGGREGATION_METHODS) ?? 'avg',
    range: pick('range', RANGES) ?? 'Max',
    asOf,
  };
}

export const isDefaultView = (view: DatasetViewQuery): boolean =>
  view.units === 'lin' && !view.frequency && view.range === 'Max' && !view.asOf;

/** The first day of a range that ends on `last`, or null for all of it. */
export function rangeStart(range: Range, last: string | null): string | null {
  const years = { '1Y': 1, '5Y': 5, '10Y': 10, Max: 0 }[range];
  if (!years || !last) return null;
  const at = new Date(`${last}T00:00:00Z`);
  at.setUTCFullYear(at.getUTCFullYear() - years);
  return at.toISOString().slice(0, 10);
}

/** The series parameters of a view (what the download links and the chart's request carry). */
export function seriesParams(view: DatasetViewQuery, last: string | null): URLSearchParams {
  const params = new URLSearchParams();
  if (view.units !== 'lin') params.set('units', view.units);
  if (view.frequency) {
    params.set('frequency', view.frequency);
    params.set('aggregation_method', view.method);
  }
  const start = rangeStart(view.range, last);
  if (start) params.set('observation_start', start);
  if (view.asOf) params.set('as_of', view.asOf);
  return params;
}

function Choice<T extends string>({
  id,
  name,
  text,
  value,
  options,
  names,
  disabled,
}: {
  id: string;
  name: string;
  text: string;
  value: T;
  options: readonly T[];
  names: (o: T) => string;
  disabled?: boolean;
}) {
  return (
    <div class="field">
      <label for={id}>{text}</label>
      <select id={id} name={name} data-view disabled={disabled}>
        {options.map((option) => (
          <option key={option} value={option} selected={option === value}>
            {names(option)}
          </option>
        ))}
      </select>
    </div>
  );
}

export function ViewControls({ slug, cadence, view }: { slug: string; cadence: Cadence; view: DatasetViewQuery }) {
  const frequencies = frequenciesFor(cadence).filter((f) => f !== cadence);
  return (
    <form class="view-controls" method="get" action={`/datasets/${slug}`} aria-label="Chart view" data-view-form>
      <Choice
        id="view-units"
        name="units"
        text="Units"
        value={view.units}
        options={UNITS}
        names={(u) => UNIT_NAMES[u]}
      />
      {frequencies.length > 0 && (
        <>
          <Choice
            id="view-frequency"
            name="frequency"
            text="Frequency"
            value={view.frequency ?? ''}
            options={['', ...frequencies] as const}
            names={(f) => (f ? label(f) : `${label(cadence)} (as published)`)}
          />
          {/* Only a lower frequency aggregates: at the published one the choice does nothing, and says so. */}
          <Choice
            id="view-method"
            name="aggregation_method"
            text="Aggregation"
            value={view.method}
            options={AGGREGATION_METHODS}
            names={(m) => METHOD_NAMES[m]}
            disabled={!view.frequency}
          />
        </>
      )}
      <Choice
        id="view-range"
        name="range"
        text="Range"
        value={view.range}
        options={RANGES}
        names={(r) => (r === 'Max' ? 'All' : `Last ${r.slice(0, -1)} years`.replace('Last 1 years', 'Last year'))}
      />
      <div class="field">
        <label for="view-as-of">Vintage (as of)</label>
        <input id="view-as-of" name="as_of" type="date" value={view.asOf ?? ''} data-view />
      </div>
      <div class="view-actions">
        <button type="submit" class="button button-secondary">
          Show
        </button>
        <a class="button button-secondary" href={`/datasets/${slug}`}>
          Reset
        </a>
      </div>
    </form>
  );
}
