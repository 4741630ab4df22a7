import { createHash } from 'node:crypto';

// The hash chain of a credits stream (issue 43), shared by the service that writes it and the verifier an auditor
// runs (bin/verify-ledger.ts): one definition of what is hashed, so the two cannot drift apart. Pure: hashing
// is computation, no I/O.
//
// Each event's link is SHA-256 over the UTF-8 bytes of the canonical JSON of
//   {"data": …, "prev": <previous link, hex>, "revision": n, "stream": "credits-…", "type": "…"}
// written as lower-case hex. The first event's `prev` is GENESIS. docs/ledger-verification.md says the same.

/** The `prev` of a stream's first event: 64 zeros. */
export const GENESIS = '0'.repeat(64);

/** Where the chain rides on each credits event: `metadata.chain = { prev, hash }`. */
export const CHAIN_METADATA = 'chain';

export interface ChainLink {
  prev: string;
  hash: string;
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
      if (Array.isArray(value))
        return `[${value.map((item) => canonicalJson(item === undefined ? null : item)).join(',')}]`;
      const proto = Object.getPrototypeOf(value) as unknown;
      if (proto !== Object.prototype && proto !== null) throw new TypeError('canonical JSON: only plain objects');
      const record = value as Record<string, unknown>;
      const members: string[] = [];
      for (const name of Object.keys(record).sort()) {
        if (record[name] === undefined) continue;
        members.push(`${JSON.stringify(name)}:${canonicalJson(record[name])}`);
      }
      return `{${members.join(',')}}`;
    }
    default:
      throw new TypeError(`canonical JSON: cannot write a ${typeof value}`);
  }
}

/** What of an event the chain covers: its type, data, stream and revision. */
export interface ChainedContent {
  stream: string;
  revision: number;
  type: string;
  data: unknown;
}

export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** The link of an event that follows `prev`. */
export const linkOf = (prev: string, event: ChainedContent): string =>
  sha256Hex(
    canonicalJson({ data: event.data, prev, revision: event.revision, stream: event.stream, type: event.type }),
  );

const HEX64 = /^[0-9a-f]{64}$/;

/** The chain link an event's metadata carries, or null when it carries none (written before the chain). */
export function chainOf(metadata: unknown): ChainLink | null {
  const link = (metadata as Record<string, unknown> | null | undefined)?.[CHAIN_METADATA] as
    Partial<ChainLink> | undefined;
  if (
    !link ||
    typeof link.prev !== 'string' ||
    typeof link.hash !== 'string' ||
    !HEX64.test(link.prev) ||
    !HEX64.test(link.hash)
  )
    return null;
  return { prev: link.prev, hash: link.hash };
}
