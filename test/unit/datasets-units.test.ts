// Unit transforms of a series (domain/datasets/units.ts), FRED's definitions; points that need data the series
// does not have are left out.
import { describe, expect, it } from 'vitest';
import { transformSeries } from '../../domain/datasets/units.js';

const monthly = [
  { date: '2024-01-01', value: 100 },
  { date: '2024-02-01', value: 102 },
  { date: '2024-03-01', value: 0 },
  { date: '2025-01-01', value: 110 },
  { date: '2025-02-01', value: 99.96 },
  { date: '2025-03-01', value: 5 },
];

describe('unit transforms', () => {
  it('lin is the level, unchanged', () => {
    expect(transformSeries(monthly, 'lin', 'monthly')).toEqual(monthly);
  });

  it('chg and pch compare with the previous point, leaving out the first and a division by zero', () => {
    expect(transformSeries(monthly, 'chg', 'monthly').map((p) => p.value)).toEqual([2, -102, 110, -10.04, -94.96]);
    expect(transformSeries(monthly, 'pch', 'monthly')).toEqual([
      { date: '2024-02-01', value: 2 },
      { date: '2024-03-01', value: -100 },
      { date: '2025-02-01', value: -9.12727272727 },
      { date: '2025-03-01', value: -94.9979991997 },
    ]);
  });

  it('ch1 and pc1 compare with the same date a year before, leaving out points without one', () => {
    expect(transformSeries(monthly, 'ch1', 'monthly')).toEqual([
      { date: '2025-01-01', value: 10 },
      { date: '2025-02-01', value: -2.04 },
      { date: '2025-03-01', value: 5 },
    ]);
    expect(transformSeries(monthly, 'pc1', 'monthly')).toEqual([
      { date: '2025-01-01', value: 10 },
      { date: '2025-02-01', value: -2 },
    ]);
  });

  it('pca compounds the change over the observations of a year, by cadence', () => {
    const quarterly = [
      { date: '2024-01-01', value: 100 },
      { date: '2024-04-01', value: 101 },
    ];
    expect(transformSeries(quarterly, 'pca', 'quarterly')).toEqual([{ date: '2024-04-01', value: 4.060401 }]);
    const weekly = [
      { date: '2024-01-01', value: 10 },
      { date: '2024-12-30', value: 12 },
    ];
    expect(transformSeries(weekly, 'ch1', 'weekly')).toEqual([{ date: '2024-12-30', value: 2 }]);
  });

  it('log leaves out values that have no logarithm', () => {
    expect(transformSeries(monthly, 'log', 'monthly').map((p) => p.date)).not.toContain('2024-03-01');
    expect(transformSeries(monthly, 'log', 'monthly')[0]).toEqual({ date: '2024-01-01', value: 4.60517018599 });
  });
});
