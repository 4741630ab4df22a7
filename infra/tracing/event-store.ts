import type { EventStore } from '../eventstore/types.js';
import { traceCarrier, traced } from './spans.js';

/** A stream's kind (`credits-`, `job-`), never its id: ids of accounts are fine, but a kind is what one filters by. */
const kindOf = (stream: string) => stream.replace(/-.*$/, '-');

/**
 * Each append in a span of the active trace, and the trace's `traceparent` in every appended event's metadata, so
 * that the projections applying those events join the trace that wrote them (projections/traced.ts). Installed on
 * the process's store only when tracing is on (bin/context.ts).
 */
export function traceAppends(store: EventStore): void {
  const append = store.append.bind(store);
  store.append = (stream, events, options) =>
    traced('eventstore.append', { 'pvs.stream_kind': kindOf(stream), 'pvs.events': events.length }, () => {
      const carrier = traceCarrier();
      const carried = carrier
        ? events.map((event) => ({ ...event, metadata: { ...event.metadata, ...carrier } }))
        : events;
      return append(stream, carried, options);
    });
}
