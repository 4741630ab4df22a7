// What a dataset page says about the view it shows (units, frequency and aggregation, vintage): the chart's
// heading, the unit of a value, which figures the values are of, and what the table's first column holds. One
// place for the server's first render and for the page's script, which reads them from the view's JSON, so
// that no label keeps describing the published series once the view shows something else.
import type { AggregationMethod, Frequency } from '../../../domain/datasets/frequency.js';
import type { Cadence } from '../../../domain/datasets/types.js';
import type { Units } from '../../../domain/datasets/units.js';
import { formatDay } from './format.js';

export interface ViewLabels {
  /** What a value is, with its unit: "Percent change from a year ago (%)". */
  measure: string;
  /** The unit of a value in this view: "%" for any percent change, "percentage points" for a change of a rate. */
  unit: string;
  /** Which figures: "Quarterly averages of the monthly figures", "Monthly, as published", and the vintage. */
  basis: string;
  /** The line over the table of the latest values: the measure and the basis, newest first. */
  table: string;
  /** The table's first column: "Month", "Quarter". */
  period: string;
  /** The cadence of the values shown, for their dates ("Q3 2026"). */
  cadence: Cadence;
}

export interface ViewOf {
  units: Units;
  frequency?: Frequency | null | undefined;
  method?: AggregationMethod | null | undefined;
  asOf?: string | null | undefined;
}

/** The step from one value to the next at a cadence: daily series skip weekends and holidays. */
const STEP: Record<Cadence, string> = {
  daily: 'observation',
  weekly: 'week',
  monthly: 'month',
  quarterly: 'quarter',
  annual: 'year',
};
const PERIOD: Record<Cadence, string> = {
  daily: 'Day',
  weekly: 'Week',
  monthly: 'Month',
  quarterly: 'Quarter',
  annual: 'Year',
};
const capital = (text: string) => text.replace(/^./, (c) => c.toUpperCase());
const lower = (text: string) => text.replace(/^./, (c) => c.toLowerCase());

/** A difference of values in `unit`: of a rate in per cent, percentage points; of anything else, the unit itself. */
const differenceUnit = (unit: string) => (unit.startsWith('%') ? 'percentage points' : unit);

function measureOf(units: Units, unit: string, step: string): { measure: string; unit: string } {
  switch (units) {
    case 'lin':
      return { measure: capital(unit), unit };
    case 'chg':
      return { measure: `Change from the previous ${step} (${differenceUnit(unit)})`, unit: differenceUnit(unit) };
    case 'ch1':
      return { measure: `Change from a year ago (${differenceUnit(unit)})`, unit: differenceUnit(unit) };
    case 'pch':
      return { measure: `Percent change from the previous ${step} (%)`, unit: '%' };
    case 'pc1':
      return { measure: 'Percent change from a year ago (%)', unit: '%' };
    case 'pca':
      return { measure: 'Compounded annual rate of change (%)', unit: '%' };
    case 'log':
      return { measure: `Natural log of the values (${unit})`, unit: `log of ${unit}` };
  }
}

function basisOf(cadence: Cadence, view: ViewOf): string {
  const figures = `the ${cadence} figures`;
  let basis = `${capital(cadence)}, as published`;
  if (view.frequency && view.frequency !== cadence) {
    const step = STEP[view.frequency];
    if (view.method === 'sum') basis = `${capital(view.frequency)} sums of ${figures}`;
    else if (view.method === 'eop') basis = `End-of-${step} values of ${figures}`;
    else basis = `${capital(view.frequency)} averages of ${figures}`;
  }
  return view.asOf ? `${basis}, in the vintage of ${formatDay(view.asOf)}` : basis;
}

/** The labels of a view of a series published at `cadence` in `unit`. */
export function viewLabels(series: { unit: string; cadence: Cadence }, view: ViewOf): ViewLabels {
  const shown = view.frequency ?? series.cadence;
  const { measure, unit } = measureOf(view.units, series.unit, STEP[shown]);
  const basis = basisOf(series.cadence, view);
  return {
    measure,
    unit,
    basis,
    table: `${measure}; ${lower(basis)}. Newest first.`,
    period: PERIOD[shown],
    cadence: shown,
  };
}

/** A value with its unit where the unit is a sign: "2.3%"; other units are said once, in the heading. */
export const withUnit = (formatted: string, unit: string): string =>
  unit.startsWith('%') ? `${formatted}%` : formatted;
