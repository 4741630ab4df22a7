// A run of the feed as the projector hands it to its read models (docs/architecture.md#the-read-side), and each read
// model's share of it.
import type { Event, StreamType } from '../domain/streams.js';
import { comparePositions, type Position, type StoredEvent } from '../infra/eventstore/types.js';
import type { Projection } from './projection.js';

/** A run of the feed: the events strictly after `after`, in order. */
export interface Page {
  after: Position;
  events: readonly StoredEvent[];
}

export const lastOf = (page: Page): Position => page.events[page.events.length - 1]?.position ?? page.after;

/** Whether the page holds an event of one of the projection's streams (one it applies, or parks as unknown). */
export const concerns = (projection: Projection, page: Page): boolean =>
  page.events.some((event) => projection.streams.some((type) => event.stream.startsWith(type.prefix)));

export interface Sorted {
  /** The events of one kind of stream, with their entity's id, in feed order. */
  known: { event: StoredEvent; id: string }[];
  /** Events on such a stream of a type it does not hold. */
  unknown: StoredEvent[];
}

/**
 * A page's events sorted by kind of stream once, for every projection that reads it: the read models that share a
 * kind of stream (jobs, webhook deliveries, audit) share the entries, instead of each testing every event of the
 * page and making its own (a rebuild's page holds 75,000).
 */
const sortedPages = new WeakMap<readonly StoredEvent[], Map<StreamType<Event>, Sorted>>();

function sortedBy(events: readonly StoredEvent[], type: StreamType<Event>): Sorted {
  let byType = sortedPages.get(events);
  if (!byType) sortedPages.set(events, (byType = new Map()));
  let sorted = byType.get(type);
  if (!sorted) {
    sorted = { known: [], unknown: [] };
    for (const event of events) {
      if (!event.stream.startsWith(type.prefix)) continue;
      if (type.holds(event)) sorted.known.push({ event, id: type.idOf(event.stream) });
      else sorted.unknown.push(event);
    }
    byType.set(type, sorted);
  }
  return sorted;
}

const after = (at: Position) => (entry: { position: Position }) => comparePositions(entry.position, at) > 0;

/** Two runs of entries in feed order as one. */
function merged<T extends { event: StoredEvent }>(a: readonly T[], b: readonly T[]): T[] {
  if (a.length === 0) return b as T[];
  if (b.length === 0) return a as T[];
  const out: T[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length)
    out.push(comparePositions(a[i]!.event.position, b[j]!.event.position) <= 0 ? a[i++]! : b[j++]!);
  while (i < a.length) out.push(a[i++]!);
  while (j < b.length) out.push(b[j++]!);
  return out;
}

/** The events of these kinds of streams after `at`, in feed order, and those of types the streams do not hold. */
export function ofStreams(events: readonly StoredEvent[], types: readonly StreamType<Event>[], at: Position): Sorted {
  const sorted = types.map((type) => sortedBy(events, type));
  // Most often the page starts after the checkpoint, and one kind of stream is read: the shared entries as they are.
  // (From none for a read model of no kind of stream: the bench's measure of reading alone.)
  let known = sorted.map((s) => s.known).reduce<{ event: StoredEvent; id: string }[]>(merged, []);
  let unknown = sorted.flatMap((s) => s.unknown).filter(after(at));
  // One kind may hold what another, of a prefix that overlaps, does not: such an event is known.
  if (sorted.length > 1 && unknown.length > 0) {
    const held = new Set(known.map((entry) => entry.event));
    unknown = [...new Set(unknown)].filter((event) => !held.has(event));
  }
  if (known.length > 0 && comparePositions(known[0]!.event.position, at) <= 0)
    known = known.filter((entry) => after(at)(entry.event));
  return { known, unknown };
}
