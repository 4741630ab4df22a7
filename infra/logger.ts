import { activeTraceId } from './tracing/tracing.js';
import { pino, type Logger, type LoggerOptions } from 'pino';

export type { Logger };

// The one redaction every log line goes through (docs/architecture.md#operations, #personal-data: never a key, token, e-mail address, policy
// number or document content in a log). Every logger of the service is made here, the Temporal runtime's
// included (infra/temporal/worker.ts routes the SDK's logs through a child of it), so nothing logs around it.
//
// - Fields that carry request or workflow content are replaced by "[redacted]" wherever they appear (top level
//   and nested objects): query parameters and SQL text of database errors, request bodies, event payloads,
//   activity input and arguments, job requests and results, documents, keys, tokens, secrets, addresses.
// - Errors, under any field, keep only what an operator needs: their class, message, code, stack (frames) and
//   cause, the same way down the cause chain. A database error's message is cut at its first ": " (PostgreSQL
//   puts the refused value there: `invalid input syntax for type uuid: "…"`), and its stack's first line is
//   rebuilt from that cut message. `detail`, `where`, `query`, `params`, `parameters`, Temporal's `details`…
//   are dropped with every other property.
// - Every string (message and values) has API keys, webhook secrets, bearer tokens and e-mail addresses masked.

const CENSOR = '[redacted]';

/** Fields whose values are content, never metadata: dropped wherever they appear. */
const CONTENT_FIELDS = new Set([
  'parameters',
  'params',
  'query',
  'queryOptions',
  'internalQuery',
  'detail',
  'details',
  'where',
  'body',
  'rawBody',
  'payload',
  'data',
  'input',
  'args',
  'arguments',
  'request',
  'result',
  'policy_number',
  'policyNumber',
  'policies',
  'provider',
  'document',
  'text',
  'email',
  'contact',
  'key',
  'token',
  'secret',
  'secrets',
  'password',
  'authorization',
  'cookie',
  'headers',
]);

const SENSITIVE_TEXT = /pk_(?:live|test)_|whsec_|@|bearer\s/i;
const KEYS = /\b(pk_(?:live|test)_)[A-Za-z0-9]+/g;
const WEBHOOK_SECRETS = /\bwhsec_[A-Za-z0-9+/=]+/g;
const BEARER = /\b(bearer\s+)\S+/gi;
const EMAILS = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;

/** Masks keys, webhook secrets, bearer tokens and e-mail addresses in free text. */
export function scrubText(text: string): string {
  if (!SENSITIVE_TEXT.test(text)) return text;
  return text
    .replace(KEYS, `$1${CENSOR}`)
    .replace(WEBHOOK_SECRETS, `whsec_${CENSOR}`)
    .replace(BEARER, `$1${CENSOR}`)
    .replace(EMAILS, '[email]');
}

type ErrorLike = Error & {
  code?: unknown;
  severity?: unknown;
  routine?: unknown;
  type?: unknown;
  nonRetryable?: unknown;
};

const isDatabaseError = (error: ErrorLike) =>
  typeof error.severity === 'string' ||
  typeof error.routine === 'string' ||
  (typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code));

/** An error as a log field: class, message (values cut), code, stack frames, cause; nothing else. */
export function safeError(error: unknown, depth = 0): Record<string, unknown> | string {
  if (!(error instanceof Error)) {
    return typeof error === 'string'
      ? scrubText(error)
      : error === null || error === undefined
        ? String(error)
        : `[${typeof error}]`;
  }
  const e = error as ErrorLike;
  let message = typeof e.message === 'string' ? e.message : '';
  if (isDatabaseError(e)) {
    const cut = message.indexOf(': ');
    if (cut >= 0) message = `${message.slice(0, cut)}: ${CENSOR}`;
  }
  message = scrubText(message);
  const out: Record<string, unknown> = { type: e.constructor?.name ?? 'Error', message };
  if (e.name && e.name !== out.type) out.name = e.name;
  if (typeof e.code === 'string' || typeof e.code === 'number') out.code = e.code;
  // Temporal failures: their type and retryability tell an operator what happened, never the content.
  if (typeof e.type === 'string') out.failure_type = e.type;
  if (typeof e.nonRetryable === 'boolean') out.non_retryable = e.nonRetryable;
  if (typeof e.stack === 'string') {
    const frames = e.stack.split('\n').filter((line) => /^\s+at /.test(line));
    out.stack = [`${e.name ?? 'Error'}: ${message}`, ...frames].join('\n');
  }
  if (e.cause !== undefined && depth < 4) out.cause = safeError(e.cause, depth + 1);
  return out;
}

/** A log field's value with content fields dropped, errors made safe and text scrubbed (bounded depth). */
function sanitise(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return safeError(value);
  if (depth >= 4) return '[object]';
  if (Array.isArray(value)) return value.map((item) => sanitise(item, depth + 1));
  if (value instanceof Date) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = CONTENT_FIELDS.has(key) ? CENSOR : sanitise(item, depth + 1);
  }
  return out;
}

/** The merged object of one log line (pino's formatters.log): the same rules, at the top level without a copy. */
function sanitiseLine(object: Record<string, unknown>): Record<string, unknown> {
  let out = object;
  for (const key in object) {
    const value = object[key];
    let safe: unknown;
    if (CONTENT_FIELDS.has(key)) safe = CENSOR;
    else if (typeof value === 'string') safe = scrubText(value);
    else if (value !== null && typeof value === 'object') safe = sanitise(value, 0);
    else continue;
    if (safe === value) continue;
    if (out === object) out = { ...object };
    out[key] = safe;
  }
  return out;
}

export const LOGGER_OPTIONS: LoggerOptions = {
  // err and error are made safe before pino's own error serializer could copy every enumerable property.
  // (formatters.log has run by then and may have made them safe already: sanitise is idempotent.)
  serializers: { err: (value: unknown) => sanitise(value, 0), error: (value: unknown) => sanitise(value, 0) },
  // Child loggers' bindings follow the same rules as each line's fields.
  formatters: { log: sanitiseLine, bindings: sanitiseLine },
  // Every line written inside a traced operation names its trace (nothing at all while tracing is off).
  mixin: () => {
    const traceId = activeTraceId();
    return traceId ? { trace_id: traceId } : {};
  },
  hooks: {
    // The message: pino takes an error's raw message when none is given, so one is always given, made safe.
    logMethod(args, method) {
      const first = args[0] as unknown;
      if (first instanceof Error) {
        const rest = args.slice(1) as unknown[];
        const message =
          typeof rest[0] === 'string' ? scrubText(rest[0]) : (safeError(first) as { message: string }).message;
        return method.apply(this, [
          { err: first },
          message,
          ...rest.slice(typeof rest[0] === 'string' ? 1 : 0),
        ] as Parameters<typeof method>);
      }
      if (typeof first === 'string') {
        args[0] = scrubText(first);
      } else if (first !== null && typeof first === 'object') {
        if (typeof args[1] === 'string') args[1] = scrubText(args[1]);
        else {
          const err = (first as { err?: unknown; error?: unknown }).err ?? (first as { error?: unknown }).error;
          if (err instanceof Error) (args as unknown[])[1] = (safeError(err) as { message: string }).message;
        }
      }
      return method.apply(this, args);
    },
  },
};

/** `destination`: where the JSON lines go (stdout by default); infra/console/pretty.ts prints them for a person. */
export function createLogger(
  level: string,
  name = 'policy-service',
  destination?: { write(chunk: string): unknown },
): Logger {
  return destination ? pino({ name, level, ...LOGGER_OPTIONS }, destination) : pino({ name, level, ...LOGGER_OPTIONS });
}
