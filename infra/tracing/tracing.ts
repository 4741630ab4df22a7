// OpenTelemetry for every process (docs/operations.md#traces): one span per HTTP request, carried by Temporal's
// interceptors into the workflows it starts and the activities they run, and by the events' metadata into the
// projections that apply them. Off unless an OTLP endpoint is configured (the standard OTEL_* variables): then the
// SDK is never loaded, nothing is registered, and every hook below returns at its first line.
import { isSpanContextValid, trace, type Tracer } from '@opentelemetry/api';
import type { Resource } from '@opentelemetry/resources';
import type { SpanProcessor } from '@opentelemetry/sdk-trace-base';

export interface Tracing {
  tracer: Tracer;
  resource: Resource;
  processor: SpanProcessor;
  /** Exports what is buffered and stops. */
  shutdown(): Promise<void>;
}

let current: Tracing | null = null;

/** The process's tracing, or null when it is off. */
export const tracing = (): Tracing | null => current;

/** Set by infra/tracing/start.ts. */
export const setTracing = (started: Tracing | null) => {
  current = started;
};

/** Whether an OTLP endpoint is configured for traces (the variables the OpenTelemetry specification names). */
export const otlpConfigured = (env: NodeJS.ProcessEnv = process.env) =>
  Boolean(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT) &&
  env.OTEL_TRACES_EXPORTER !== 'none' &&
  env.OTEL_SDK_DISABLED !== 'true';

/** The active trace's id, for a log line or a stored row; undefined outside a trace, and always with tracing off. */
export function activeTraceId(): string | undefined {
  if (!current) return undefined;
  const spanContext = trace.getActiveSpan()?.spanContext();
  return spanContext && isSpanContextValid(spanContext) ? spanContext.traceId : undefined;
}
