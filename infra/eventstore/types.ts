// The event store port: the only thing the rest of the service knows about where events live. It is generic
// over the event type: a stream's type (domain/streams.ts) narrows what the store gives back.
import type { Event, StreamType } from '../../domain/streams.js';
import { countDeadLetter } from '../metrics.js';

/** Metadata carried by every event (docs/architecture.md#events). */
export interface EventMetadata {
  $correlationId?: string;
  $causationId?: string;
  request_id?: string;
  /** A key id, an admin, or `system`. */
  actor?: string;
  [key: string]: unknown;
}

export type NewEvent<E extends Event = Event> = E & {
  /** A UUID. Give a deterministic one when the append may be retried: the same id is written once. */
  id?: string;
  metadata?: EventMetadata;
};

/**
 * A place in the global feed, comparable across the whole store: (tx_id, position) on PostgreSQL,
 * (commit, prepare) on EventStoreDB. Both order lexicographically.
 */
export interface Position {
  hi: bigint;
  lo: bigint;
}

/** An event as a fold reads it (readStreamData): what evolve needs and where it sits in its stream. */
export type StreamEvent<E extends Event = Event> = E & {
  stream: string;
  /** 0-based revision of the event in its stream. */
  revision: number;
  /** From readStreamData: the metadata text a fold asked for (DataReadOptions.latest), when the event has it. */
  latest?: string;
  /** Only from a store that reads whole events (EventStoreDB's readStreamData is its readStream). */
  metadata?: EventMetadata;
};

export type StoredEvent<E extends Event = Event> = StreamEvent<E> & {
  id: string;
  metadata: EventMetadata;
  position: Position;
  created: Date;
  /**
   * Only on events of the global feed: why its sealed personal fields could not be opened (a data key its master
   * cannot unwrap). Its data lacks them; a projection that needs the event parks it rather than apply it partly.
   */
  unreadable?: string;
};

/** An event whose sealed fields cannot be opened: the decision or read model that needs it must not go on without. */
export class UnreadableEventError extends Error {
  constructor(
    readonly stream: string,
    reason: string,
  ) {
    super(`stream ${stream}: an event cannot be read (${reason})`);
    this.name = 'UnreadableEventError';
  }
}

/** Whether a stored event is one of a stream type's: on one of its streams, of a type it holds. */
export const isEventOf = <E extends Event, T extends StreamEvent = StoredEvent>(
  type: StreamType<E>,
  event: T,
): event is T & E => event.stream.startsWith(type.prefix) && type.holds(event);

/** A revision number, or the ESDB-style markers. */
export type ExpectedRevision = number | 'any' | 'no_stream' | 'stream_exists';

export interface AppendResult {
  /** Revision of the last event now in the stream. */
  nextRevision: number;
  /** Global position of the last appended event. */
  position: Position;
}

/** The store refused the events' content itself (text it cannot hold): retrying the same append cannot help. */
export class UnstorableEventError extends Error {
  constructor(readonly stream: string) {
    super(`stream ${stream}: the event data holds text the store cannot keep`);
    this.name = 'UnstorableEventError';
  }
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly stream: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`stream ${stream}: expected revision ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

export interface Subscription {
  stop(): Promise<void>;
}

export interface SubscribeOptions {
  /** Deliver events strictly after this position; null or absent: from the start. */
  after?: Position | null;
  batchSize?: number;
  /** Awaited before the next batch is read: a slow handler slows the feed, never skips it. */
  onEvents(events: StoredEvent[]): Promise<void>;
  /** A failed read or handler; the subscription backs off and retries from the last delivered batch. */
  onError?(error: unknown): void;
}

export interface ReadOptions {
  fromRevision?: number;
  maxCount?: number;
}

export interface DataReadOptions extends ReadOptions {
  /**
   * A text in metadata, by its path, that the fold needs (the ledger's chain link's hash, for its head): each
   * event that has it gets it as `latest`. The rest of metadata is not read. (EventStoreDB gives whole events:
   * their metadata, and no `latest`.)
   */
  latest?: readonly string[];
}

export interface EventStore {
  readonly kind: 'postgres' | 'esdb';
  append<E extends Event>(
    stream: string,
    events: readonly NewEvent<E>[],
    options?: { expectedRevision?: ExpectedRevision },
  ): Promise<AppendResult>;
  /** Events of one stream in revision order; an unknown stream is empty. */
  readStream(stream: string, options?: ReadOptions): Promise<StoredEvent[]>;
  /**
   * readStream for a fold (a command handler's load): each event's type, data and revision, and the one text of
   * its metadata asked for, if any. A fold of a whole ledger reads a million of them, and an event's id, metadata,
   * position and time cost more to read and parse than its data. (EventStoreDB gives whole events.)
   */
  readStreamData(stream: string, options?: DataReadOptions): Promise<StreamEvent[]>;
  /** The global feed in order, strictly after `after`; only events that no earlier-committing write can precede. */
  readAll(options?: { after?: Position | null; maxCount?: number }): Promise<StoredEvent[]>;
  subscribeToAll(options: SubscribeOptions): Subscription;
  close(): Promise<void>;
}

/** An event of a type its stream's kind does not hold: written by a newer version, or by mistake. */
export class UnknownEventError extends Error {
  constructor(
    readonly stream: string,
    readonly type: string,
  ) {
    super(`stream ${stream} holds an event of type ${type}, which this version does not know`);
    this.name = 'UnknownEventError';
  }
}

/** Whether an event sits on one of a stream type's streams without being of a type it holds (a dead letter). */
export const isUnknownOn = (type: StreamType<Event>, event: StoredEvent): boolean =>
  event.stream.startsWith(type.prefix) && !type.holds(event);

/**
 * The events of one entity's stream, typed by its stream type. An event of a type the stream does not hold is
 * never dropped silently: it is counted as a dead letter and the read fails, since a decision folded without it
 * could be wrong.
 */
export async function readEvents<E extends Event>(
  store: EventStore,
  type: StreamType<E>,
  id: string,
  options?: ReadOptions,
): Promise<StoredEvent<E>[]> {
  const events = await store.readStream(type(id), options);
  const unknown = events.find((event) => !type.holds(event));
  if (unknown) {
    countDeadLetter(unknown.stream, unknown.type);
    throw new UnknownEventError(unknown.stream, unknown.type);
  }
  return events as StoredEvent<E>[];
}

/** Events read per query by eventPages. */
const PAGE = 1000;

/**
 * The events of one entity's stream, a page at a time, oldest first: a long stream (an old account's ledger) is
 * walked without ever being held whole. Unknown event types fail as in readEvents.
 */
export async function* eventPages<E extends Event>(
  store: EventStore,
  type: StreamType<E>,
  id: string,
  pageSize = PAGE,
): AsyncGenerator<StoredEvent<E>[]> {
  let from = 0;
  for (;;) {
    const page = await readEvents(store, type, id, { fromRevision: from, maxCount: pageSize });
    if (page.length > 0) yield page;
    if (page.length < pageSize) return;
    from = page[page.length - 1]!.revision + 1;
  }
}

export const comparePositions = (a: Position, b: Position): number =>
  a.hi === b.hi ? (a.lo === b.lo ? 0 : a.lo < b.lo ? -1 : 1) : a.hi < b.hi ? -1 : 1;

export const positionToString = (position: Position): string => `${position.hi}/${position.lo}`;

export function parsePosition(text: string): Position {
  const match = /^(\d+)\/(\d+)$/.exec(text);
  if (!match) throw new Error(`not a position: ${text}`);
  return { hi: BigInt(match[1]!), lo: BigInt(match[2]!) };
}
