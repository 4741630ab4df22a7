// Workflow histories hold policy numbers, providers, webhook URLs and document text (docs/architecture.md#personal-data): every payload
// the client and the worker hand to Temporal is sealed with AES-256-GCM first, failures' messages and stacks among
// them (./failure-converter.cjs), so the server and anyone reading its database see ciphertext. Operators read histories through the codec server (api/admin/codec.ts).
//
// A workflow that holds personal data is sealed under the data key of the job or batch it belongs to
// (contracts/personal-streams.ts), so that shredding that key (retention) erases the workflow's history as it
// erases the stream's events. The SDK tells the codec which workflow a payload belongs to
// (its SerializationContext: the client's calls, the worker's activations and completions, activity tasks); the
// payload's metadata names the key (`stream:job-…`), so the codec server, which is told nothing, finds it again.
// Everything else, and every payload sealed before per-stream keys, is under the global keys
// (TEMPORAL_PAYLOAD_KEYS).
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { DataConverter, Payload, PayloadCodec, SerializationContext } from '@temporalio/common';
import protos from '@temporalio/proto';
import { personalStreamOf } from '../../contracts/personal-streams.js';
import type { DataKeys } from '../eventstore/data-keys.js';
import { UnreadableKeyError } from '../eventstore/data-keys.js';

const ProtoPayload = protos.temporal.api.common.v1.Payload;

export const ENCRYPTED_ENCODING = 'binary/encrypted';
/** Metadata naming the key a payload was sealed with, so that old histories decode after a rotation. */
export const KEY_ID_METADATA = 'encryption-key-id';
/** A key id of this form names a stream's data key; global key ids cannot hold the colon. */
const STREAM_KEY_ID = /^stream:(.{1,200})$/s;

const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
const KEY_ID = /^[A-Za-z0-9_.-]{1,64}$/;

export interface PayloadKey {
  id: string;
  key: Buffer;
}

export class PayloadKeyError extends Error {}

/**
 * A payload whose stream's data key was deleted. The worker and the client stop on it (a workflow never runs on
 * made-up input); the codec server shows it as erased (`displayable`).
 */
export class PayloadErasedError extends PayloadKeyError {
  constructor(readonly stream: string) {
    super(`the payload was sealed with the data key of ${stream}, which has been deleted: its content is erased`);
    this.name = 'PayloadErasedError';
  }
}

/** What the codec server answers for an erased payload: JSON the Temporal UI shows as it is. */
const erasedPayload = (stream: string): Payload => ({
  metadata: { encoding: utf8.encode('json/plain') },
  data: utf8.encode(JSON.stringify({ erased: true, stream })),
});

/** The data keys the codec seals personal workflows with (infra/eventstore/data-keys.ts). */
export type StreamKeys = Pick<DataKeys, 'keyFor' | 'keysOf'>;

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
      if (!KEY_ID.test(id))
        throw new PayloadKeyError('each entry must be id=base64 with an id of letters, digits, "_", "-" or "."');
      const key = Buffer.from(entry.slice(at + 1), 'base64');
      if (key.length !== KEY_BYTES)
        throw new PayloadKeyError(`key ${id} must be ${KEY_BYTES} bytes (base64 of 32 random bytes)`);
      return { id, key };
    });
  if (keys.length === 0) throw new PayloadKeyError('at least one id=base64 key is needed');
  if (new Set(keys.map((k) => k.id)).size !== keys.length) throw new PayloadKeyError('key ids must be distinct');
  return keys;
}

/** A new key entry for TEMPORAL_PAYLOAD_KEYS. */
export const newPayloadKey = (id: string): string => `${id}=${randomBytes(KEY_BYTES).toString('base64')}`;

/** The keys as TEMPORAL_PAYLOAD_KEYS spells them: for processes that must share them. */
export const formatPayloadKeys = (keys: readonly PayloadKey[]): string =>
  keys.map((k) => `${k.id}=${k.key.toString('base64')}`).join(',');

export class AesGcmPayloadCodec implements PayloadCodec {
  private readonly sealing: PayloadKey;
  private readonly byId: Map<string, Buffer>;

  constructor(
    keys: readonly PayloadKey[],
    private readonly streamKeys: StreamKeys,
  ) {
    if (keys.length === 0) throw new PayloadKeyError('at least one key is needed');
    this.sealing = keys[0]!;
    this.byId = new Map(keys.map((k) => [k.id, k.key]));
  }

  async encode(payloads: Payload[], context?: SerializationContext): Promise<Payload[]> {
    if (payloads.length === 0) return payloads;
    const stream = personalStreamOf(context?.workflowId);
    if (!stream) return payloads.map((payload) => seal(payload, this.sealing.id, this.sealing.key));
    const key = await this.streamKeys.keyFor(stream);
    return payloads.map((payload) => seal(payload, `stream:${stream}`, key));
  }

  async decode(payloads: Payload[]): Promise<Payload[]> {
    return this.open(payloads, (stream) => {
      throw new PayloadErasedError(stream);
    });
  }

  /** The codec server's decode: an erased payload reads as `{"erased":true,"stream":…}` among the others. */
  async displayable(payloads: Payload[]): Promise<Payload[]> {
    return this.open(payloads, erasedPayload);
  }

  private async open(payloads: Payload[], erased: (stream: string) => Payload): Promise<Payload[]> {
    const ids = payloads.map(keyIdOf);
    const streamOf = (id: string | null) => (id === null ? undefined : STREAM_KEY_ID.exec(id)?.[1]);
    // One lookup for every stream the payloads name (a history's page holds one or two).
    const streams = ids.map(streamOf).filter((stream) => stream !== undefined);
    const streamKeys = streams.length > 0 ? await this.streamKeys.keysOf(streams) : new Map<string, never>();
    return payloads.map((payload, i) => {
      const id = ids[i] ?? null;
      // Payloads written before the codec (or by a client without it) stay readable as they are.
      if (id === null) return payload;
      const stream = streamOf(id);
      if (stream === undefined) {
        const key = this.byId.get(id);
        if (!key)
          throw new PayloadKeyError(`payload sealed with key "${id}", which TEMPORAL_PAYLOAD_KEYS does not hold`);
        return unseal(payload, key, undefined);
      }
      const key = streamKeys.get(stream);
      if (key instanceof UnreadableKeyError) throw new PayloadKeyError(key.message);
      if (!key) return erased(stream);
      return unseal(payload, key, id);
    });
  }
}

/** The key id of a sealed payload; null for one that is not sealed. */
function keyIdOf(payload: Payload): string | null {
  const encoding = payload.metadata?.encoding;
  if (!encoding || text.decode(encoding) !== ENCRYPTED_ENCODING) return null;
  const idBytes = payload.metadata?.[KEY_ID_METADATA];
  return idBytes ? text.decode(idBytes) : '';
}

/**
 * A stream's payloads are bound to their key id (additional data), so one moved under another stream's id does
 * not open. Global ones carry none, as they always did.
 */
function seal(payload: Payload, id: string, key: Buffer): Payload {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  if (id.startsWith('stream:')) cipher.setAAD(utf8.encode(id));
  const plain = ProtoPayload.encode(payload).finish();
  const sealed = Buffer.concat([iv, cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  return {
    metadata: { encoding: utf8.encode(ENCRYPTED_ENCODING), [KEY_ID_METADATA]: utf8.encode(id) },
    data: sealed,
  };
}

function unseal(payload: Payload, key: Buffer, aad: string | undefined): Payload {
  const data = Buffer.from(payload.data ?? new Uint8Array());
  if (data.length < IV_BYTES + TAG_BYTES) throw new PayloadKeyError('sealed payload is too short');
  const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(0, IV_BYTES));
  if (aad !== undefined) decipher.setAAD(utf8.encode(aad));
  decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
  const plain = Buffer.concat([decipher.update(data.subarray(IV_BYTES, data.length - TAG_BYTES)), decipher.final()]);
  return ProtoPayload.decode(plain);
}

/** The failure converter that moves failures' messages and stacks into a payload (./failure-converter.cjs). */
export const FAILURE_CONVERTER_PATH = fileURLToPath(new URL('./failure-converter.cjs', import.meta.url));

/**
 * The data converter of every client and worker of the service: the default payload converter, failures' text
 * moved into payloads, then the seal over every payload.
 */
export const sealedDataConverter = (keys: readonly PayloadKey[], streamKeys: StreamKeys): DataConverter => ({
  failureConverterPath: FAILURE_CONVERTER_PATH,
  payloadCodecs: [new AesGcmPayloadCodec(keys, streamKeys)],
});
