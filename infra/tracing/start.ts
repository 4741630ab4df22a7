import { context, propagation, trace } from '@opentelemetry/api';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import { otlpConfigured, setTracing, tracing, type Tracing } from './tracing.js';

/** OTEL_EXPORTER_OTLP_(TRACES_)PROTOCOL: http/protobuf (the specification's default) or http/json. */
async function otlpExporter(env: NodeJS.ProcessEnv): Promise<SpanExporter> {
  const protocol = env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL ?? 'http/protobuf';
  if (protocol === 'http/json')
    return new (await import('@opentelemetry/exporter-trace-otlp-http')).OTLPTraceExporter();
  if (protocol === 'http/protobuf') {
    return new (await import('@opentelemetry/exporter-trace-otlp-proto')).OTLPTraceExporter();
  }
  throw new Error(
    `OTEL_EXPORTER_OTLP_PROTOCOL=${protocol}: this service exports traces over http/protobuf or http/json`,
  );
}

/**
 * Starts tracing for this process when an OTLP endpoint is configured, or with `exporter` (tests: the SDK's
 * in-memory exporter, each span handed over as it ends). Once per process; later calls return the first. The SDK
 * is imported here only, so a process without tracing never loads it.
 */
export async function startTracing(
  service: string,
  options: { exporter?: SpanExporter; env?: NodeJS.ProcessEnv } = {},
): Promise<Tracing | null> {
  const running = tracing();
  if (running) return running;
  const env = options.env ?? process.env;
  if (!options.exporter && !otlpConfigured(env)) return null;
  const [{ Resource }, { BatchSpanProcessor, SimpleSpanProcessor }, { NodeTracerProvider }] = await Promise.all([
    import('@opentelemetry/resources'),
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/sdk-trace-node'),
  ]);
  const resource = new Resource({ 'service.name': env.OTEL_SERVICE_NAME ?? service });
  const processor = options.exporter
    ? new SimpleSpanProcessor(options.exporter)
    : new BatchSpanProcessor(await otlpExporter(env));
  const provider = new NodeTracerProvider({ resource, spanProcessors: [processor] });
  // The AsyncLocalStorage context manager and the W3C trace-context propagator.
  provider.register();
  const started: Tracing = {
    tracer: trace.getTracer('policy-verification-service'),
    resource,
    processor,
    async shutdown() {
      await provider.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
      setTracing(null);
    },
  };
  setTracing(started);
  return started;
}
