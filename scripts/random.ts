// A small seeded generator (mulberry32) for what the project generates rather than types by hand (the sample
// registry records under data/, the extraction test corpus): the same output on every machine and run.
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** 0 <= n < 1 */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** min <= n <= max */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  digits(n: number): string {
    let out = String(this.int(1, 9));
    while (out.length < n) out += String(this.int(0, 9));
    return out;
  }

  letters(n: number, alphabet = 'ABCDEFGHJKLMNPRSTUVWXYZ'): string {
    let out = '';
    while (out.length < n) out += alphabet[this.int(0, alphabet.length - 1)];
    return out;
  }

  /** Roughly normal, mean 0, deviation 1 (sum of uniforms). */
  gaussian(): number {
    return this.next() + this.next() + this.next() + this.next() - 2;
  }

  /** Drawn in proportion to `weight`. */
  weighted<T extends { weight: number }>(items: readonly T[]): T {
    const total = items.reduce((sum, item) => sum + item.weight, 0);
    let x = this.next() * total;
    for (const item of items) if ((x -= item.weight) < 0) return item;
    return items[items.length - 1]!;
  }

  /** A day from `from` to `to` (YYYY-MM-DD, both included). */
  date(from: string, to: string): string {
    const a = Date.parse(`${from}T00:00:00Z`);
    const b = Date.parse(`${to}T00:00:00Z`);
    return new Date(a + Math.floor(this.next() * ((b - a) / 86_400_000 + 1)) * 86_400_000).toISOString().slice(0, 10);
  }
}
