// The next release of a dataset (domain/datasets/freshness.ts nextRelease) and what a refresh changed
// (domain/datasets/revisions.ts), against dates and changes worked out by hand.
import { describe, expect, it } from 'vitest';
import { nextRelease } from '../../domain/datasets/freshness.js';
import { diffSeries, hasChanges } from '../../domain/datasets/revisions.js';

const at = (date: string) => new Date(`${date}T12:00:00Z`);

describe('nextRelease', () => {
  // UK CPI: monthly, dated on the 1st, out about 45 days after the month it measures ends.
  const cpi = { cadence: 'monthly' as const, publicationLagDays: 45, lastObservationDate: '2026-02-01' };

  it.each([
    ['2026-03-26', '2026-04-15'], // March's figure: 1 March + 45 days
    ['2026-04-15', '2026-04-15'], // on the day itself
    ['2026-04-16', '2026-05-16'], // March's figure is late; April's is next: 1 April + 45 days
    ['2026-11-22', '2026-12-16'], // several months behind: 1 November + 45 days
  ])('estimates from the cadence: on %s the next CPI release is %s', (today, date) => {
    expect(nextRelease({ ...cpi, now: at(today) })).toEqual({ date, estimated: true, basis: 'cadence' });
  });

  it('keeps month-end series on month ends and weekly ones on their weekday', () => {
    const monthEnd = { cadence: 'monthly' as const, publicationLagDays: 0, lastObservationDate: '2025-05-31' };
    expect(nextRelease({ ...monthEnd, now: at('2025-06-02') })!.date).toBe('2025-06-30');
    expect(nextRelease({ ...monthEnd, now: at('2025-07-01') })!.date).toBe('2025-07-31');
    // Friday 14 August 2026 + 5 days lag: Wednesdays 19 August + 7k; the first on or after 22 November is the 25th.
    expect(
      nextRelease({
        cadence: 'weekly',
        publicationLagDays: 5,
        lastObservationDate: '2026-08-14',
        now: at('2026-11-22'),
      })!.date,
    ).toBe('2026-11-25');
  });

  it('reaches today in few steps for a series decades behind', () => {
    // 1 January of each year + 180 days is 30 June (or 29 June in a leap year); 2026's is past on 22 November.
    expect(
      nextRelease({
        cadence: 'annual',
        publicationLagDays: 180,
        lastObservationDate: '1990-01-01',
        now: at('2026-11-22'),
      })!.date,
    ).toBe('2027-06-30');
    expect(
      nextRelease({
        cadence: 'daily',
        publicationLagDays: 1,
        lastObservationDate: '2000-02-28',
        now: at('2026-11-22'),
      })!.date,
    ).toBe('2026-11-22');
  });

  it('takes the publisher’s calendar when known, and the cadence once it runs out', () => {
    const releaseDates = ['2026-12-20', '2026-01-10', '2026-12-01'];
    expect(nextRelease({ ...cpi, releaseDates, now: at('2026-11-22') })).toEqual({
      date: '2026-12-01',
      estimated: false,
      basis: 'calendar',
    });
    expect(nextRelease({ ...cpi, releaseDates, now: at('2026-12-21') })).toEqual({
      date: '2027-01-15',
      estimated: true,
      basis: 'cadence',
    });
  });

  it('is null without observations or a calendar', () => {
    expect(nextRelease({ ...cpi, lastObservationDate: null, now: at('2026-01-01') })).toBeNull();
    expect(
      nextRelease({ ...cpi, lastObservationDate: null, releaseDates: ['2026-02-18'], now: at('2026-01-01') }),
    ).toMatchObject({ date: '2026-02-18', basis: 'calendar' });
  });
});

describe('diffSeries', () => {
  const before = [
    { date: '2024-01-01', value: 1 },
    { date: '2024-02-01', value: 2 },
    { date: '2024-03-01', value: 3 },
  ];

  it('finds the points added, revised and removed', () => {
    const after = [
      { date: '2024-01-01', value: 1 },
      { date: '2024-02-01', value: 2.5 },
      { date: '2024-04-01', value: 4 },
    ];
    const changes = diffSeries(before, after);
    expect(changes).toEqual({
      added: [{ date: '2024-04-01', value: 4 }],
      revised: [{ date: '2024-02-01', from: 2, to: 2.5 }],
      removed: [{ date: '2024-03-01', value: 3 }],
    });
    expect(hasChanges(changes)).toBe(true);
  });

  it('finds nothing when the series is the same, and everything added from nothing', () => {
    expect(hasChanges(diffSeries(before, [...before]))).toBe(false);
    expect(diffSeries([], before)).toEqual({ added: before, revised: [], removed: [] });
    expect(diffSeries(before, [])).toEqual({ added: [], revised: [], removed: before });
  });
});
