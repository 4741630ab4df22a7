// The payload seal (issue 22): AES-256-GCM per payload, the key id in its metadata, the first key seals and all
// open (rotation), unsealed payloads pass through, a payload altered or sealed with an unknown key is refused.
// Per-stream keys (issue 39 item 2): a job's or batch's workflow is sealed under that stream's data key, named in
// the metadata; once the key is shredded the worker's decode stops and the codec server's shows it erased.
import { randomBytes } from 'node:crypto';
import { defaultPayloadConverter, type SerializationContext } from '@temporalio/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../infra/config.js';
import type { DataKeys } from '../../infra/eventstore/data-keys.js';
import {
  AesGcmPayloadCodec,
  ENCRYPTED_ENCODING,
  KEY_ID_METADATA,
  newPayloadKey,
  parsePayloadKeys,
  PayloadErasedError,
  PayloadKeyError,
} from '../../infra/temporal/payload-codec.js';
import { memoryDataKeys } from '../support/data-keys.js';

let dataKeys: DataKeys;
let closeKeys: () => Promise<void>;
beforeAll(async () => {
  ({ keys: dataKeys, close: closeKeys } = await memoryDataKeys());
});
afterAll(() => closeKeys());

const key = (id: string) => ({ id, key: randomBytes(32) });
const k1 = key('k1');
const k2 = key('k2');
const policy = { policy_number: 'AXK12345678', provider: 'AXA' };
const text = (bytes: Uint8Array | null | undefined) => Buffer.from(bytes ?? new Uint8Array()).toString('latin1');

describe('AesGcmPayloadCodec', () => {
  it('seals a payload so that neither its value nor its encoding shows, and opens it again', async () => {
    const codec = new AesGcmPayloadCodec([k1], dataKeys);
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
    const codec = new AesGcmPayloadCodec([k1], dataKeys);
    const plain = defaultPayloadConverter.toPayload(policy);
    const [a, b] = await codec.encode([plain, plain]);
    expect(Buffer.from(a!.data!).equals(Buffer.from(b!.data!))).toBe(false);
  });

  it('after a rotation seals with the new key and still opens what the old one sealed', async () => {
    const [old] = await new AesGcmPayloadCodec([k1], dataKeys).encode([defaultPayloadConverter.toPayload(policy)]);
    const rotated = new AesGcmPayloadCodec([k2, k1], dataKeys);
    const [fresh] = await rotated.encode([defaultPayloadConverter.toPayload(policy)]);
    expect(text(fresh!.metadata![KEY_ID_METADATA])).toBe('k2');
    const opened = await rotated.decode([old!, fresh!]);
    expect(opened.map((p) => defaultPayloadConverter.fromPayload(p))).toEqual([policy, policy]);
  });

  it('refuses a payload sealed with a key it does not hold, naming the key id', async () => {
    const [sealed] = await new AesGcmPayloadCodec([k2], dataKeys).encode([defaultPayloadConverter.toPayload(policy)]);
    await expect(new AesGcmPayloadCodec([k1], dataKeys).decode([sealed!])).rejects.toThrow(/key "k2"/);
  });

  it('refuses a payload whose ciphertext was altered', async () => {
    const codec = new AesGcmPayloadCodec([k1], dataKeys);
    const [sealed] = await codec.encode([defaultPayloadConverter.toPayload(policy)]);
    const data = Buffer.from(sealed!.data!);
    data[20] = data[20]! ^ 1;
    await expect(codec.decode([{ ...sealed!, data }])).rejects.toThrow();
  });

  it('passes payloads that were never sealed through unchanged (histories from before the codec)', async () => {
    const plain = defaultPayloadConverter.toPayload(policy);
    const [opened] = await new AesGcmPayloadCodec([k1], dataKeys).decode([plain]);
    expect(opened).toBe(plain);
  });
});

describe('per-stream payload keys', () => {
  const workflow = (workflowId: string): SerializationContext => ({
    type: 'workflow',
    namespace: 'default',
    workflowId,
  });
  const activity = (workflowId: string): SerializationContext => ({
    type: 'activity',
    namespace: 'default',
    workflowId,
    activityId: '1',
    isLocal: false,
  });
  const jobId = () => `job_${randomBytes(6).toString('hex')}`;
  const keyIdOf = (payload: { metadata?: Record<string, Uint8Array | null> | null } | undefined) =>
    text(payload!.metadata![KEY_ID_METADATA]);

  it.each([
    ['verification-', 'job-', workflow],
    ['extraction-', 'job-', workflow],
    ['webhook-resend-', 'job-', workflow],
    ['batch-', 'batch-', workflow],
    ['verification-', 'job-', activity],
  ])(
    'seals a %s workflow (context: %s… ) under the data key of its %s stream',
    async (workflowPrefix, streamPrefix, context) => {
      const id = jobId();
      const codec = new AesGcmPayloadCodec([k1], dataKeys);
      const [sealed] = await codec.encode(
        [defaultPayloadConverter.toPayload(policy)],
        context(`${workflowPrefix}${id}`),
      );
      expect(keyIdOf(sealed)).toBe(`stream:${streamPrefix}${id}`);
      expect(text(sealed!.data)).not.toContain('AXK12345678');
      // Not the global key: a codec holding only k1 and no stream keys of its own cannot open it.
      const [opened] = await codec.decode([sealed!]);
      expect(defaultPayloadConverter.fromPayload(opened!)).toEqual(policy);
      const key = (await dataKeys.keysOf([`${streamPrefix}${id}`])).get(`${streamPrefix}${id}`);
      expect(Buffer.isBuffer(key)).toBe(true);
    },
  );

  it.each([
    undefined,
    'dataset-refresh-uk',
    'retention',
    'key-expiry-key_1',
    'portal-mail-m1',
    'test-1234-verification-job_1',
  ])('seals a workflow that holds nothing personal (%s) under the global key', async (workflowId) => {
    const [sealed] = await new AesGcmPayloadCodec([k1], dataKeys).encode(
      [defaultPayloadConverter.toPayload(policy)],
      workflowId ? workflow(workflowId) : undefined,
    );
    expect(keyIdOf(sealed)).toBe('k1');
  });

  it('once the stream is shredded: the worker and client refuse it, the codec server shows it erased beside the rest', async () => {
    const id = jobId();
    const codec = new AesGcmPayloadCodec([k1], dataKeys);
    const [personal] = await codec.encode([defaultPayloadConverter.toPayload(policy)], workflow(`verification-${id}`));
    const [impersonal] = await codec.encode([defaultPayloadConverter.toPayload('complete')]);
    await dataKeys.shred([`job-${id}`]);
    await expect(codec.decode([personal!])).rejects.toBeInstanceOf(PayloadErasedError);
    const shown = await codec.displayable([personal!, impersonal!]);
    expect(shown.map((p) => defaultPayloadConverter.fromPayload(p))).toEqual([
      { erased: true, stream: `job-${id}` },
      'complete',
    ]);
    expect(text(shown[0]!.metadata!.encoding)).toBe('json/plain');
  });

  it('does not open a payload whose key id was changed to another stream, even one whose key exists', async () => {
    const [a, b] = [jobId(), jobId()];
    const codec = new AesGcmPayloadCodec([k1], dataKeys);
    const [sealed] = await codec.encode([defaultPayloadConverter.toPayload(policy)], workflow(`verification-${a}`));
    await codec.encode([defaultPayloadConverter.toPayload(policy)], workflow(`verification-${b}`));
    const moved = { ...sealed!, metadata: { ...sealed!.metadata, [KEY_ID_METADATA]: Buffer.from(`stream:job-${b}`) } };
    await expect(codec.decode([moved])).rejects.toThrow();
  });

  it('looks the keys of a page of payloads up once, whatever their number', async () => {
    const ids = [jobId(), jobId()];
    const codec = new AesGcmPayloadCodec([k1], dataKeys);
    const sealed = (
      await Promise.all(
        ids.map((id) =>
          codec.encode(
            [defaultPayloadConverter.toPayload(policy), defaultPayloadConverter.toPayload(id)],
            workflow(`batch-${id}`),
          ),
        ),
      )
    ).flat();
    const asked: string[][] = [];
    const counting = {
      keyFor: dataKeys.keyFor.bind(dataKeys),
      keysOf: (streams: readonly string[]) => (asked.push([...streams]), dataKeys.keysOf(streams)),
    };
    const opened = await new AesGcmPayloadCodec([k1], counting).decode(sealed);
    expect(opened.map((p) => defaultPayloadConverter.fromPayload(p))).toEqual([policy, ids[0], policy, ids[1]]);
    expect(asked).toHaveLength(1);
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
