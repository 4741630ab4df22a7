import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { parsePayloadKeys, PayloadKeyError } from './temporal/payload-codec.js';

// Accepted URL schemes per engine; anything else is a typo we want to catch at start-up.
const urlWith = (...schemes: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return schemes.includes(new URL(value).protocol.replace(/:$/, ''));
      } catch {
        return false;
      }
    },
    { message: `must be a URL with scheme ${schemes.join(' or ')}` },
  );

const hostPort = z.string().regex(/^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):\d{1,5}$/, { message: 'must be host:port' });

// Express's `trust proxy`, limited to what names the proxies: a hop count (1 to 99) or a comma list of addresses,
// subnets and the names loopback, linklocal, uniquelocal. Either way the client is the first hop the proxies did not
// add, which a client cannot choose; `true` (believe every hop, the leftmost one a client writes itself) is refused.
// Unset: off, the socket's peer is the client.
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyEntry = (entry: string): boolean => {
  const [address = '', range, ...more] = entry.split('/');
  if (more.length > 0) return false;
  if (range === undefined) return PROXY_NAMES.has(address) || isIP(address) !== 0;
  return isIP(address) !== 0 && (/^\d{1,3}$/.test(range) || isIP(range) === 4);
};
const trustProxy = z
  .string()
  .refine((value) => /^[1-9]\d?$/.test(value) || value.split(',').every((entry) => isProxyEntry(entry.trim())), {
    message:
      'must be a hop count (1 to 99) or a list of proxy addresses and subnets (loopback, 10.0.0.0/8); unset it to trust none',
  })
  .transform((value): number | string => (/^\d+$/.test(value) ? Number(value) : value));

// "id=base64,…": the first seals (or wraps), every one opens; what is wrong is named, never the key.
const keyList = z.string().transform((value, ctx) => {
  try {
    return parsePayloadKeys(value);
  } catch (error) {
    if (!(error instanceof PayloadKeyError)) throw error;
    ctx.addIssue({ code: 'custom', message: error.message });
    return z.NEVER;
  }
});

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // The address the API listens on: every interface unless set (`npm run dev`: loopback unless set).
  HOST: z
    .string()
    .regex(/^[0-9A-Za-z.:-]+$/, { message: 'must be an address or a host name' })
    .optional(),
  // Behind a reverse proxy: which X-Forwarded-For hops to believe for the client's address (per-IP limits).
  TRUST_PROXY: trustProxy.optional(),
  // The admin API and /metrics on a listener of their own (host:port, e.g. 127.0.0.1:9000), off the public port;
  // unset, they are served by the API's listener.
  ADMIN_LISTEN: hostPort.optional(),
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: urlWith('postgres', 'postgresql').optional(),
  EVENTSTORE_URL: urlWith('esdb', 'esdb+discover', 'kurrentdb', 'kurrentdb+discover', 'kdb', 'kdb+discover').optional(),
  TEMPORAL_ADDRESS: hostPort.optional(),
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  TEMPORAL_TASK_QUEUE: z.string().min(1).default('policy-verification'),
  TEMPORAL_CLI_PATH: z.string().min(1).optional(),
  // Ports of the dev server `npm run dev` starts when TEMPORAL_ADDRESS is not set.
  TEMPORAL_DEV_PORT: z.coerce.number().int().min(1).max(65535).default(7233),
  TEMPORAL_UI_PORT: z.coerce.number().int().min(1).max(65535).default(8233),
  REDIS_URL: urlWith('redis', 'rediss').optional(),
  // Namespace of our Redis keys, so that deployments (and test runs) can share a server.
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,64}$/, { message: 'must be 1-64 of A-Z a-z 0-9 : _ -' })
    .default('pvs'),
  SMTP_URL: urlWith('smtp', 'smtps').optional(),
  PUBLIC_BASE_URL: urlWith('http', 'https').optional(),
  // OpenTelemetry's own variables (the SDK reads them; checked here so a wrong value stops the start with its name):
  // traces are exported only when an endpoint is set (docs/operations.md#traces).
  OTEL_EXPORTER_OTLP_ENDPOINT: urlWith('http', 'https').optional(),
  OTEL_EXPORTER_OTLP_PROTOCOL: z.enum(['http/protobuf', 'http/json']).optional(),
  OTEL_SERVICE_NAME: z.string().min(1).max(100).optional(),
  // A trace viewer's page of one trace, `{trace_id}` standing for the id (Jaeger: http://jaeger:16686/trace/{trace_id}):
  // the request log links each call to its trace, the webhooks page each job to its submitting call's. Unset: the
  // trace id is shown without a link.
  TRACE_UI_URL: z
    .string()
    .regex(/^https?:\/\/[^\s]*\{trace_id\}/, { message: 'must be an http(s) URL holding {trace_id}' })
    .optional(),
  ADMIN_TOKEN: z.string().min(16, { message: 'must be at least 16 characters' }).optional(),
  KEY_PEPPER: z.string().min(16, { message: 'must be at least 16 characters' }).optional(),
  // The Temporal UI's origin (scheme://host:port), allowed by CORS to call the codec server at /codec.
  TEMPORAL_UI_ORIGIN: urlWith('http', 'https')
    .transform((value) => new URL(value).origin)
    .optional(),
  // Keys sealing workflow payloads (infra/temporal/payload-codec.ts): "id=base64,…", the first seals, all open.
  TEMPORAL_PAYLOAD_KEYS: keyList.optional(),
  // Master keys wrapping the event store's per-stream data keys (infra/eventstore/data-keys.ts), same format.
  DATA_MASTER_KEYS: keyList.optional(),
  // Ed25519 seeds (32 bytes each) signing the monthly ledger statements: the first signs, every one is published.
  LEDGER_SIGNING_KEY: keyList.optional(),
  // Accounts whose contract allows their documents' text in training examples (issue 56, pvs-admin extraction
  // corrections): the values and words of their corrected fields are exported; every other account's are not.
  TRAINING_TEXT_ACCOUNTS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    ),
  WEBHOOK_ALLOWLIST: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(hostPort)),
  // First retry interval of the portal's mail when the mail server refuses or stalls; it doubles, for a day.
  MAIL_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  // First retry interval of webhook deliveries; the backoff doubles from there for about a day.
  WEBHOOK_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  // Seconds between a test key's `minutely` monitor checks (a sandbox story in a quarter of an hour); tests shorten it.
  MONITOR_MINUTELY_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  // Days a finished job's or batch's result (policy numbers included) is kept before retention erases it.
  JOB_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  // Where datasets refresh from on their Schedules: `live`, each publisher's own download (the bundled file stays
  // the fallback of a dataset that never loaded; a failing source keeps the last good data, marked in its
  // freshness); `bundled`, the files shipped under data/datasets (the default, and npm run dev's).
  DATASET_SOURCES: z.enum(['live', 'bundled']).default('bundled'),
  // The U.S. Energy Information Administration's API key (free, eia.gov/opendata): without it the EIA datasets
  // stay on their bundled files in live mode.
  EIA_API_KEY: z.string().optional(),
  // A free key never used for this long is deactivated (docs/architecture.md#portal-and-admin: 7 days); shorter only in tests.
  KEY_UNUSED_EXPIRY_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(7 * 24 * 3600),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // How log lines are written: `json`, one JSON object a line (for machines); `pretty`, one short line for a
  // person; `auto` (the default), pretty when standard output is a terminal, JSON otherwise.
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  // tesseract.js workers per worker process (each holds ~150 MB); default one fewer than the CPUs, at most 4.
  OCR_WORKERS: z.coerce.number().int().min(1).max(16).optional(),
  // Time budget per scanned page; a page over it is read as empty rather than holding a worker.
  OCR_PAGE_BUDGET_SECONDS: z.coerce.number().int().min(5).max(600).default(90),
  // Which task queues a worker process polls (bin/worker.ts, bin/dev.ts): `all`, both in one process; `main`, the
  // workflows and every activity but the documents'; `extraction`, the documents' alone (contracts/extraction.ts),
  // so that OCR can get machines of its own.
  WORKER_QUEUES: z.enum(['all', 'main', 'extraction']).default('all'),
  // Documents the extraction worker works on at once. The OCR pool (OCR_WORKERS) bounds the CPU; this bounds the
  // PDFs held open, and how long a text-layer document waits behind scanned ones on the extraction queue.
  EXTRACTION_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(8),
  // Workflows the main worker keeps in memory between their tasks. A sleeping monitor lives in Temporal, not here:
  // one evicted is replayed from its (bounded) history at its next timer, so memory does not grow with monitors.
  WORKER_CACHED_WORKFLOWS: z.coerce.number().int().min(10).max(100_000).default(1000),
});

export type RawConfig = z.infer<typeof schema>;

/** Every environment variable the configuration reads (docker-compose.yml is checked against it). */
export const CONFIG_VARIABLES = Object.keys(schema.shape) as (keyof RawConfig)[];

/** A host:port setting (ADMIN_LISTEN) as listen() takes it; IPv6 hosts lose their brackets. */
export function splitHostPort(value: string): { host: string; port: number } {
  const at = value.lastIndexOf(':');
  return { host: value.slice(0, at).replace(/^\[(.*)\]$/, '$1'), port: Number(value.slice(at + 1)) };
}

export interface Config extends Omit<RawConfig, 'DATA_DIR' | 'PUBLIC_BASE_URL'> {
  DATA_DIR: string;
  PUBLIC_BASE_URL: string;
  /** PGlite under DATA_DIR holds events and read models: one process must own it. */
  embedded: boolean;
}

export class ConfigError extends Error {
  constructor(readonly issues: { variable: string; message: string }[]) {
    super('Invalid configuration:\n' + issues.map((issue) => `  ${issue.variable}: ${issue.message}`).join('\n'));
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // docker-compose and shells often pass "VAR=" for unset; treat it as absent.
  const present = Object.fromEntries(
    Object.keys(schema.shape)
      .map((key) => [key, env[key]] as const)
      .filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => ({ variable: String(issue.path[0] ?? '?'), message: issue.message })),
    );
  }
  const raw = parsed.data;
  const dataDir = path.resolve(raw.DATA_DIR);
  return {
    ...raw,
    DATA_DIR: dataDir,
    PUBLIC_BASE_URL: (raw.PUBLIC_BASE_URL ?? `http://localhost:${raw.PORT}`).replace(/\/$/, ''),
    embedded: raw.DATABASE_URL === undefined,
  };
}
