import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync, type WriteStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { inject } from 'vitest';
import { openContext, type ServiceContext } from '../../bin/context.js';
import { loadConfig, type Config } from '../../infra/config.js';
import { createLogger } from '../../infra/logger.js';
import type { Projection } from '../../projections/projection.js';
import { primaryTestDatabase } from './sql.js';

export interface TestContext {
  context: ServiceContext;
  config: Config;
  /** The PostgreSQL URL of this context's schema, for child processes (null on PGlite). */
  databaseUrl: string | null;
  close(): Promise<void>;
}

/**
 * The service's context on real engines: PostgreSQL in a fresh schema when DATABASE_URL is set (else PGlite in
 * memory), the run's Temporal dev server, a task queue of this test file's own, a temporary DATA_DIR.
 */
function runLogFile(): WriteStream | null {
  const dir = process.env.PVS_TEST_LOG_DIR;
  if (!dir || process.env.TEST_LOG_LEVEL) return null;
  return createWriteStream(path.join(dir, `${process.pid}-${randomBytes(4).toString('hex')}.log`), { flags: 'a' });
}

/** A fixed key (32 bytes of test data, not a secret): tests may override it through `env`. */
const TEST_PAYLOAD_KEYS = `test=${Buffer.alloc(32, 7).toString('base64')}`;

export async function openTestContext(
  options: {
    projections?: readonly Projection[];
    env?: Record<string, string>;
    /**
     * Where the service's log lines go instead of stdout (tests that read the log). The logger is still the one
     * createLogger makes, redaction included; only its destination changes. Set env.LOG_LEVEL to hear anything.
     */
    logStream?: { write(line: string): unknown };
  } = {},
): Promise<TestContext> {
  const db = await primaryTestDatabase().open();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pvs-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? (process.env.PVS_TEST_LOG_DIR ? 'debug' : 'silent'),
    TEMPORAL_TASK_QUEUE: `test-${randomBytes(6).toString('hex')}`,
    REDIS_KEY_PREFIX: `test-${randomBytes(6).toString('hex')}`,
    ADMIN_TOKEN: 'test-admin-token-0123456789',
    KEY_PEPPER: 'test-pepper-0123456789abcdef',
    // One payload key for every test, as for every process of one deployment: they share the run's Temporal
    // server, whose Schedules and dataset loads one test's processes create and the next ones' update and read.
    TEMPORAL_PAYLOAD_KEYS: TEST_PAYLOAD_KEYS,
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...options.env,
  });
  const logger = createLogger(config.LOG_LEVEL, 'test');
  // pino keeps its destination under this symbol, and child loggers inherit it from their parent's prototype.
  // Otherwise, in a full run, into a file of the run's log directory, which test/log-scan reads at the end.
  const runLog = options.logStream ? null : runLogFile();
  const logStream = options.logStream ?? runLog;
  if (logStream) (logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] = logStream;
  const context = await openContext(config, logger, {
    temporalAddress: inject('temporalAddress'),
    sql: db.sql,
    ...(options.projections ? { projections: options.projections } : {}),
  });
  return {
    context,
    config,
    databaseUrl: db.url,
    async close() {
      await context.close();
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
      if (runLog) await new Promise((resolve) => runLog.end(resolve));
    },
  };
}
