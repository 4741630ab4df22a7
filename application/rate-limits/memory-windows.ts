import { RateLimiterRes } from 'rate-limiter-flexible';

/**
 * Fixed windows counted in this process's memory, as rate-limiter-flexible's RateLimiterMemory counts them: a
 * key's window opens at its first point and lasts `durationSec` (0: it never ends), and a consume past `points`
 * rejects with the window's state. What it adds is `consumeNow`, the same count answered without a promise: the
 * key gate of a process without Redis decides a call's limits with no microtask (api/middleware/key-gate.ts).
 * Ended windows are swept once a minute rather than each by a timer of its own.
 */
export class MemoryWindows {
  private readonly windows = new Map<string, { value: number; endsAt: number }>();

  constructor(
    readonly points: number,
    private readonly durationSec: number,
    private readonly now: () => number = Date.now,
  ) {
    if (durationSec > 0) {
      setInterval(() => {
        const at = this.now();
        for (const [key, window] of this.windows) if (window.endsAt <= at) this.windows.delete(key);
      }, 60_000).unref();
    }
  }

  private res(value: number, endsAt: number, at: number, first: boolean): RateLimiterRes {
    return new RateLimiterRes(Math.max(this.points - value, 0), endsAt === Infinity ? -1 : endsAt - at, value, first);
  }

  /** Adds `points` to the key's window (a new one when it has ended): allowed while it holds at most `points`. */
  consumeNow(key: string, points = 1): { ok: boolean; res: RateLimiterRes } {
    const res = this.add(key, points);
    return { ok: res.consumedPoints <= this.points, res };
  }

  private add(key: string, points: number): RateLimiterRes {
    const at = this.now();
    const window = this.windows.get(key);
    if (window && window.endsAt > at) {
      window.value += points;
      return this.res(window.value, window.endsAt, at, false);
    }
    return this.put(key, points, this.durationSec, at);
  }

  private put(key: string, value: number, durationSec: number, at: number): RateLimiterRes {
    const endsAt = durationSec > 0 ? at + durationSec * 1000 : Infinity;
    this.windows.set(key, { value, endsAt });
    return this.res(value, endsAt, at, true);
  }

  consume(key: string | number, points = 1): Promise<RateLimiterRes> {
    const { ok, res } = this.consumeNow(String(key), points);
    return ok ? Promise.resolve(res) : Promise.reject(res);
  }

  get(key: string | number): Promise<RateLimiterRes | null> {
    const at = this.now();
    const window = this.windows.get(String(key));
    return Promise.resolve(window && window.endsAt > at ? this.res(window.value, window.endsAt, at, false) : null);
  }

  set(key: string | number, points: number, secDuration: number): Promise<RateLimiterRes> {
    return Promise.resolve(this.put(String(key), points, secDuration, this.now()));
  }

  /** Takes points back (a refused call does not count against the month). */
  rewardNow(key: string, points = 1): RateLimiterRes {
    return this.add(key, -points);
  }

  reward(key: string | number, points = 1): Promise<RateLimiterRes> {
    return Promise.resolve(this.rewardNow(String(key), points));
  }
}
