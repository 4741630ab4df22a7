// Aggregation to a lower cadence (domain/datasets/frequency.ts) and the order the series parameters apply in
// (domain/datasets/pipeline.ts), against values worked out by hand.
import { describe, expect, it } from 'vitest';
import {
  aggregateSeries,
  canAggregate,
  frequenciesFor,
  neighbour,
  periodStart,
} from '../../domain/datasets/frequency.js';
import { pickPoints, shapeSeries } from '../../domain/datasets/pipeline.js';
import type { Point } from '../../domain/datasets/types.js';

const series = (entries: [string, number][]): Point[] => entries.map(([date, value]) => ({ date, value }));

describe('periods', () => {
  it.each([
    // 2024-02-29 is a Thursday: its ISO week starts on Monday the 26th.
    ['2024-02-29', 'weekly', '2024-02-26'],
    ['2024-02-29', 'monthly', '2024-02-01'],
    ['2024-02-29', 'quarterly', '2024-01-01'],
    ['2024-02-29', 'annual', '2024-01-01'],
    // A Sunday belongs to the week that began the Monday before, even across a month and a year.
    ['2024-03-03', 'weekly', '2024-02-26'],
    ['2023-01-01', 'weekly', '2022-12-26'],
    ['2024-01-01', 'weekly', '2024-01-01'],
    ['2025-06-30', 'quarterly', '2025-04-01'],
    ['2025-07-01', 'quarterly', '2025-07-01'],
    ['2025-12-31', 'quarterly', '2025-10-01'],
  ] as const)('%s in %s periods starts on %s', (date, frequency, start) => {
    expect(periodStart(date, frequency)).toBe(start);
  });

  it('aggregates only to the same or a coarser cadence', () => {
    expect(canAggregate('daily', 'weekly')).toBe(true);
    expect(canAggregate('monthly', 'monthly')).toBe(true);
    expect(canAggregate('monthly', 'weekly')).toBe(false);
    expect(canAggregate('annual', 'quarterly')).toBe(false);
    expect(frequenciesFor('monthly')).toEqual(['monthly', 'quarterly', 'annual']);
    expect(frequenciesFor('daily')).toEqual(['weekly', 'monthly', 'quarterly', 'annual']);
    expect(frequenciesFor('annual')).toEqual(['annual']);
  });

  it('steps daily series over weekends and month-end series to month ends', () => {
    expect(neighbour('2024-05-31', 'daily', 1)).toBe('2024-06-03');
    expect(neighbour('2024-06-03', 'daily', -1)).toBe('2024-05-31');
    expect(neighbour('2024-02-28', 'daily', 1)).toBe('2024-02-29');
    expect(neighbour('2024-01-31', 'monthly', 1)).toBe('2024-02-29');
    expect(neighbour('2024-02-29', 'annual', 1)).toBe('2025-02-28');
  });
});

describe('aggregateSeries', () => {
  // Q1 whole (January to March), Q2 with April and May only.
  const monthly = series([
    ['2024-01-01', 100.5],
    ['2024-02-01', 101],
    ['2024-03-01', 102.1],
    ['2024-04-01', 103],
    ['2024-05-01', 104.5],
  ]);

  it('avg is the mean of the period, dated at its start, and marks the running quarter', () => {
    // (100.5 + 101 + 102.1) / 3 = 303.6 / 3 = 101.2; (103 + 104.5) / 2 = 103.75
    expect(aggregateSeries(monthly, 'monthly', 'quarterly', 'avg')).toEqual({
      points: series([
        ['2024-01-01', 101.2],
        ['2024-04-01', 103.75],
      ]),
      incomplete: ['2024-04-01'],
    });
  });

  it('sum is the total of the period', () => {
    expect(aggregateSeries(monthly, 'monthly', 'quarterly', 'sum').points).toEqual(
      series([
        ['2024-01-01', 303.6],
        ['2024-04-01', 207.5],
      ]),
    );
  });

  it('eop is the last observation of the period', () => {
    expect(aggregateSeries(monthly, 'monthly', 'quarterly', 'eop').points).toEqual(
      series([
        ['2024-01-01', 102.1],
        ['2024-04-01', 104.5],
      ]),
    );
  });

  it('aggregates a weekday series to weeks, across a leap day', () => {
    const daily = series([
      ['2024-02-26', 1],
      ['2024-02-27', 2],
      ['2024-02-28', 3],
      ['2024-02-29', 4],
      ['2024-03-01', 5],
      ['2024-03-04', 10],
    ]);
    // Monday 26 February to Friday 1 March: mean 3, total 15, last 5. The week of 4 March has only its Monday.
    expect(aggregateSeries(daily, 'daily', 'weekly', 'avg')).toEqual({
      points: series([
        ['2024-02-26', 3],
        ['2024-03-04', 10],
      ]),
      incomplete: ['2024-03-04'],
    });
    expect(aggregateSeries(daily, 'daily', 'weekly', 'sum').points.map((p) => p.value)).toEqual([15, 10]);
    expect(aggregateSeries(daily, 'daily', 'weekly', 'eop').points.map((p) => p.value)).toEqual([5, 10]);
    // By month: February holds the 26th to the 29th (mean 2.5), March the 1st and 4th (mean 7.5); the series
    // begins after February did and ends before March does.
    expect(aggregateSeries(daily, 'daily', 'monthly', 'avg')).toEqual({
      points: series([
        ['2024-02-01', 2.5],
        ['2024-03-01', 7.5],
      ]),
      incomplete: ['2024-02-01', '2024-03-01'],
    });
  });

  it('counts a month that ends on a weekend as whole when its last weekday is in the data', () => {
    // 31 May 2024 is a Friday; 30 March 2024 a Saturday.
    const daily = series([
      ['2024-05-30', 2],
      ['2024-05-31', 4],
    ]);
    expect(aggregateSeries(daily, 'daily', 'monthly', 'avg').incomplete).toEqual(['2024-05-01']); // the first, not the last
    expect(
      aggregateSeries(
        series([
          ['2024-04-01', 1],
          ['2024-04-30', 1],
        ]),
        'daily',
        'monthly',
        'avg',
      ).incomplete,
    ).toEqual([]);
  });

  it('re-dates month-end observations to the start of their period', () => {
    const monthEnds = series([
      ['2025-01-31', 4.5],
      ['2025-02-28', 4.5],
      ['2025-03-31', 4.25],
      ['2025-04-30', 4.25],
      ['2025-05-31', 4],
    ]);
    expect(aggregateSeries(monthEnds, 'monthly', 'monthly', 'avg')).toEqual({
      points: series([
        ['2025-01-01', 4.5],
        ['2025-02-01', 4.5],
        ['2025-03-01', 4.25],
        ['2025-04-01', 4.25],
        ['2025-05-01', 4],
      ]),
      incomplete: [],
    });
    // Q2 runs to 30 June: the May observation leaves it incomplete.
    expect(aggregateSeries(monthEnds, 'monthly', 'quarterly', 'eop')).toEqual({
      points: series([
        ['2025-01-01', 4.25],
        ['2025-04-01', 4],
      ]),
      incomplete: ['2025-04-01'],
    });
  });

  it('puts weekly observations in the month of their date', () => {
    const fridays = series([
      ['2024-01-05', 70],
      ['2024-01-12', 71],
      ['2024-01-19', 72],
      ['2024-01-26', 75],
      ['2024-02-02', 80],
    ]);
    expect(aggregateSeries(fridays, 'weekly', 'monthly', 'avg')).toEqual({
      points: series([
        ['2024-01-01', 72],
        ['2024-02-01', 80],
      ]),
      incomplete: ['2024-02-01'],
    });
  });

  it('sums quarters to years, a year whole when its fourth quarter is in', () => {
    const quarterEnds = series([
      ['2023-03-31', 1.25],
      ['2023-06-30', 2.5],
      ['2023-09-30', 0.75],
      ['2023-12-31', 1],
      ['2024-03-31', 3],
    ]);
    expect(aggregateSeries(quarterEnds, 'quarterly', 'annual', 'sum')).toEqual({
      points: series([
        ['2023-01-01', 5.5],
        ['2024-01-01', 3],
      ]),
      incomplete: ['2024-01-01'],
    });
  });

  it('leaves no float noise in a mean', () => {
    // 0.1 + 0.2 is 0.30000000000000004 in binary floating point.
    expect(
      aggregateSeries(
        series([
          ['2024-01-01', 0.1],
          ['2024-02-01', 0.2],
          ['2024-03-01', 0.3],
        ]),
        'monthly',
        'quarterly',
        'avg',
      ).points[0]!.value,
    ).toBe(0.2);
  });

  it('gives nothing for an empty series', () => {
    expect(aggregateSeries([], 'monthly', 'annual', 'avg')).toEqual({ points: [], incomplete: [] });
  });
});

describe('shapeSeries: aggregate, then units, then range and limit', () => {
  // Fifteen months: 2023 Q1 100, 101, 102 (mean 101) … 2024 Q1 110, 111, 112 (mean 111).
  const values = [100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 109, 109, 110, 111, 112];
  const months = values.map((value, i) => ({
    date: `${2023 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}-01`,
    value,
  }));

  it('takes the percent change from a year ago of the quarters, not of the months', () => {
    const shaped = shapeSeries(months, 'monthly', {
      limit: 100,
      direction: 'latest',
      units: 'pc1',
      frequency: 'quarterly',
      method: 'avg',
    });
    // 111 / 101 - 1 = 9.90099009901 %; the quarters of 2023 have no year before and are left out.
    expect(shaped).toEqual({ points: [{ date: '2024-01-01', value: 9.90099009901 }], count: 1, incomplete: [] });
  });

  it('leaves out the first point of a transform, which has no earlier one', () => {
    const shaped = shapeSeries(months, 'monthly', {
      limit: 100,
      direction: 'earliest',
      units: 'chg',
      frequency: 'quarterly',
      method: 'eop',
    });
    // Ends of quarter: 102, 105, 108, 109, 112.
    expect(shaped.points).toEqual(
      series([
        ['2023-04-01', 3],
        ['2023-07-01', 3],
        ['2023-10-01', 1],
        ['2024-01-01', 3],
      ]),
    );
  });

  it('applies the range to the periods’ start dates, after aggregating', () => {
    // 2023-02-15 falls inside Q1 2023, which is dated 2023-01-01 and so before the range.
    const shaped = shapeSeries(months, 'monthly', {
      limit: 2,
      direction: 'earliest',
      units: 'lin',
      frequency: 'quarterly',
      start: '2023-02-15',
    });
    expect(shaped.points.map((p) => p.date)).toEqual(['2023-04-01', '2023-07-01']);
  });

  it('lists an incomplete period only when it is among the points shown', () => {
    const partial = months.slice(0, 14); // 2024 Q1 has January and February only
    expect(
      shapeSeries(partial, 'monthly', { limit: 1, direction: 'latest', units: 'lin', frequency: 'quarterly' })
        .incomplete,
    ).toEqual(['2024-01-01']);
    expect(
      shapeSeries(partial, 'monthly', { limit: 1, direction: 'earliest', units: 'lin', frequency: 'quarterly' })
        .incomplete,
    ).toEqual([]);
  });

  it('gives no points for a range with none, and keeps the level when nothing is asked', () => {
    expect(
      shapeSeries(months, 'monthly', {
        limit: 10,
        direction: 'latest',
        units: 'lin',
        frequency: 'annual',
        start: '2030-01-01',
      }),
    ).toEqual({ points: [], count: 0, incomplete: [] });
    expect(shapeSeries(months, 'monthly', { limit: 3, direction: 'latest', units: 'lin' }).points).toEqual(
      months.slice(-3),
    );
    expect(pickPoints(months, 2, 'latest', '2023-03-01', '2023-06-01').map((p) => p.date)).toEqual([
      '2023-05-01',
      '2023-06-01',
    ]);
  });
});
