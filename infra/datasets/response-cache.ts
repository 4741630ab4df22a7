import { createHash } from 'node:crypto';

/** A response body ready to send, with its Content-Type and the strong ETag of exactly those bytes. */
export interface CachedBody {
  body: Buffer;
  etag: string;
  type: string;
}

const etagOf = (body: Buffer) => `"${createHash('sha1').update(body).digest('base64url')}"`;

export function jsonBody(value: unknown): CachedBody {
  const body = Buffer.from(JSON.stringify(value));
  return { body, etag: etagOf(body), type: 'application/json; charset=utf-8' };
}

/** CSV text; `header=present` tells a reader the first row names the columns (RFC 4180). */
export function csvBody(text: string): CachedBody {
  const body = Buffer.from(text);
  return { body, etag: etagOf(body), type: 'text/csv; charset=utf-8; header=present' };
}

/**
 * Serialised responses kept for `ttlMs`. Series and previews change when a dataset refreshes (daily at most) but
 * are read constantly; serving them from memory makes a request cost about what a static JSON route costs. The
 * TTL bounds how long an API process that did not run the refresh itself (a separate worker) serves the old
 * series. At most `maxEntries` are kept, least recently used out first; concurrent misses for one key share a
 * single build; a build returning null (unknown dataset) is not kept.
 */
export class ResponseCache {
  private readonly entries = new Map<string, { value: CachedBody; expires: number }>();
  private readonly building = new Map<string, Promise<CachedBody | null>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
    private readonly clock: () => number = Date.now,
  ) {}

  async get(key: string, build: () => Promise<CachedBody | null>): Promise<CachedBody | null> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > this.clock()) {
      // Re-insert to mark it most recently used (a Map keeps insertion order).
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    const pending = this.building.get(key);
    if (pending) return pending;
    const promise = build()
      .then((value) => {
        if (value && this.ttlMs > 0) this.store(key, value);
        return value;
      })
      .finally(() => this.building.delete(key));
    this.building.set(key, promise);
    return promise;
  }

  clear(): void {
    this.entries.clear();
  }

  private store(key: string, value: CachedBody): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expires: this.clock() + this.ttlMs });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }
}

/** True when an If-None-Match header names this ETag (weak or strong) or is "*". */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}
