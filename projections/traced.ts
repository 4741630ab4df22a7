import type { Event } from '../domain/streams.js';
import type { StoredEvent } from '../infra/eventstore/types.js';
import { contextFrom, traced } from '../infra/tracing/spans.js';
import { tracing } from '../infra/tracing/tracing.js';
import type { Projection } from './projection.js';

/**
 * The projection with each apply in a span of the trace that wrote the event (its metadata's `traceparent`, see
 * infra/tracing/event-store.ts). A batch applied at once is one span in the trace of each event it carries. The
 * projection as it is when tracing is off.
 */
export function tracedProjection<E extends Event>(projection: Projection<E>): Projection<E> {
  if (!tracing()) return projection;
  const name = `project ${projection.name}`;
  const inTraces = <T>(
    traces: readonly string[],
    attributes: Record<string, string | number>,
    work: () => Promise<T>,
  ) =>
    traces.reduceRight<() => Promise<T>>(
      (inner, traceparent) => () =>
        traced(name, { 'pvs.projection': projection.name, ...attributes }, inner, {
          parent: contextFrom({ traceparent }),
        }),
      work,
    )();
  const tracesOf = (events: readonly StoredEvent<E>[]) => [
    ...new Set(
      events.flatMap((event) => (typeof event.metadata?.traceparent === 'string' ? [event.metadata.traceparent] : [])),
    ),
  ];
  const many = projection.applyMany?.bind(projection);
  return {
    ...projection,
    apply: (tx, event, id) =>
      inTraces(tracesOf([event]), { 'pvs.event_type': event.type }, () => projection.apply(tx, event, id)),
    ...(many
      ? {
          applyMany: (tx, events) =>
            inTraces(tracesOf(events.map(({ event }) => event)), { 'pvs.events': events.length }, () =>
              many(tx, events),
            ),
        }
      : {}),
  };
}
