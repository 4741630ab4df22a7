import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { formatKey, hashKey, keyDisplay, parseKey } from '../../domain/accounts/keys.js';

describe('API key format', () => {
  it('is pk_live_ or pk_test_, 32 base62 characters and a 6-character checksum', () => {
    const live = formatKey('live', randomBytes(64));
    const test = formatKey('test', randomBytes(64));
    expect(live).toMatch(/^pk_live_[0-9A-Za-z]{38}$/);
    expect(test).toMatch(/^pk_test_[0-9A-Za-z]{38}$/);
    expect(parseKey(live)).toEqual({ ok: true, mode: 'live' });
    expect(parseKey(test)).toEqual({ ok: true, mode: 'test' });
  });

  it('refuses a typo through the checksum, and tells foreign tokens apart', () => {
    const key = formatKey('live', randomBytes(64));
    const last = key.at(-10)!;
    const typo = key.slice(0, -10) + (last === 'a' ? 'b' : 'a') + key.slice(-9);
    expect(parseKey(typo)).toEqual({ ok: false, reason: 'bad_checksum' });
    expect(parseKey(key.slice(0, -1))).toEqual({ ok: false, reason: 'bad_checksum' });
    expect(parseKey('sk_live_abc')).toEqual({ ok: false, reason: 'not_a_key' });
    expect(parseKey('pk_prod_' + key.slice(8))).toEqual({ ok: false, reason: 'not_a_key' });
  });

  it('stores a keyed hash that depends on the pepper, and shows only prefix and last four', () => {
    const key = formatKey('test', randomBytes(64));
    expect(hashKey(key, 'pepper-one-0123456789')).not.toBe(hashKey(key, 'pepper-two-0123456789'));
    expect(hashKey(key, 'pepper-one-0123456789')).toMatch(/^[0-9a-f]{64}$/);
    expect(keyDisplay(key)).toEqual({ prefix: 'pk_test_', last4: key.slice(-4) });
  });

  it('spreads random characters over the whole alphabet', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i += 1) for (const c of formatKey('live', randomBytes(64)).slice(8, 40)) seen.add(c);
    expect(seen.size).toBe(62);
  });
});
