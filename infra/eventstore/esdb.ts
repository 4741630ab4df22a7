import { runSubscription } from './subscription.js';
import { randomUUID } from 'node:crypto';
import {
  ANY,
  EventStoreDBClient,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type ResolvedEvent,
} from '@eventstore/db-client';
import {
  WrongExpectedRevisionError,
  comparePositions,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type Position,
  type StoredEvent,
  type SubscribeOptions,
  type Subscription,
} from './types.js';

const toExpected = (expected: ExpectedRevision): AppendExpectedRevision =>
  expected === 'any'
    ? ANY
    : expected === 'no_stream'
      ? NO_STREAM
      : expected === 'stream_exists'
        ? STREAM_EXISTS
        : BigInt(expected);

const isSystem = (type: string, stream: string) => type.startsWith('$') || stream.startsWith('$');

function toStored(resolved: ResolvedEvent | AllStreamResolvedEvent): StoredEvent | null {
  const event = resolved.event;
  if (!event || !event.isJson) return null;
  const position = event.position ?? resolved.commitPosition;
  const pos: Position =
    position && typeof position === 'object'
      ? { hi: position.commit, lo: position.prepare }
      : { hi: resolved.commitPosition ?? 0n, lo: resolved.commitPosition ?? 0n };
  return {
    id: event.id,
    stream: event.streamId,
    revision: Number(event.revision),
    type: event.type,
    data: event.data,
    metadata: (event.metadata ?? {}) as EventMetadata,
    position: pos,
    created: event.created,
  };
}

/** EventStoreDB (production): streams, optimistic concurrency and idempotent ids are native. */
export function esdbEventStore(connectionString: string): EventStore {
  const client = EventStoreDBClient.connectionString`${connectionString}`;

  const append: EventStore['append'] = async (stream, events, { expectedRevision = 'any' } = {}) => {
    if (events.length === 0) throw new Error('append needs at least one event');
    try {
      const result = await client.appendToStream(
        stream,
        events.map((event) =>
          jsonEvent({
            id: event.id ?? randomUUID(),
            type: event.type,
            data: (event.data ?? null) as never,
            metadata: (event.metadata ?? {}) as never,
          }),
        ),
        { expectedRevision: toExpected(expectedRevision) },
      );
      return {
        nextRevision: Number(result.nextExpectedRevision),
        position: result.position ? { hi: result.position.commit, lo: result.position.prepare } : { hi: 0n, lo: 0n },
      };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        const actual = error.actualVersion;
        throw new WrongExpectedRevisionError(
          stream,
          expectedRevision,
          typeof actual === 'bigint' ? Number(actual) : 'no_stream',
        );
      }
      throw error;
    }
  };

  const readStream: EventStore['readStream'] = async (stream, options = {}) => {
    const out: StoredEvent[] = [];
    try {
      for await (const resolved of client.readStream(stream, {
        fromRevision: options.fromRevision ? BigInt(options.fromRevision) : START,
        ...(options.maxCount ? { maxCount: options.maxCount } : {}),
      })) {
        const event = toStored(resolved);
        if (event) out.push(event);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return out;
  };

  async function readAll(options: { after?: Position | null; maxCount?: number } = {}) {
    const maxCount = options.maxCount ?? 1000;
    const out: StoredEvent[] = [];
    let from = options.after ?? null;
    // $all also holds system events; page until enough of ours are found or the log ends.
    for (;;) {
      let seen = 0;
      let last: Position | null = null;
      for await (const resolved of client.readAll({
        fromPosition: from ? { commit: from.hi, prepare: from.lo } : START,
        maxCount: maxCount + 1,
      })) {
        const raw = resolved.event;
        if (!raw) continue;
        seen += 1;
        last = { hi: raw.position.commit, lo: raw.position.prepare };
        // The read starts at `from` inclusive; the contract is strictly after.
        if (from && comparePositions(last, from) <= 0) continue;
        if (isSystem(raw.type, raw.streamId)) continue;
        const event = toStored(resolved);
        if (event) out.push(event);
        if (out.length === maxCount) return out;
      }
      if (seen <= 1 || !last) return out;
      from = last;
    }
  }

  function subscribeToAll(options: SubscribeOptions): Subscription {
    let current: ReturnType<typeof client.subscribeToAll> | null = null;
    return runSubscription(
      options,
      async (state) => {
        current = client.subscribeToAll({
          fromPosition: state.after ? { commit: state.after.hi, prepare: state.after.lo } : START,
          filter: excludeSystemEvents(),
        });
        for await (const resolved of current) {
          const event = toStored(resolved);
          if (!event) continue;
          await options.onEvents([event]);
          state.advance(event.position);
        }
      },
      () => current?.unsubscribe().catch(() => undefined),
    );
  }

  // EventStoreDB sends each event whole: a fold reads what readStream does.
  return {
    kind: 'esdb',
    append,
    readStream,
    readStreamData: readStream,
    readAll,
    subscribeToAll,
    close: () => client.dispose(),
  };
}
