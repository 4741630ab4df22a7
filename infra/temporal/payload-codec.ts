// Workflow histories hold policy numbers, providers, webhook URLs and document text (DESIGN §13): every payload
// the client and the worker hand to Temporal is sealed with AES-256-GCM first, so the server and anyone reading its
// database see ciphertext. Operators read histories through the codec server (api/admin/codec.ts).
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { DataConverter, Payload, PayloadCodec } from '@temporalio/common';
import protos from '@temporalio/proto';

const ProtoPayload = protos.temporal.api.common.v1.Payload;

export const ENCRYPTED_ENCODING = 'binary/encrypted';
/** Metadata naming the key a payload was sealed with, so that old histories decode after a rotation. */
export const KEY_ID_METADATA = 'encryption-key-id';

const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
const KEY_ID = /^[A-Za-z0-9_.-]{1,64}$/;

export interface PayloadKey {
  id: string;
  key: Buffer;
}

export class PayloadKeyError extends Error {}

const utf8 = new TextEncoder();
const text = new TextDecoder();

/**
 * `TEMPORAL_PAYLOAD_KEYS`: `id=base64,id=base64`, the first seals, every one opens. Throws PayloadKeyError naming
 * what is wrong (never the key).
 */
export function parsePayloadKeys(value: string): PayloadKey[] {
  const keys = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const at = entry.indexOf('=');
      const id = at > 0 ? entry.slice(0, at) : '';
      if (!KEY_ID.test(id)) throw new PayloadKeyError('each entry must be id=base64 with an id of letters, digits, "_", "-" or "."');
      const key = Buffer.from(entry.slice(at + 1), 'base64');
      if (key.length !== KEY_BYTES) throw new PayloadKeyError(`key ${id} must be ${KEY_BYTES} bytes (base64 of 32 random bytes)`);
      return { id, key };
    });
  if (keys.length === 0) throw new PayloadKeyError('at least one id=base64 key is needed');
  if (new Set(keys.map((k) => k.id)).size !== keys.length) throw new PayloadKeyError('key ids must be distinct');
  return keys;
}

/** A new key entry for TEMPORAL_PAYLOAD_KEYS. */
export const newPayloadKey = (id: string): string => `${id}=${randomBytes(KEY_BYTES).toString('base64')}`;

/** The keys as TEMPORAL_PAYLOAD_KEYS spells them: for processes that must share them. */
export const formatPayloadKeys = (keys: readonly PayloadKey[]): string => keys.map((k) => `${k.id}=${k.key.toString('base64')}`).join(',');

export class AesGcmPayloadCodec implements PayloadCodec {
  private readonly sealing: PayloadKey;
  private readonly byId: Map<string, Buffer>;

  constructor(keys: readonly PayloadKey[]) {
    if (keys.length === 0) throw new PayloadKeyError('at least one key is needed');
    this.sealing = keys[0]!;
    this.byId = new Map(keys.map((k) => [k.id, k.key]));
  }

  async encode(payloads: Payload[]): Promise<Payload[]> {
    return payloads.map((payload) => this.seal(payload));
  }

  async decode(payloads: Payload[]): Promise<Payload[]> {
    return payloads.map((payload) => this.open(payload));
  }

  private seal(payload: Payload): Payload {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.sealing.key, iv);
    const plain = ProtoPayload.encode(payload).finish();
    const sealed = Buffer.concat([iv, cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
    return {
      metadata: { encoding: utf8.encode(ENCRYPTED_ENCODING), [KEY_ID_METADATA]: utf8.encode(this.sealing.id) },
      data: sealed,
    };
  }

  private open(payload: Payload): Payload {
    const encoding = payload.metadata?.encoding;
    // Payloads written before the codec (or by a client without it) stay readable as they are.
    if (!encoding || text.decode(encoding) !== ENCRYPTED_ENCODING) return payload;
    const idBytes = payload.metadata?.[KEY_ID_METADATA];
    const id = idBytes ? text.decode(idBytes) : '';
    const key = this.byId.get(id);
    if (!key) throw new PayloadKeyError(`payload sealed with key "${id}", which TEMPORAL_PAYLOAD_KEYS does not hold`);
    const data = Buffer.from(payload.data ?? new Uint8Array());
    if (data.length < IV_BYTES + TAG_BYTES) throw new PayloadKeyError('sealed payload is too short');
    const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(0, IV_BYTES));
    decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
    const plain = Buffer.concat([decipher.update(data.subarray(IV_BYTES, data.length - TAG_BYTES)), decipher.final()]);
    return ProtoPayload.decode(plain);
  }
}

/** The data converter of every client and worker of the service: the default converters, then the seal. */
export const sealedDataConverter = (keys: readonly PayloadKey[]): DataConverter => ({ payloadCodecs: [new AesGcmPayloadCodec(keys)] });
