import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { periodOf, type PlanLimits } from '../../domain/plans.js';
import { MemoryWindows } from './memory-windows.js';
import { judge, refused, type LimitCheck } from './verdict.js';

const MINUTE = 60;
// Monthly counters are keyed by period, so the window only has to outlive the month: in Redis a TTL of 32
// days; in memory no expiry at all (0), because the in-memory store expires keys with setTimeout, which cannot
// wait longer than 24.8 days. Last month's keys are a handful of small entries.
const MONTH_WINDOW = 32 * 24 * 3600;
const DAY = 24 * 3600;
/**
 * The monthly window counts, whatever the plan: its limit is compared here, so a plan change keeps the month's
 * count (a limiter per limit would start a new one).
 */
const MONTH_COUNTER = Number.MAX_SAFE_INTEGER;
/** Keys whose month this process has seeded from the durable count, at most this many remembered. */
const SEEDED_KEYS = 100_000;

/** What RateLimits asks of a window, in Redis (rate-limiter-flexible) or in this process's memory. */
type Window = Pick<RateLimiterAbstract, 'consume' | 'get' | 'set' | 'reward'>;

/**
 * Per key per minute and per month by plan, and per client IP for anonymous dataset calls (docs/architecture.md#limits), with
 * rate-limiter-flexible: in memory, or in Redis (shared by every API process) when REDIS_URL is set. If Redis
 * fails, an in-memory limiter stands in rather than refusing or waving everything through.
 *
 * The month's count of a key starts from its durable usage (the usage read model, `monthUsed`) the first time a
 * process sees the key that month and its store holds no count: after a restart without Redis, or Redis
 * emptied, the quota and GET /api/v1/account go on from what the dashboard and the admin CLI show, less at most
 * the last few seconds not yet flushed.
 */
export class RateLimits {
  private readonly limiters = new Map<string, Window>();
  // A principal's limits are one object for as long as its key's answer is cached: its two windows are found
  // by that object, without building their names (numbers to strings) on every request.
  private readonly windows = new WeakMap<PlanLimits, { minute: Window; month: Window }>();
  private readonly redis: Redis | null;

  /** Redis failed and the in-process counters are standing in (warned once, until Redis is back). */
  private degraded = false;

  constructor(
    private readonly options: {
      redisUrl?: string | undefined;
      prefix: string;
      anonymousPerMinute?: number;
      /** Hears when the in-process counters take over from Redis, and when Redis is back. */
      logger?: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
      /** A key's requests counted durably in a period (`YYYY-MM`): where its monthly count starts. */
      monthUsed?: (keyId: string, period: string) => Promise<number>;
    },
  ) {
    this.redis = options.redisUrl
      ? new Redis(options.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, enableAutoPipelining: true })
      : null;
    this.redis?.on('error', () => undefined);
    this.redis?.on('ready', () => {
      if (!this.degraded) return;
      this.degraded = false;
      this.options.logger?.info(
        { component: 'rate-limits' },
        'Redis is back: rate limits are shared between API processes again',
      );
    });
  }

  /** The in-memory limiter that stands in for Redis: the first time it does, one warning. */
  private insurance(memory: RateLimiterMemory): RateLimiterMemory {
    const warn = () => {
      if (this.degraded) return;
      this.degraded = true;
      this.options.logger?.warn(
        { component: 'rate-limits' },
        'Redis unreachable: rate limits fall back to in-process counters (per API process) until it is back; requests are still served',
      );
    };
    for (const method of ['consume', 'get', 'reward', 'penalty'] as const) {
      const original = memory[method].bind(memory) as (...args: unknown[]) => unknown;
      (memory as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
        warn();
        return original(...args);
      };
    }
    return memory;
  }

  private limiter(kind: string, points: number, duration: number): Window {
    const name = `${kind}:${points}`;
    let limiter = this.limiters.get(name);
    if (!limiter) {
      const keyPrefix = `${this.options.prefix}:${kind}`;
      const memoryDuration = duration > DAY ? 0 : duration;
      limiter = this.redis
        ? new RateLimiterRedis({
            storeClient: this.redis,
            points,
            duration,
            keyPrefix,
            insuranceLimiter: this.insurance(new RateLimiterMemory({ points, duration: memoryDuration, keyPrefix })),
          })
        : new MemoryWindows(points, memoryDuration);
      this.limiters.set(name, limiter);
    }
    return limiter;
  }

  private windowsOf(limits: PlanLimits): { minute: Window; month: Window } {
    let windows = this.windows.get(limits);
    if (!windows) {
      windows = {
        minute: this.limiter('minute', limits.requestsPerMinute, MINUTE),
        month: this.limiter('month', MONTH_COUNTER, MONTH_WINDOW),
      };
      this.windows.set(limits, windows);
    }
    return windows;
  }

  private static async consume(limiter: Window, key: string): Promise<{ ok: boolean; res: RateLimiterRes }> {
    try {
      return { ok: true, res: await limiter.consume(key) };
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return { ok: false, res: rejection };
      throw rejection;
    }
  }

  // A month being seeded, or true once it is.
  private readonly seeded = new Map<string, Promise<void> | true>();

  /** Starts a key's month from its durable count, once per process and month, unless the store counts it already. */
  private seedMonth(month: Window, keyId: string, period: string): Promise<void> {
    const monthKey = `${keyId}:${period}`;
    const known = this.seeded.get(monthKey);
    if (known === true) return Promise.resolve();
    if (known) return known;
    const monthUsed = this.options.monthUsed;
    const seeding = (async () => {
      if (!monthUsed || (await month.get(monthKey))) return;
      const used = await monthUsed(keyId, period);
      if (used > 0 && !(await month.get(monthKey))) await month.set(monthKey, used, this.redis ? MONTH_WINDOW : 0);
    })().then(
      () => {
        if (this.seeded.get(monthKey) === seeding) this.seeded.set(monthKey, true);
      },
      () => {
        // Tried again on the key's next request: a database away for a moment must not leave the count at 0.
        this.seeded.delete(monthKey);
      },
    );
    this.seeded.set(monthKey, seeding);
    if (this.seeded.size > SEEDED_KEYS) this.seeded.delete(this.seeded.keys().next().value!);
    return seeding;
  }

  async forKey(keyId: string, limits: PlanLimits, now = new Date()): Promise<LimitCheck> {
    const period = periodOf(now);
    const monthKey = `${keyId}:${period}`;
    const windows = this.windowsOf(limits);
    const monthLimiter = windows.month;
    await this.seedMonth(monthLimiter, keyId, period);
    // Both windows at once: with Redis, one round trip (the client pipelines them) instead of two in a row.
    const [minute, month] = await Promise.all([
      RateLimits.consume(windows.minute, keyId),
      RateLimits.consume(monthLimiter, monthKey),
    ]);
    const { check, giveBack } = judge(limits, now, period, minute, month);
    // A refused request does not count against the month.
    if (giveBack) await monthLimiter.reward(monthKey, 1).catch(() => undefined);
    return check;
  }

  /**
   * forKey without a promise, when it can be: this process counts alone (no Redis) and the key's month is already
   * seeded. Null otherwise, and then forKey decides. The same windows and the same answer as forKey's.
   */
  forKeyNow(keyId: string, limits: PlanLimits, now = new Date()): LimitCheck | null {
    if (this.redis) return null;
    const period = periodOf(now);
    const monthKey = `${keyId}:${period}`;
    if (this.seeded.get(monthKey) !== true) return null;
    const windows = this.windowsOf(limits) as { minute: MemoryWindows; month: MemoryWindows };
    const { check, giveBack } = judge(
      limits,
      now,
      period,
      windows.minute.consumeNow(keyId),
      windows.month.consumeNow(monthKey),
    );
    if (giveBack) windows.month.rewardNow(monthKey, 1);
    return check;
  }

  async forIp(ip: string, now = new Date()): Promise<LimitCheck> {
    const points = this.options.anonymousPerMinute ?? 30;
    const { ok, res } = await RateLimits.consume(this.limiter('ip', points, MINUTE), ip);
    const resetAt = Math.floor(now.getTime() / 1000) + Math.ceil(res.msBeforeNext / 1000);
    return ok
      ? { allowed: true, limit: points, remaining: res.remainingPoints, resetAt, retryAfter: 0 }
      : refused(points, res, resetAt);
  }

  /**
   * A poll (GET of a job or batch, the account view): a per-minute window of its own, so that watching a job does
   * not spend the monthly quota (a free plan's tour polls). At least 60 a minute, one a second.
   */
  async forPoll(keyId: string, limits: PlanLimits, now = new Date()): Promise<LimitCheck> {
    return this.forWindow('poll', keyId, Math.max(60, limits.requestsPerMinute), MINUTE, now);
  }

  /** What a key has used of its windows, without using any. */
  async usedBy(keyId: string, limits: PlanLimits, now = new Date()): Promise<{ minute: number; month: number }> {
    const windows = this.windowsOf(limits);
    await this.seedMonth(windows.month, keyId, periodOf(now));
    const [minute, month] = await Promise.all([
      windows.minute.get(keyId),
      windows.month.get(`${keyId}:${periodOf(now)}`),
    ]);
    return { minute: minute?.consumedPoints ?? 0, month: month?.consumedPoints ?? 0 };
  }

  /**
   * A named window of its own (the portal's: mails per address, submissions per IP an hour). `key` must not be
   * personal data in clear: it ends up in Redis.
   */
  async forWindow(kind: string, key: string, points: number, seconds: number, now = new Date()): Promise<LimitCheck> {
    const { ok, res } = await RateLimits.consume(this.limiter(kind, points, seconds), key);
    const resetAt = Math.floor(now.getTime() / 1000) + Math.ceil(res.msBeforeNext / 1000);
    return ok
      ? { allowed: true, limit: points, remaining: res.remainingPoints, resetAt, retryAfter: 0 }
      : refused(points, res, resetAt);
  }

  /**
   * Resolves once Redis is connected (at once without Redis, or after `timeoutMs`): what is counted before that
   * goes to the in-process stand-in, so a count that must add up across calls waits for it.
   */
  async ready(timeoutMs = 5000): Promise<void> {
    const redis = this.redis;
    if (!redis || redis.status === 'ready') return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      redis.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  async close(): Promise<void> {
    if (this.redis) await this.redis.quit().catch(() => undefined);
  }
}
