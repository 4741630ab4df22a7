import { createHmac, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { Event } from '../streams.js';
import { KEY_MODES, type KeyMode } from '../vocabulary.js';

export { KEY_MODES, type KeyMode };

// Keys are `pk_live_` or `pk_test_`, 32 random base62 characters, and a 6-character base62 CRC32 checksum of
// everything before it: a typo is refused without a database look-up, and secret scanners can recognise our
// keys. Only a keyed hash (HMAC-SHA256 with the server's pepper) is ever stored.

export const SCOPES = ['verify', 'jobs', 'batches', 'documents'] as const;
export type Scope = (typeof SCOPES)[number];

/** Facts about an account's keys, on the account's stream (domain/accounts/account.ts decides them). */
export type KeyEvent =
  /** token_hash: the portal link that activated it, if one did (the link is then used); name: its owner's label. */
  | Event<
      'KeyActivated',
      {
        key_id: string;
        key_hash: string;
        prefix: string;
        last4: string;
        mode: KeyMode;
        scopes: Scope[];
        token_hash?: string;
        name?: string;
      }
    >
  | Event<'KeyRevoked', { key_id: string }>
  /** A key never used within its grace period (free plan), or otherwise retired by the service, not the user. */
  | Event<'KeyDeactivated', { key_id: string; reason: string }>
  /** A key asked for on the portal, activated by the e-mailed link whose token hashes to token_hash. */
  | Event<'KeyRequested', { key_id: string; mode: KeyMode; token_hash: string; expires_at: string }>;

export const KEY_EVENT_TYPES = [
  'KeyActivated',
  'KeyRevoked',
  'KeyDeactivated',
  'KeyRequested',
] as const satisfies readonly KeyEvent['type'][];

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const BODY_LENGTH = 32;
const CHECKSUM_LENGTH = 6;
const KEY_PATTERN = /^pk_(live|test)_([0-9A-Za-z]{32})([0-9A-Za-z]{6})$/;

function base62(value: number, length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1) {
    out = ALPHABET[value % 62] + out;
    value = Math.floor(value / 62);
  }
  return out;
}

/** Random base62 characters from random bytes (rejection sampling keeps them uniform). */
export function randomBase62(bytes: Uint8Array, length: number): string {
  let out = '';
  for (const byte of bytes) {
    if (byte < 248) out += ALPHABET[byte % 62];
    if (out.length === length) return out;
  }
  throw new Error('not enough random bytes');
}

const checksum = (text: string) => base62(crc32(text), CHECKSUM_LENGTH);

/** A new key from random bytes (at least 48). */
export function formatKey(mode: KeyMode, random: Uint8Array): string {
  const head = `pk_${mode}_${randomBase62(random, BODY_LENGTH)}`;
  return head + checksum(head);
}

export type ParsedKey = { ok: true; mode: KeyMode } | { ok: false; reason: 'not_a_key' | 'bad_checksum' };

/** Tells a key of ours (right prefix, shape and checksum) from anything else, without a look-up. */
export function parseKey(token: string): ParsedKey {
  if (!token.startsWith('pk_live_') && !token.startsWith('pk_test_')) return { ok: false, reason: 'not_a_key' };
  const match = KEY_PATTERN.exec(token);
  if (!match) return { ok: false, reason: 'bad_checksum' };
  const head = token.slice(0, token.length - CHECKSUM_LENGTH);
  return checksum(head) === match[3] ? { ok: true, mode: match[1] as KeyMode } : { ok: false, reason: 'bad_checksum' };
}

export const hashKey = (key: string, pepper: string): string => createHmac('sha256', pepper).update(key).digest('hex');

/** What an e-mail address is looked up by: its keyed hash, the same for any spelling of its case. */
export const addressHash = (email: string, pepper: string): string =>
  hashKey(`address:${email.trim().toLowerCase()}`, pepper);

/** What may be shown of a key after it was handed out once. */
export const keyDisplay = (key: string) => ({ prefix: key.slice(0, 8), last4: key.slice(-4) });

export const sameSecret = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

export { BODY_LENGTH as KEY_BODY_LENGTH };
