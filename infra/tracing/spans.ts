import {
  context,
  isSpanContextValid,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
} from '@opentelemetry/api';
import { tracing } from './tracing.js';

/**
 * Runs `work` in a span named `name` when tracing is on, else runs it as it is. Attributes are ids, kinds and
 * outcomes only: never a policy number, an address, a URL a client gave, or a document's text (the log scan's
 * rule, which test/integration/tracing.test.ts applies to spans). `newTrace`: the span is the root of a trace of
 * its own, linked to the span it was started in (a monitor's check, which a workflow that runs for months starts:
 * in the workflow's trace, every check would make that one trace grow without end).
 */
export function traced<T>(
  name: string,
  /** Or a function that makes them, called only when tracing is on. */
  attributes: Attributes | (() => Attributes),
  work: () => Promise<T>,
  options: { parent?: Context; kind?: SpanKind; newTrace?: boolean } = {},
): Promise<T> {
  const on = tracing();
  // Off: the work as it is, without an async frame or a promise of its own around it (every live verification
  // passes here); a work that throws before its promise still answers a rejected one, as an async one would.
  if (!on) {
    try {
      return work();
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }
  const from = options.newTrace ? trace.getActiveSpan()?.spanContext() : undefined;
  const links = from && isSpanContextValid(from) ? [{ context: from }] : [];
  return on.tracer.startActiveSpan(
    name,
    {
      attributes: typeof attributes === 'function' ? attributes() : attributes,
      kind: options.kind ?? SpanKind.INTERNAL,
      links,
    },
    options.newTrace ? ROOT_CONTEXT : (options.parent ?? context.active()),
    async (span) => {
      try {
        const result = await work();
        span.setStatus({ code: SpanStatusCode.OK });
        return result;
      } catch (error) {
        span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error)?.name ?? 'Error' });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

/** Adds what `work` learnt (its outcome) to the active span; nothing with tracing off. */
export function traceOutcome(attributes: Attributes): void {
  if (tracing()) trace.getActiveSpan()?.setAttributes(attributes);
}

/** A W3C `traceparent`'s trace id (an event's metadata's, infra/tracing/event-store.ts); undefined for anything else. */
export const traceIdOf = (traceparent: unknown): string | undefined => {
  const id =
    typeof traceparent === 'string'
      ? /^[\da-f]{2}-([\da-f]{32})-[\da-f]{16}-[\da-f]{2}$/.exec(traceparent)?.[1]
      : undefined;
  return id && !/^0+$/.test(id) ? id : undefined;
};

/** The active trace as W3C `traceparent` (and `tracestate`) entries, to carry in an event's metadata. */
export function traceCarrier(): Record<string, string> | undefined {
  if (!tracing() || !trace.getActiveSpan()) return undefined;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ? carrier : undefined;
}

/** The context a carrier (an event's metadata, a request's headers) continues. */
export const contextFrom = (carrier: Record<string, unknown>): Context =>
  propagation.extract(context.active(), carrier, {
    keys: (c) => Object.keys(c),
    get: (c, key) => {
      const value = c[key];
      return typeof value === 'string' ? value : undefined;
    },
  });
