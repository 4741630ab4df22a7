// The payload seal (issue 22): AES-256-GCM per payload, the key id in its metadata, the first key seals and all
// open (rotation), unsealed payloads pass through, a payload altered or sealed with an unknown key is refused.
import { randomBytes } from 'node:crypto';
import { defaultPayloadConverter } from '@temporalio/common';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../infra/config.js';
import { AesGcmPayloadCodec, ENCRYPTED_ENCODING, KEY_ID_METADATA, newPayloadKey, parsePayloadKeys, PayloadKeyError } from '../../infra/temporal/payload-codec.js';

const key = (id: string) => ({ id, key: randomBytes(32) });
const k1 = key('k1');
const k2 = key('k2');
const policy = { policy_number: 'AXK12345678', provider: 'AXA' };
const text = (bytes: Uint8Array | null | undefined) => Buffer.from(bytes ?? new Uint8Array()).toString('latin1');

describe('AesGcmPayloadCodec', () => {
  it('seals a payload so that neither its value nor its encoding shows, and opens it again', async () => {
    const codec = new AesGcmPayloadCodec([k1]);
    const plain = defaultPayloadConverter.toPayload(policy);
    const [sealed] = await codec.encode([plain]);
    expect(text(sealed!.metadata!.encoding)).toBe(ENCRYPTED_ENCODING);
    expect(text(sealed!.metadata![KEY_ID_METADATA])).toBe('k1');
    expect(text(sealed!.data)).not.toContain('AXK12345678');
    expect(text(sealed!.data)).not.toContain('json/plain');
    const [opened] = await codec.decode([sealed!]);
    expect(defaultPayloadConverter.fromPayload(opened!)).toEqual(policy);
  });

  it('seals the same value differently each time (a fresh nonce)', async () => {
    const codec = new AesGcmPayloadCodec([k1]);
    const plain = defaultPayloadConverter.toPayload(policy);
    const [a, b] = await codec.encode([plain, plain]);
    expect(Buffer.from(a!.data!).equals(Buffer.from(b!.data!))).toBe(false);
  });

  it('after a rotation seals with the new key and still opens what the old one sealed', async () => {
    const [old] = await new AesGcmPayloadCodec([k1]).encode([defaultPayloadConverter.toPayload(policy)]);
    const rotated = new AesGcmPayloadCodec([k2, k1]);
    const [fresh] = await rotated.encode([defaultPayloadConverter.toPayload(policy)]);
    expect(text(fresh!.metadata![KEY_ID_METADATA])).toBe('k2');
    const opened = await rotated.decode([old!, fresh!]);
    expect(opened.map((p) => defaultPayloadConverter.fromPayload(p))).toEqual([policy, policy]);
  });

  it('refuses a payload sealed with a key it does not hold, naming the key id', async () => {
    const [sealed] = await new AesGcmPayloadCodec([k2]).encode([defaultPayloadConverter.toPayload(policy)]);
    await expect(new AesGcmPayloadCodec([k1]).decode([sealed!])).rejects.toThrow(/key "k2"/);
  });

  it('refuses a payload whose ciphertext was altered', async () => {
    const codec = new AesGcmPayloadCodec([k1]);
    const [sealed] = await codec.encode([defaultPayloadConverter.toPayload(policy)]);
    const data = Buffer.from(sealed!.data!);
    data[20] = data[20]! ^ 1;
    await expect(codec.decode([{ ...sealed!, data }])).rejects.toThrow();
  });

  it('passes payloads that were never sealed through unchanged (histories from before the codec)', async () => {
    const plain = defaultPayloadConverter.toPayload(policy);
    const [opened] = await new AesGcmPayloadCodec([k1]).decode([plain]);
    expect(opened).toBe(plain);
  });
});

describe('TEMPORAL_PAYLOAD_KEYS', () => {
  it('reads id=base64 pairs, the first first', () => {
    const keys = parsePayloadKeys(`${newPayloadKey('2026-11')},${newPayloadKey('2026-05')}`);
    expect(keys.map((k) => k.id)).toEqual(['2026-11', '2026-05']);
    expect(keys.every((k) => k.key.length === 32)).toBe(true);
  });

  it.each([
    ['', /at least one/],
    ['k1', /id=base64/],
    [`k1=${randomBytes(16).toString('base64')}`, /32 bytes/],
    [`${newPayloadKey('k1')},${newPayloadKey('k1')}`, /distinct/],
    [`bad id=${randomBytes(32).toString('base64')}`, /id=base64/],
  ])('refuses %j', (value, message) => {
    expect(() => parsePayloadKeys(value)).toThrow(PayloadKeyError);
    expect(() => parsePayloadKeys(value)).toThrow(message);
  });

  it('is checked with the rest of the configuration, and the error does not print the key', () => {
    const secret = randomBytes(16).toString('base64');
    let message = '';
    try {
      loadConfig({ TEMPORAL_PAYLOAD_KEYS: `k1=${secret}` });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('TEMPORAL_PAYLOAD_KEYS');
    expect(message).not.toContain(secret);
  });
});
