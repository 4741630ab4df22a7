import { writeFileSync } from 'node:fs';
import { ConfigError, loadConfig, type Config } from '../infra/config.js';
import { prettyDestination, type PrettyOptions } from '../infra/console/pretty.js';
import { createLogger, type Logger } from '../infra/logger.js';

/** Where pretty log lines go, when a process prints them itself (npm run dev's console), and which it skips. */
export type LogOutput = Partial<PrettyOptions>;

/**
 * Reads the configuration or stops the process with a message naming each bad variable. Logs are JSON lines,
 * or one short line each for a person when LOG_FORMAT says so (`auto`: when standard output is a terminal).
 */
export function boot(component: string, output: LogOutput = {}): { config: Config; logger: Logger } {
  try {
    const config = loadConfig();
    const pretty = config.LOG_FORMAT === 'pretty' || (config.LOG_FORMAT === 'auto' && process.stdout.isTTY === true);
    const destination = pretty
      ? prettyDestination({
          print: output.print ?? ((text) => process.stdout.write(`${text}\n`)),
          ...(output.skip ? { skip: output.skip } : {}),
        })
      : undefined;
    return { config, logger: createLogger(config.LOG_LEVEL, component, destination) };
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/** Runs `stop` once on SIGINT/SIGTERM, then exits; a second signal exits at once. */
export function onShutdown(logger: Logger, stop: () => Promise<void>): AbortSignal {
  const stopping = new AbortController();
  const handler = (signal: NodeJS.Signals) => {
    if (stopping.signal.aborted) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(130);
    }
    stopping.abort();
    logger.info({ signal }, 'shutting down');
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
  // Start-up work still running when a signal comes fails as its connections close: the caller asks this signal
  // whether such a failure is the shutdown's doing (the handler exits the process) or a start-up that failed.
  return stopping.signal;
}

/** Entry points that run alone need a shared database: PGlite belongs to one process (`npm run dev`). */
export function requireSharedDatabase(config: Config, component: string): void {
  if (!config.DATABASE_URL) {
    process.stderr.write(
      `npm run ${component} runs as a separate process and needs DATABASE_URL (PostgreSQL) and TEMPORAL_ADDRESS.\n` +
        'For everything in one process on embedded engines, use: npm run dev\n',
    );
    process.exit(1);
  }
}

/**
 * Touches /tmp/<component>.alive while `healthy()` holds, for container healthchecks of processes that serve
 * no HTTP (worker, projector): `find /tmp/worker.alive -mmin -1`.
 */
export function heartbeat(component: string, healthy: () => boolean): void {
  const file = `/tmp/${component}.alive`;
  const beat = () => {
    if (healthy()) writeFileSync(file, new Date().toISOString());
  };
  beat();
  setInterval(beat, 10_000).unref();
}
