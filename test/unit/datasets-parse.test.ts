import { describe, expect, it } from 'vitest';
import { DatasetParseError, parsePoints, parseValue } from '../../domain/datasets/parse.js';
import type { SourceFormat } from '../../domain/datasets/types.js';
import { readBundledFile } from '../../infra/datasets/sources.js';

type CsvFormat = Extract<SourceFormat, { kind: 'csv' }>;

const csv = (dateColumn: string, valueColumn: string, extra: Partial<CsvFormat> = {}): CsvFormat => ({
  kind: 'csv',
  dateColumn,
  dateStyle: 'iso',
  valueColumn,
  ...extra,
});

// The shape of an ONS time-series download: name/value metadata rows, then annual, quarterly and monthly blocks.
const ONS = [
  '"Title","CPI ANNUAL RATE 00: ALL ITEMS 2015=100"',
  '"CDID","D7G7"',
  '"Source dataset ID","MM23"',
  '"PreUnit",""',
  '"Unit","%"',
  '"Release date","25-03-2026"',
  '"Next release","22 April 2026"',
  '"Important notes",',
  '"2024","2.5"',
  '"2025","3.4"',
  '"2024 Q4","2.5"',
  '"2025 Q1","2.8"',
  '"2025 DEC","3.4"',
  '"2026 JAN","3.0"',
  '"2026 FEB","3.1"',
].join('\n');

describe('ONS time-series format', () => {
  it('reads the monthly block, dated on the first of the month, skipping metadata and the other blocks', () => {
    expect(parsePoints(ONS, { kind: 'ons', block: 'monthly' })).toEqual([
      { date: '2025-12-01', value: 3.4 },
      { date: '2026-01-01', value: 3 },
      { date: '2026-02-01', value: 3.1 },
    ]);
  });

  it('reads the quarterly and annual blocks', () => {
    expect(parsePoints(ONS, { kind: 'ons', block: 'quarterly' })).toEqual([
      { date: '2024-10-01', value: 2.5 },
      { date: '2025-01-01', value: 2.8 },
    ]);
    expect(parsePoints(ONS, { kind: 'ons', block: 'annual' }).map((p) => p.date)).toEqual(['2024-01-01', '2025-01-01']);
  });

  it('does not depend on the number of metadata rows', () => {
    const fewer = ONS.split('\n')
      .filter((line) => !line.startsWith('"Next release"') && !line.startsWith('"PreUnit"'))
      .join('\n');
    expect(parsePoints(fewer, { kind: 'ons', block: 'monthly' })).toHaveLength(3);
  });

  it('refuses a value that is not a number, and a file without the block', () => {
    expect(() => parsePoints(ONS.replace('"3.0"', '"three"'), { kind: 'ons', block: 'monthly' })).toThrow(
      DatasetParseError,
    );
    expect(() => parsePoints('"Title","x"\n"2024","1"', { kind: 'ons', block: 'monthly' })).toThrow(
      /no monthly periods/,
    );
  });

  it('reads the bundled D7G7 file: monthly from January 1989 to February 2026', async () => {
    const points = parsePoints(await readBundledFile('uk-cpi-ons/ons_cpi_annual_rate_series_D7G7.csv'), {
      kind: 'ons',
      block: 'monthly',
    });
    expect(points).toHaveLength(446);
    expect(points[0]).toEqual({ date: '1989-01-01', value: 4.9 });
    expect(points.at(-1)).toEqual({ date: '2026-02-01', value: 3 });
  });
});

describe('CSV formats', () => {
  it('keeps only the rows of one series in a long-format file, with quoted fields', () => {
    const text =
      'Country,Country Code,Year,Inflation\n"Bahamas, The",BHS,2020,1.5\nGermany,DEU,2021,3.06\nGermany,DEU,2020,0.14\n';
    const format = csv('Year', 'Inflation', { dateStyle: 'year', where: { column: 'Country Code', equals: 'DEU' } });
    expect(parsePoints(text, format)).toEqual([
      { date: '2020-01-01', value: 0.14 },
      { date: '2021-01-01', value: 3.06 },
    ]);
    expect(parsePoints(text, { ...format, where: { column: 'Country Code', equals: 'BHS' } })).toEqual([
      { date: '2020-01-01', value: 1.5 },
    ]);
  });

  it('reads semicolon files with "-" gaps (Destatis), each column its own series', () => {
    const text = 'Year;total;trucks\n1991;38236491;-\n1995;49152894;3097000\n2000;-;3335482\n';
    const format = (column: string) => csv('Year', column, { delimiter: ';', dateStyle: 'year' });
    expect(parsePoints(text, format('total'))).toEqual([
      { date: '1991-01-01', value: 38236491 },
      { date: '1995-01-01', value: 49152894 },
    ]);
    expect(parsePoints(text, format('trucks')).map((p) => p.date)).toEqual(['1995-01-01', '2000-01-01']);
  });

  it('reads the bundled German registered-vehicle file, whose other columns are full of gaps', async () => {
    const text = await readBundledFile('de-road-accidents-destatis/reference_numbers.csv');
    const trucks = parsePoints(text, csv('Year', 'registered trucks', { delimiter: ';', dateStyle: 'year' }));
    expect(trucks[0]!.date).toBe('1995-01-01'); // 1991 is "-"
    expect(
      parsePoints(text, csv('Year', 'total registered vehicles', { delimiter: ';', dateStyle: 'year' })),
    ).toHaveLength(23);
  });

  it('reads the fx file as currency units per US dollar (a pound costs more than a dollar, so below 1)', async () => {
    const text = await readBundledFile('fx-rates-fred/monthly.csv');
    const gbp = parsePoints(
      text,
      csv('Date', 'Exchange rate', { where: { column: 'Country', equals: 'United Kingdom' } }),
    );
    expect(gbp.at(-1)).toEqual({ date: '2026-06-01', value: 0.7497 });
    expect(gbp.every((p) => p.value > 0.3 && p.value < 1)).toBe(true);
  });

  it('reads CRLF line ends and a byte-order mark', () => {
    expect(parsePoints('\uFEFFDate,Price\r\n2020-01-02,1.5\r\n2020-01-03,2\r\n', csv('Date', 'Price'))).toEqual([
      { date: '2020-01-02', value: 1.5 },
      { date: '2020-01-03', value: 2 },
    ]);
  });

  it('sorts by date and keeps a repeated identical row once', () => {
    const text = 'date,v\n2020-03-01,3\n2020-01-01,1\n2020-03-01,3\n2020-02-01,2\n';
    expect(parsePoints(text, csv('date', 'v')).map((p) => p.value)).toEqual([1, 2, 3]);
  });

  it.each([
    ['a date given two different values', 'date,v\n2020-01-01,1\n2020-01-01,2\n', /two values for 2020-01-01/],
    ['a value that is not a number', 'date,v\n2020-01-01,12abc\n', /not a number/],
    ['an impossible date', 'date,v\n2023-02-30,1\n', /not a YYYY-MM-DD date/],
    ['a missing column', 'day,v\n2020-01-01,1\n', /no column "date"/],
    ['an HTML error page', '<html><body>Not found</body></html>', /no column|no data rows/],
    ['an empty file', '', /no data rows/],
  ])('refuses %s', (_name, text, message) => {
    expect(() => parsePoints(text, csv('date', 'v'))).toThrow(message);
  });

  it('refuses a filter that matches no row', () => {
    expect(() =>
      parsePoints('c,date,v\nX,2020-01-01,1\n', csv('date', 'v', { where: { column: 'c', equals: 'Y' } })),
    ).toThrow(/no rows where c is "Y"/);
  });
});

describe('month-end resampling of a step series (Bank Rate)', () => {
  it('carries each rate to every month end until the next change, up to the month of the last change', () => {
    const text = 'date,rate\n2020-01-15,1\n2020-03-10,0.5\n2020-03-20,0.25\n2020-05-07,0.1\n';
    expect(parsePoints(text, csv('date', 'rate', { resample: 'month-end-step' }))).toEqual([
      { date: '2020-01-31', value: 1 },
      { date: '2020-02-29', value: 1 },
      { date: '2020-03-31', value: 0.25 },
      { date: '2020-04-30', value: 0.25 },
      { date: '2020-05-31', value: 0.1 },
    ]);
  });

  it('gives the bundled series a value for every month from 1694 to May 2025', async () => {
    const points = parsePoints(
      await readBundledFile('uk-bank-rate-boe/data.csv'),
      csv('date', 'rate', { resample: 'month-end-step' }),
    );
    expect(points[0]).toEqual({ date: '1694-10-31', value: 6 });
    expect(points.at(-1)).toEqual({ date: '2025-05-31', value: 4.25 });
    expect(points).toHaveLength((2025 - 1694) * 12 + (5 - 10) + 1);
  });
});

describe('parseValue', () => {
  it.each([
    ['3.5', 3.5],
    [' -0.25 ', -0.25],
    ['1e3', 1000],
    ['-', null],
    ['', null],
    ['..', null],
  ])('reads %j as %j', (raw, value) => {
    expect(parseValue(raw, 'x')).toBe(value);
  });

  it.each(['1,5', 'NaN', 'Infinity', '0x10', '12%'])('refuses %j', (raw) => {
    expect(() => parseValue(raw, 'x')).toThrow(DatasetParseError);
  });
});
