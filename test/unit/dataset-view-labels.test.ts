import { describe, expect, it } from 'vitest';
import { viewLabels, withUnit } from '../../api/web/datasets/view-labels.js';

// What a dataset page says of the view it shows: a label that still described the published series under a
// chart of something else (a percent change headed "% per year", a quarterly table of monthly levels) is wrong.

const cpi = { unit: 'index, 2015=100', cadence: 'monthly' as const };
const bankRate = { unit: '% per year', cadence: 'monthly' as const };

describe('viewLabels', () => {
  it('names the published series in its own unit', () => {
    expect(viewLabels(cpi, { units: 'lin' })).toEqual({
      measure: 'Index, 2015=100',
      unit: 'index, 2015=100',
      basis: 'Monthly, as published',
      table: 'Index, 2015=100; monthly, as published. Newest first.',
      period: 'Month',
      cadence: 'monthly',
    });
  });

  it('gives a percent change the unit %, whatever the series’ unit, and the step of the frequency shown', () => {
    const labels = viewLabels(bankRate, { units: 'pch', frequency: 'quarterly', method: 'avg' });
    expect(labels.measure).toBe('Percent change from the previous quarter (%)');
    expect(labels.measure).not.toContain('per year');
    expect(labels.unit).toBe('%');
    expect(labels.basis).toBe('Quarterly averages of the monthly figures');
    expect(labels.period).toBe('Quarter');
    expect(labels.cadence).toBe('quarterly');
    expect(viewLabels(cpi, { units: 'pc1' }).measure).toBe('Percent change from a year ago (%)');
    expect(viewLabels(cpi, { units: 'pca' }).measure).toBe('Compounded annual rate of change (%)');
  });

  it('measures a change of a rate in percentage points, of anything else in its unit', () => {
    expect(viewLabels(bankRate, { units: 'ch1' })).toMatchObject({
      measure: 'Change from a year ago (percentage points)',
      unit: 'percentage points',
    });
    expect(viewLabels(cpi, { units: 'chg' })).toMatchObject({
      measure: 'Change from the previous month (index, 2015=100)',
      unit: 'index, 2015=100',
    });
    expect(viewLabels({ unit: 'USD per barrel', cadence: 'daily' }, { units: 'chg' }).measure).toBe(
      'Change from the previous observation (USD per barrel)',
    );
  });

  it('says which figures a lower frequency aggregates, and the vintage', () => {
    expect(viewLabels(cpi, { units: 'lin', frequency: 'annual', method: 'sum' }).basis).toBe(
      'Annual sums of the monthly figures',
    );
    expect(viewLabels(cpi, { units: 'lin', frequency: 'quarterly', method: 'eop' }).basis).toBe(
      'End-of-quarter values of the monthly figures',
    );
    expect(viewLabels(cpi, { units: 'log', asOf: '2020-01-31' })).toMatchObject({
      measure: 'Natural log of the values (index, 2015=100)',
      unit: 'log of index, 2015=100',
      basis: 'Monthly, as published, in the vintage of 31 Jan 2020',
    });
  });

  it('writes a per-cent value with its sign and leaves other units to the heading', () => {
    expect(withUnit('2.5', '%')).toBe('2.5%');
    expect(withUnit('4.25', '% per year')).toBe('4.25%');
    expect(withUnit('140.1', 'index, 2015=100')).toBe('140.1');
  });
});
