import { hash } from 'node:crypto';

// The hash chain of a credits stream (issue 43), shared by the service that writes it and the verifier an auditor
// runs (bin/verify-ledger.ts): one definition of what is hashed, so the two cannot drift apart. Pure: hashing
// is computation, no I/O.
//
// Each event's link is SHA-256 over the UTF-8 bytes of the canonical JSON of
//   version 1: {"data": …, "prev": <previous link, hex>, "revision": n, "stream": "credits-…", "type": "…"}
//   version 2: the same and "recorded_at": <ISO time>, "version": 2
// written as lower-case hex. The first event's `prev` is GENESIS. Version 2 (issue 54) chains the time an event was
// recorded, which decides the month a statement counts it in: events written since carry it, older version 1 links
// keep verifying as they were written. docs/ledger-verification.md says the same.

/** The `prev` of a stream's first event: 64 zeros. */
export const GENESIS = '0'.repeat(64);

/** Where the chain rides on each credits event: `metadata.chain = { prev, hash }`. */
export const CHAIN_METADATA = 'chain';

/** The chain version new events are written with. */
export const CHAIN_VERSION = 2;

export interface ChainLink {
  prev: string;
  hash: string;
  /** 1: the link covers no time; 2: it covers `at`. */
  version: 1 | 2;
  /** Version 2: the time the event was recorded (ISO 8601, UTC), as hashed. */
  at?: string;
}

/**
 * Canonical JSON (RFC 8785, JCS) for the subset the ledger writes: null, booleans, finite numbers, strings,
 * arrays and plain objects. Members are sorted by their names' UTF-16 code units (JavaScript's default string
 * order, as JCS asks), undefined members are left out as JSON.stringify does, strings and numbers are written as
 * JSON.stringify writes them (which is JCS's serialisation of both). Anything outside the subset throws rather
 * than hash a value two implementations could write differently.
 */
export function canonicalJson(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError('canonical JSON: a number must be finite');
      return JSON.stringify(value);
    case 'string':
      return JSON.stringify(value);
    case 'object': {
      // Written by concatenation: every charge hashes its event, and the arrays and joins cost a third of it.
      if (Array.isArray(value)) {
        let out = '[';
        for (let i = 0; i < value.length; i++) {
          const item: unknown = value[i];
          out += (i > 0 ? ',' : '') + canonicalJson(item === undefined ? null : item);
        }
        return `${out}]`;
      }
      const proto = Object.getPrototypeOf(value) as unknown;
      if (proto !== Object.prototype && proto !== null) throw new TypeError('canonical JSON: only plain objects');
      const record = value as Record<string, unknown>;
      const names = Object.keys(record).sort();
      let out = '{';
      for (const name of names) {
        const member = record[name];
        if (member === undefined) continue;
        out += (out.length > 1 ? ',' : '') + JSON.stringify(name) + ':' + canonicalJson(member);
      }
      return `${out}}`;
    }
    default:
      throw new TypeError(`canonical JSON: cannot write a ${typeof value}`);
  }
}

/** What of an event the chain covers: its type, data, stream and revision, and from version 2 its time. */
export interface ChainedContent {
  stream: string;
  revision: number;
  type: string;
  data: unknown;
  /** Present: a version 2 link, which covers it. Absent: a version 1 link. */
  recorded_at?: string | undefined;
}

// One call, no Hash object: every charge hashes its event's link (crypto.hash, Node 20.12 and later).
export const sha256Hex = (text: string): string => hash('sha256', text, 'hex');

/**
 * The link of an event that follows `prev`. The object around the data is written as canonicalJson would write
 * it, its members already in their sorted order: a charge's hash without an object, a sort and a key list.
 */
export const linkOf = (prev: string, event: ChainedContent): string => {
  // canonicalJson leaves an undefined member out: so does this.
  const data = event.data === undefined ? '' : `"data":${canonicalJson(event.data)},`;
  const time = event.recorded_at === undefined ? '' : `"recorded_at":${JSON.stringify(event.recorded_at)},`;
  const stream = JSON.stringify(event.stream);
  const type = JSON.stringify(event.type);
  const place = `"revision":${canonicalJson(event.revision)},"stream":${stream},"type":${type}`;
  const version = event.recorded_at === undefined ? '' : ',"version":2';
  return sha256Hex(`{${data}"prev":${JSON.stringify(prev)},${time}${place}${version}}`);
};

/** A recorded time as version 2 links write it: ISO 8601 with milliseconds, UTC (`Date.prototype.toISOString`). */
export const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const HEX64 = /^[0-9a-f]{64}$/;

/** The chain link an event's metadata carries, or null when it carries none (written before the chain). */
export function chainOf(metadata: unknown): ChainLink | null {
  const link = (metadata as Record<string, unknown> | null | undefined)?.[CHAIN_METADATA] as
    (Omit<Partial<ChainLink>, 'version'> & { version?: unknown }) | undefined;
  if (
    !link ||
    typeof link.prev !== 'string' ||
    typeof link.hash !== 'string' ||
    !HEX64.test(link.prev) ||
    !HEX64.test(link.hash)
  )
    return null;
  if (link.version === undefined || link.version === 1) return { prev: link.prev, hash: link.hash, version: 1 };
  // A version this code does not know, or a version 2 link without its time, is no link it can check.
  if (link.version !== 2 || typeof link.at !== 'string' || !ISO_TIME.test(link.at)) return null;
  return { prev: link.prev, hash: link.hash, version: 2, at: link.at };
}
