// Typed event streams, after Emmett's Event<Type, Data>: each kind of stream names its prefix and the event types
// it holds, so that a stored event is recognised by its stream and type instead of being cast, and an entity's
// id is read back from its stream's name in one place.

export type Event<Type extends string = string, Data = unknown> = { type: Type; data: Data };

/**
 * The end of an exhaustive switch over a union of events (or commands): a case left out fails to compile, and an
 * unknown value that reaches it at run time (an unchecked cast) throws rather than being ignored.
 */
export function unreachable(value: never): never {
  throw new Error(`no case for ${JSON.stringify((value as { type?: unknown })?.type ?? value)}`);
}

/**
 * An event a decider made. `key`: the parts of its deterministic event id (infra/eventstore/ids.ts), for an
 * append that may run more than once (a retried activity): the same parts give the same id, written once.
 */
export type Decided<E extends Event = Event> = E & { key?: readonly (string | number)[] };

/** An event as the store gives it back: when it was recorded is part of what a view folded from it shows. */
export type Recorded<E extends Event = Event> = E & { created: Date };

/** A kind of stream; called with an entity's id, the name of that entity's stream. */
export interface StreamType<E extends Event> {
  (id: string): string;
  /** `job-`: every stream of this kind is the prefix and an entity's id. */
  readonly prefix: string;
  readonly types: readonly E['type'][];
  /** The entity's id in the name of one of these streams. */
  idOf(stream: string): string;
  /** Whether an event is of a type these streams hold. */
  holds(event: Event): event is E;
}

export function streamType<E extends Event>(prefix: string, types: readonly E['type'][]): StreamType<E> {
  const known: readonly string[] = types;
  return Object.assign((id: string) => `${prefix}${id}`, {
    prefix,
    types,
    idOf: (stream: string) => stream.slice(prefix.length),
    holds: (event: Event): event is E => known.includes(event.type),
  });
}
