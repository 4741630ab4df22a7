// CSV of a series and of several aligned series (domain/datasets/csv.ts, align.ts).
import { describe, expect, it } from 'vitest';
import { alignSeries } from '../../domain/datasets/align.js';
import { seriesCsv, tableCsv } from '../../domain/datasets/csv.js';

describe('seriesCsv', () => {
  it('writes the header and one newline-terminated row per point, numbers as JavaScript writes them', () => {
    expect(
      seriesCsv([
        { date: '2024-02-29', value: 3.4 },
        { date: '2024-03-01', value: -0.05 },
        { date: '2024-03-04', value: 1e-7 },
        { date: '2024-03-05', value: 12000 },
      ]),
    ).toBe('date,value\n2024-02-29,3.4\n2024-03-01,-0.05\n2024-03-04,1e-7\n2024-03-05,12000\n');
  });

  it('is the header alone for no points', () => {
    expect(seriesCsv([])).toBe('date,value\n');
  });
});

describe('alignSeries and tableCsv', () => {
  const a = [
    { date: '2024-01-01', value: 1 },
    { date: '2024-02-01', value: 2 },
    { date: '2024-03-01', value: 3 },
  ];
  const b = [
    { date: '2024-02-01', value: 20 },
    { date: '2024-04-01', value: 40 },
  ];

  it('aligns on the union of dates with null where a series has no point', () => {
    expect(alignSeries([a, b], 10, 'latest')).toEqual({
      dates: ['2024-01-01', '2024-02-01', '2024-03-01', '2024-04-01'],
      columns: [
        [1, 2, 3, null],
        [null, 20, null, 40],
      ],
    });
  });

  it('keeps `limit` dates from the end `direction` names', () => {
    expect(alignSeries([a, b], 2, 'latest')).toEqual({
      dates: ['2024-03-01', '2024-04-01'],
      columns: [
        [3, null],
        [null, 40],
      ],
    });
    expect(alignSeries([a, b], 2, 'earliest')).toEqual({
      dates: ['2024-01-01', '2024-02-01'],
      columns: [
        [1, 2],
        [null, 20],
      ],
    });
    // Pre-cut series give the same answer as whole ones.
    expect(alignSeries([a.slice(-2), b.slice(-2)], 2, 'latest')).toEqual(alignSeries([a, b], 2, 'latest'));
  });

  it('writes a date column and one column per series, empty where null', () => {
    const { dates, columns } = alignSeries([a, b], 10, 'latest');
    expect(tableCsv(['uk-a', 'uk-b'], dates, columns)).toBe(
      'date,uk-a,uk-b\n2024-01-01,1,\n2024-02-01,2,20\n2024-03-01,3,\n2024-04-01,,40\n',
    );
    expect(tableCsv(['x'], [], [[]])).toBe('date,x\n');
  });
});
