import type { Decided, Event, StreamType } from '../../domain/streams.js';
import { eventIdFor } from './ids.js';
import type { AppendResult, EventMetadata, EventStore, ExpectedRevision } from './types.js';

/**
 * Appends what a decider decided to an entity's stream, each event under the id its key makes (so an activity
 * that Temporal retries writes it once) and with the caller's metadata.
 */
export function appendDecided<E extends Event>(
  store: EventStore,
  type: StreamType<E>,
  id: string,
  decided: readonly Decided<E>[],
  metadata?: EventMetadata,
  options: { expectedRevision?: ExpectedRevision } = {},
): Promise<AppendResult> {
  return store.append<E>(
    type(id),
    decided.map((event) => ({
      ...event,
      ...(event.key ? { id: eventIdFor(...event.key) } : {}),
      ...(metadata ? { metadata } : {}),
    })),
    options,
  );
}
