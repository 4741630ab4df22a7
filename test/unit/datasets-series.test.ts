import { describe, expect, it } from 'vitest';
import { prefixTsQuery } from '../../domain/datasets/search.js';
import { previewStats, selectPoints } from '../../domain/datasets/series.js';
import type { Point } from '../../domain/datasets/types.js';
import { jsonBody, matchesIfNoneMatch, ResponseCache } from '../../infra/datasets/response-cache.js';

const months = (values: number[]): Point[] =>
  values.map((value, i) => ({
    date: `${2020 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}-01`,
    value,
  }));

describe('selectPoints', () => {
  const series = months([1, 2, 3, 4, 5]);
  const shuffled = [series[3]!, series[0]!, series[4]!, series[1]!, series[2]!];

  it('takes the most recent points for latest and the first for earliest, in date order either way', () => {
    expect(selectPoints(shuffled, 2, 'latest').map((p) => p.value)).toEqual([4, 5]);
    expect(selectPoints(shuffled, 2, 'earliest').map((p) => p.value)).toEqual([1, 2]);
  });

  it('returns the whole series when the limit is larger', () => {
    expect(selectPoints(series, 100, 'latest')).toEqual(series);
    expect(selectPoints(series, 100, 'earliest')).toEqual(series);
  });
});

describe('previewStats', () => {
  it('shows the last 24 points with their range and the change across them', () => {
    const values = Array.from({ length: 30 }, (_, i) => 100 + i);
    values[3] = 500; // before the window (which starts at index 6): must not count
    values[20] = 50;
    const stats = previewStats(months(values));
    expect(stats.points).toHaveLength(24);
    expect(stats.points[0]!.value).toBe(106);
    expect(stats.min).toBe(50);
    expect(stats.max).toBe(129);
    expect(stats.latest).toEqual({ date: '2022-06-01', value: 129 });
    expect(stats.change).toEqual({ absolute: 23, percent: 21.7 });
  });

  it('leaves no float dust in the change', () => {
    expect(previewStats(months([0.1, 0.3])).change).toEqual({ absolute: 0.2, percent: 200 });
  });

  it('gives a percent of null when the first value is zero, and a negative base its sign', () => {
    expect(previewStats(months([0, 2])).change).toEqual({ absolute: 2, percent: null });
    expect(previewStats(months([-2, -1])).change).toEqual({ absolute: 1, percent: 50 });
  });

  it('copes with a single point and with none', () => {
    expect(previewStats(months([7]))).toMatchObject({ min: 7, max: 7, change: { absolute: 0, percent: 0 } });
    expect(previewStats([])).toEqual({ points: [], min: null, max: null, latest: null, change: null });
  });
});

describe('prefixTsQuery', () => {
  it('makes every word a required prefix', () => {
    expect(prefixTsQuery('infl')).toBe('infl:*');
    expect(prefixTsQuery('House  Prices, Germany')).toBe('house:* & prices:* & germany:*');
  });

  it('keeps only letters and digits, so any input is valid tsquery syntax', () => {
    expect(prefixTsQuery("'); drop table datasets; --")).toBe('drop:* & table:* & datasets:*');
    expect(prefixTsQuery('a:* | !b & (c)')).toBe('a:* & b:* & c:*');
    expect(prefixTsQuery('Verkehrsunfälle 2021')).toBe('verkehrsunfälle:* & 2021:*');
  });

  it('is null when nothing searchable is left', () => {
    expect(prefixTsQuery('')).toBeNull();
    expect(prefixTsQuery('!!! --- ***')).toBeNull();
  });
});

describe('ResponseCache', () => {
  it('builds once, serves from memory until the TTL passes, then builds again', async () => {
    let clock = 0;
    let builds = 0;
    const cache = new ResponseCache(1000, 10, () => clock);
    const build = async () => jsonBody({ build: ++builds });
    expect((await cache.get('k', build))!.body.toString()).toBe('{"build":1}');
    clock = 999;
    expect((await cache.get('k', build))!.body.toString()).toBe('{"build":1}');
    clock = 1000;
    expect((await cache.get('k', build))!.body.toString()).toBe('{"build":2}');
  });

  it('shares one build between concurrent misses and does not keep a null', async () => {
    let builds = 0;
    const cache = new ResponseCache(1000);
    const slow = async () => {
      builds += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return jsonBody({ ok: true });
    };
    await Promise.all([cache.get('k', slow), cache.get('k', slow), cache.get('k', slow)]);
    expect(builds).toBe(1);
    let misses = 0;
    const missing = async () => {
      misses += 1;
      return null;
    };
    expect(await cache.get('unknown', missing)).toBeNull();
    expect(await cache.get('unknown', missing)).toBeNull();
    expect(misses).toBe(2);
  });

  it('drops the least recently used entry beyond its size', async () => {
    let builds = 0;
    const cache = new ResponseCache(60_000, 2);
    const build = async () => jsonBody(++builds);
    await cache.get('a', build);
    await cache.get('b', build);
    await cache.get('a', build); // a is now the most recent
    await cache.get('c', build); // evicts b
    expect(builds).toBe(3);
    await cache.get('a', build);
    expect(builds).toBe(3);
    await cache.get('b', build);
    expect(builds).toBe(4);
  });

  it('gives equal bodies equal ETags and different bodies different ones', () => {
    expect(jsonBody({ a: 1 }).etag).toBe(jsonBody({ a: 1 }).etag);
    expect(jsonBody({ a: 1 }).etag).not.toBe(jsonBody({ a: 2 }).etag);
    expect(jsonBody({ a: 1 }).etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
  });
});

describe('matchesIfNoneMatch', () => {
  const etag = '"abc"';
  it.each([
    ['"abc"', true],
    ['W/"abc"', true],
    ['"x", "abc"', true],
    ['*', true],
    ['"abcd"', false],
    ['abc', false],
    [undefined, false],
  ])('%j matches: %s', (header, expected) => {
    expect(matchesIfNoneMatch(header, etag)).toBe(expected);
  });
});
