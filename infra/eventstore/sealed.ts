// The event store with crypto-shredding (docs/architecture.md#personal-data): on the way in, an event's personal fields
// (domain/personal-data.ts) leave its data and travel sealed under its stream's data key in one field, `$sealed`;
// on the way out they are put back, or read as erased when the key is gone. Everything else passes through, so
// both backends, their tests and the ledger (which holds nothing personal) are unchanged.
import { joinPersonal, personalFields, splitPersonal } from '../../domain/personal-data.js';
import { unstorablePath } from '../../domain/text/storable.js';
import { openWith, sealWith, UnreadableKeyError, type DataKeys } from './data-keys.js';
import {
  UnreadableEventError,
  UnstorableEventError,
  type EventStore,
  type NewEvent,
  type StreamEvent,
} from './types.js';

/** Where the sealed personal fields sit in a stored event's data. */
export const SEALED_FIELD = '$sealed';

type Data = Record<string, unknown>;

const sealedOf = (data: unknown): string | null =>
  typeof data === 'object' && data !== null && typeof (data as Data)[SEALED_FIELD] === 'string'
    ? ((data as Data)[SEALED_FIELD] as string)
    : null;

/** Data with nothing to seal: sealed already, or of a type that holds no personal field. */
const nothingToSeal = (stream: string, type: string, data: unknown): boolean =>
  sealedOf(data) !== null || personalFields(stream, type).length === 0;

/** An event's data as stored: its personal fields sealed (or the data as it is, when it has none). */
export async function sealData(keys: DataKeys, stream: string, type: string, data: unknown): Promise<unknown> {
  if (nothingToSeal(stream, type, data)) return data;
  const { rest, personal } = splitPersonal(data, personalFields(stream, type));
  if (!personal) return data;
  // Sealed, text the store cannot hold would pass unseen and fail later, in every projection that opens it: it is
  // refused here as the store would refuse it in clear.
  if (unstorablePath(personal) !== null) throw new UnstorableEventError(stream);
  return { ...(rest as Data), [SEALED_FIELD]: sealWith(await keys.keyFor(stream), stream, JSON.stringify(personal)) };
}

/**
 * Stored events as the service reads them: personal fields back in place, or erased where their key is gone. An
 * event whose key exists but does not open fails a stream's read (`strict`: a decision must not be folded
 * without it) and is marked `unreadable` on the feed, so that it stops only what needs it, never the whole feed.
 */
export async function openEvents<T extends StreamEvent>(
  keys: DataKeys,
  events: readonly T[],
  strict = true,
): Promise<T[]> {
  // One pass to find the sealed ones, one to open them: a rebuild opens hundreds of thousands, a page at a time.
  const streams: string[] = [];
  for (const event of events) if (sealedOf(event.data) !== null) streams.push(event.stream);
  if (streams.length === 0) return [...events];
  const found = await keys.keysOf(streams);
  return events.map((event) => {
    const sealed = sealedOf(event.data);
    if (sealed === null) return event;
    // Without Object.entries' array of pairs per event: a rebuild opens a quarter of a million.
    const data = event.data as Data;
    const rest: Data = {};
    for (const name in data) if (name !== SEALED_FIELD) rest[name] = data[name];
    const key = found.get(event.stream) ?? null;
    let personal: Data | null = null;
    try {
      if (key instanceof Error) throw key;
      if (key) personal = JSON.parse(openWith(key, event.stream, sealed)) as Data;
    } catch (error) {
      const reason =
        error instanceof UnreadableKeyError ? 'its data key does not unwrap' : 'its sealed fields do not open';
      if (strict) throw new UnreadableEventError(event.stream, reason);
      return { ...event, data: rest, unreadable: reason };
    }
    return { ...event, data: joinPersonal(rest, personalFields(event.stream, event.type), personal) };
  });
}

export function sealedEventStore(inner: EventStore, keys: DataKeys): EventStore {
  return {
    kind: inner.kind,
    async append(stream, events, options) {
      // Most appends hold nothing personal (every charge): passed on as they are, without a copy or a promise each.
      if (events.every((event) => nothingToSeal(stream, event.type, event.data)))
        return inner.append(stream, events, options);
      const sealed = await Promise.all(
        events.map(async (event): Promise<NewEvent> => ({
          ...event,
          data: await sealData(keys, stream, event.type, event.data),
        })),
      );
      return inner.append(stream, sealed, options);
    },
    readStream: async (stream, options) => openEvents(keys, await inner.readStream(stream, options)),
    readStreamData: async (stream, options) => openEvents(keys, await inner.readStreamData(stream, options)),
    readAll: async (options) => openEvents(keys, await inner.readAll(options), false),
    subscribeToAll: (options) =>
      inner.subscribeToAll({
        ...options,
        onEvents: async (events) => options.onEvents(await openEvents(keys, events, false)),
      }),
    close: () => inner.close(),
  };
}
