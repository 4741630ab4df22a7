// The per-key windows of RateLimits, in memory and in Redis (when REDIS_URL is set): both are consumed in one
// step, and a request refused for the minute must not use up the month.
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { DASHBOARD_ACTIONS_PER_HOUR, PortalLimits } from '../../api/portal/limits.js';
import { RateLimits } from '../../application/rate-limits/rate-limits.js';

const stores: [string, string | undefined][] = [['memory', undefined]];
if (process.env.REDIS_URL) stores.push(['Redis', process.env.REDIS_URL]);
const opened: RateLimits[] = [];
afterAll(async () => {
  for (const limits of opened) await limits.close();
});

describe.each(stores)('per-key limits in %s', (_store, redisUrl) => {
  const open = () => {
    const limits = new RateLimits({ redisUrl, prefix: `test-${randomBytes(5).toString('hex')}` });
    opened.push(limits);
    return limits;
  };

  it('reports the window that runs out first, and refuses past the minute with the minute reset', async () => {
    const limits = open();
    const plan = { monthlyCredits: 0, requestsPerMinute: 2, requestsPerMonth: 100 };
    const first = await limits.forKey('key_a', plan);
    expect(first).toMatchObject({ allowed: true, limit: 2, remaining: 1 });
    expect((await limits.forKey('key_a', plan)).remaining).toBe(0);
    const refused = await limits.forKey('key_a', plan);
    expect(refused).toMatchObject({ allowed: false, limit: 2, remaining: 0 });
    expect(refused.retryAfter).toBeGreaterThanOrEqual(1);
    expect(refused.retryAfter).toBeLessThanOrEqual(60);
  });

  it('does not count a request refused for the minute against the month', async () => {
    const limits = open();
    const month = 5;
    // Same key, same monthly allowance; the minute limit differs, as after a plan change within the minute.
    const tight = { monthlyCredits: 0, requestsPerMinute: 1, requestsPerMonth: month };
    const loose = { monthlyCredits: 0, requestsPerMinute: 100, requestsPerMonth: month };
    expect((await limits.forKey('key_b', tight)).allowed).toBe(true);
    expect((await limits.forKey('key_b', tight)).allowed).toBe(false);
    expect((await limits.forKey('key_b', tight)).allowed).toBe(false);
    // Two requests allowed in the month so far: this one and the first.
    expect(await limits.forKey('key_b', loose)).toMatchObject({ allowed: true, limit: month, remaining: month - 2 });
  });
});

describe('per-key limits decided at once (no Redis)', () => {
  it('answers as forKey does once the month is seeded from the durable count, and not before; a refusal gives the month back', async () => {
    const limits = new RateLimits({ prefix: `test-${randomBytes(5).toString('hex')}`, monthUsed: async () => 3 });
    opened.push(limits);
    const plan = { monthlyCredits: 0, requestsPerMinute: 3, requestsPerMonth: 10 };
    // Not seeded yet: only forKey may decide, starting the month from the 3 counted durably.
    expect(limits.forKeyNow('key_c', plan)).toBeNull();
    expect(await limits.forKey('key_c', plan)).toMatchObject({ allowed: true, limit: 3, remaining: 2 });
    expect(limits.forKeyNow('key_c', plan)).toMatchObject({ allowed: true, limit: 3, remaining: 1 });
    expect(await limits.forKey('key_c', plan)).toMatchObject({ allowed: true, limit: 3, remaining: 0 });
    const refused = limits.forKeyNow('key_c', plan)!;
    expect(refused).toMatchObject({ allowed: false, limit: 3, remaining: 0 });
    expect(refused.retryAfter).toBeGreaterThanOrEqual(1);
    // 3 durable + 3 allowed; the refused one was given back.
    expect(await limits.usedBy('key_c', plan)).toMatchObject({ minute: 4, month: 6 });
  });

  it('leaves the decision to forKey when the counters are in Redis', async () => {
    const limits = new RateLimits({
      redisUrl: 'redis://127.0.0.1:1',
      prefix: `test-${randomBytes(5).toString('hex')}`,
    });
    opened.push(limits);
    const plan = { monthlyCredits: 0, requestsPerMinute: 3, requestsPerMonth: 10 };
    await limits.forKey('key_d', plan);
    expect(limits.forKeyNow('key_d', plan)).toBeNull();
  });
});

describe.each(stores)('dashboard actions per account in %s', (_store, redisUrl) => {
  it('refuse an account past its hourly actions, with the wait, and leave another account alone', async () => {
    const limits = new RateLimits({ redisUrl, prefix: `test-${randomBytes(5).toString('hex')}` });
    opened.push(limits);
    // Counted in Redis from the first action: before the connection is up, actions go to the in-process stand-in.
    await limits.ready();
    const portal = new PortalLimits(limits, 'a-secret-of-the-portal');
    for (let n = 0; n < DASHBOARD_ACTIONS_PER_HOUR; n++) expect(await portal.dashboardAction('acct_busy')).toBeNull();
    const refused = await portal.dashboardAction('acct_busy');
    expect(refused?.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused!.retryAfterSeconds).toBeLessThanOrEqual(3600);
    expect(await portal.dashboardAction('acct_quiet')).toBeNull();
  });
});
