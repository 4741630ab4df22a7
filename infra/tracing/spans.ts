import {
  context,
  propagation,
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
 * rule, which test/integration/tracing.test.ts applies to spans).
 */
export async function traced<T>(
  name: string,
  attributes: Attributes,
  work: () => Promise<T>,
  options: { parent?: Context; kind?: SpanKind } = {},
): Promise<T> {
  const on = tracing();
  if (!on) return work();
  return on.tracer.startActiveSpan(
    name,
    { attributes, kind: options.kind ?? SpanKind.INTERNAL },
    options.parent ?? context.active(),
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
