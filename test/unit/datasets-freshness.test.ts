import { describe, expect, it } from 'vitest';
import { addDays, addMonths, isIsoDate } from '../../domain/datasets/dates.js';
import { freshness, type FreshnessInput } from '../../domain/datasets/freshness.js';

const at = (iso: string) => new Date(`${iso}T12:00:00Z`);

describe('freshness against a fixed clock', () => {
  // A monthly series like CPI: February 2026 (dated 2026-02-01) is out; March is expected 45 days after
  // 2026-03-01, i.e. on 2026-04-15. Due for a month after that, overdue until three months after, then stale.
  const monthly = (now: string): FreshnessInput => ({
    cadence: 'monthly',
    publicationLagDays: 45,
    lastObservationDate: '2026-02-01',
    lastRefreshedAt: new Date('2026-03-26T06:10:00Z'),
    now: at(now),
  });

  it.each([
    ['2026-03-26', 'fresh'],
    ['2026-04-14', 'fresh'],
    ['2026-04-15', 'due'],
    ['2026-05-14', 'due'],
    ['2026-05-15', 'overdue'],
    ['2026-07-14', 'overdue'],
    ['2026-07-15', 'stale'],
    ['2027-01-01', 'stale'],
  ])('a monthly series on %s is %s', (now, status) => {
    expect(freshness(monthly(now)).status).toBe(status);
  });

  it('reports the dates it judged by', () => {
    expect(freshness(monthly('2026-04-20'))).toEqual({
      lastObservationDate: '2026-02-01',
      lastRefreshedAt: '2026-03-26T06:10:00.000Z',
      nextExpectedDate: '2026-04-15',
      ageDays: 78,
      status: 'due',
    });
  });

  it('gives a daily series a weekend: due for 3 days, stale after 14', () => {
    // Friday 2026-08-14; the next trading day's price is expected 7 days after 2026-08-15.
    const daily = (now: string) =>
      freshness({
        cadence: 'daily',
        publicationLagDays: 7,
        lastObservationDate: '2026-08-14',
        lastRefreshedAt: null,
        now: at(now),
      });
    expect(daily('2026-08-21')).toMatchObject({ nextExpectedDate: '2026-08-22', status: 'fresh' });
    expect(daily('2026-08-24').status).toBe('due');
    expect(daily('2026-08-25').status).toBe('overdue');
    expect(daily('2026-09-04').status).toBe('overdue');
    expect(daily('2026-09-05').status).toBe('stale');
  });

  it('keeps quarter-end series on quarter ends', () => {
    const quarterly = freshness({
      cadence: 'quarterly',
      publicationLagDays: 100,
      lastObservationDate: '2025-12-31',
      lastRefreshedAt: null,
      now: at('2026-07-01'),
    });
    // 2025-12-31 + one quarter = 2026-03-31, + 100 days = 2026-07-09.
    expect(quarterly).toMatchObject({ nextExpectedDate: '2026-07-09', status: 'fresh', ageDays: 182 });
  });

  it('judges an annual series by years', () => {
    const annual = (now: string) =>
      freshness({
        cadence: 'annual',
        publicationLagDays: 540,
        lastObservationDate: '2023-01-01',
        lastRefreshedAt: null,
        now: at(now),
      });
    expect(annual('2025-06-23').status).toBe('fresh');
    expect(annual('2025-06-24').status).toBe('due');
    expect(annual('2026-11-22').status).toBe('overdue');
    expect(annual('2028-06-24').status).toBe('stale');
  });

  it('calls a dataset without observations stale', () => {
    expect(
      freshness({
        cadence: 'weekly',
        publicationLagDays: 7,
        lastObservationDate: null,
        lastRefreshedAt: null,
        now: at('2026-01-01'),
      }),
    ).toEqual({
      lastObservationDate: null,
      lastRefreshedAt: null,
      nextExpectedDate: null,
      ageDays: null,
      status: 'stale',
    });
  });
});

describe('calendar arithmetic', () => {
  it('adds months keeping month ends on month ends', () => {
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2024-02-29', 1)).toBe('2024-03-31');
    expect(addMonths('2025-09-30', 3)).toBe('2025-12-31');
    expect(addMonths('2026-02-01', 1)).toBe('2026-03-01');
    expect(addMonths('2025-11-15', 3)).toBe('2026-02-15');
    expect(addMonths('2026-01-10', -1)).toBe('2025-12-10');
  });

  it('knows real dates', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2023-13-01')).toBe(false);
    expect(isIsoDate('20230101')).toBe(false);
  });

  it('takes every date from 0001-01-01 to 9999-12-31 and none outside (PostgreSQL has no year 0000)', () => {
    for (const date of ['0001-01-01', '0004-02-29', '0099-12-31', '9999-12-31'])
      expect(isIsoDate(date), date).toBe(true);
    for (const date of ['0000-01-01', '0000-02-29', '0003-02-29', '10000-01-01', '+10000-01-01', '-0001-01-01'])
      expect(isIsoDate(date), date).toBe(false);
    expect(addDays('0001-01-01', 1)).toBe('0001-01-02');
  });
});
