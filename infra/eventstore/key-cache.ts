// The data keys a process has read (infra/eventstore/data-keys.ts), kept a short while so that a page of events
// or a history's payloads costs no round trip per stream. A shred anywhere empties every process's cache at once
// (DataKeys.follow); the age limit is the bound left for a process that missed the notification.

/** How long a key read is trusted without hearing of shreds (a lost notification connection). */
const CACHE_MS = 30_000;
const CACHE_ENTRIES = 10_000;

interface Cached {
  key: Buffer | null;
  at: number;
}

export class KeyCache {
  private readonly entries = new Map<string, Cached>();
  /** Counts the clears: a key read before one must not be remembered after it. */
  private clears = 0;

  constructor(private readonly now: () => number) {}

  /** The stream's key (null: shredded) while fresh; undefined when not cached. */
  get(stream: string): Buffer | null | undefined {
    const hit = this.entries.get(stream);
    return hit && this.now() - hit.at < CACHE_MS ? hit.key : undefined;
  }

  /** A mark to hand to `set`: a clear between the two leaves the key read before it out of the cache. */
  mark(): number {
    return this.clears;
  }

  /** Keeps a copy of the key and answers it (the key itself when a clear came after `mark`). */
  set(stream: string, key: Buffer | null, mark = this.clears): Buffer | null {
    if (mark !== this.clears) return key;
    this.entries.delete(stream);
    // A key of its own (allocUnsafeSlow never takes from the shared pool): a 32-byte slice of Node's 8 KB pool would
    // keep the whole block alive for as long as it is cached (issue 40, memory that crept 2.5 MB a minute).
    const own = key ? Buffer.allocUnsafeSlow(key.length) : null;
    if (key && own) key.copy(own);
    this.entries.set(stream, { key: own, at: this.now() });
    if (this.entries.size > CACHE_ENTRIES) this.evictOldest();
    return own;
  }

  delete(stream: string): void {
    this.entries.delete(stream);
  }

  clear(): void {
    this.clears += 1;
    this.entries.clear();
  }

  /**
   * Drops the oldest tenth at once: dropping one entry per insertion walks past every entry deleted before it
   * each time (a Map keeps their slots until it shrinks), which a rebuild's stream after stream made quadratic.
   */
  private evictOldest(): void {
    let drop = Math.ceil(CACHE_ENTRIES / 10);
    for (const stream of this.entries.keys()) {
      if (drop-- <= 0) break;
      this.entries.delete(stream);
    }
  }
}
