import { describe, expect, it } from 'vitest';
import { classifyStatus, parseHttpDate, parseRetryAfter } from '../../domain/webhooks/response.js';

describe('webhook response classification', () => {
  it.each([200, 201, 202, 204, 299])('%i is delivered', (status) => {
    expect(classifyStatus(status)).toBe('delivered');
  });

  it.each([408, 409, 425, 429, 500, 502, 503, 504, 599])('%i is retried', (status) => {
    expect(classifyStatus(status)).toBe('retryable');
  });

  it.each([100, 199, 300, 301, 302, 303, 307, 308, 400, 401, 403, 404, 405, 410, 413, 422, 451, 499, 600, 999])(
    '%i is permanent',
    (status) => {
      expect(classifyStatus(status)).toBe('permanent');
    },
  );
});

describe('Retry-After', () => {
  const now = new Date('2025-03-10T12:00:00Z');

  it('reads delta-seconds', () => {
    expect(parseRetryAfter('120', now)).toBe(120);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('99999999999999999999999', now)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('reads the three HTTP-date forms as seconds from now', () => {
    expect(parseRetryAfter('Mon, 10 Mar 2025 12:01:30 GMT', now)).toBe(90);
    expect(parseRetryAfter('Monday, 10-Mar-25 12:02:00 GMT', now)).toBe(120);
    expect(parseRetryAfter('Mon Mar 10 12:00:05 2025', now)).toBe(5);
    expect(parseRetryAfter('Sun Mar  9 12:00:00 2025', now)).toBe(0);
    expect(parseRetryAfter('Tue Mar 11 12:00:00 2025', now)).toBe(86_400);
  });

  it('treats a date in the past as no wait', () => {
    expect(parseRetryAfter('Sun, 06 Nov 1994 08:49:37 GMT', now)).toBe(0);
  });

  it('rounds a fraction of a second up rather than retrying early', () => {
    const almost = new Date('2025-03-10T12:00:00.400Z');
    expect(parseRetryAfter('Mon, 10 Mar 2025 12:00:10 GMT', almost)).toBe(10);
  });

  it.each([
    undefined,
    null,
    '',
    'soon',
    '-5',
    '1.5',
    '10 s',
    'Mon, 31 Feb 2025 12:00:00 GMT',
    'Mon, 10 Mar 2025 12:00:00 UTC',
    '2025-03-10T12:05:00Z',
  ])('ignores %j', (value) => {
    expect(parseRetryAfter(value, now)).toBeNull();
  });

  it('places two-digit RFC 850 years in the right century', () => {
    expect(parseHttpDate('Sunday, 06-Nov-94 08:49:37 GMT', now)).toBe(Date.UTC(1994, 10, 6, 8, 49, 37));
    expect(parseHttpDate('Friday, 01-Jan-60 00:00:00 GMT', now)).toBe(Date.UTC(2060, 0, 1));
    expect(parseHttpDate('Thursday, 01-Jan-76 00:00:00 GMT', now)).toBe(Date.UTC(1976, 0, 1)); // 2076 is > 50 years ahead
  });
});
