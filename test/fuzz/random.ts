// A small seeded generator: every fuzz case is drawn from its own stream, seeded by the run's seed and the case's
// index, so that one case can be replayed alone (FUZZ_SEED=… FUZZ_CASE=…) and means the same request every time.

/** mulberry32: 32 bits of state, good enough to pick inputs and fast. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** The generator of case `index` of the run seeded `seed`. */
  static forCase(seed: number, index: number): Random {
    // splitmix-style mixing, so neighbouring indexes give unrelated streams.
    let h = (seed ^ Math.imul(index + 1, 0x9e3779b9)) >>> 0;
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
    return new Random((h ^ (h >>> 16)) >>> 0);
  }

  /** A float in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** One of the entries, chosen with probability proportional to its weight. */
  weighted<T>(entries: readonly (readonly [number, T])[]): T {
    const total = entries.reduce((sum, [weight]) => sum + weight, 0);
    let at = this.next() * total;
    for (const [weight, value] of entries) {
      if (at < weight) return value;
      at -= weight;
    }
    return entries[entries.length - 1]![1];
  }
}
