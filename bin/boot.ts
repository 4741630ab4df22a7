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

/** What a process has started, stopped in reverse order on the first SIGINT/SIGTERM. */
export interface Shutdown {
  /** Aborted once a signal came: start-up work failing after it is the shutdown's doing, not a failed start. */
  readonly stopping: AbortSignal;
  /** Adds what was just started: stopped before whatever was added earlier. */
  defer(stop: () => unknown): void;
  /** Stops everything added so far. */
  stopAll(): Promise<boolean>;
  /**
   * Runs the start-up. Its failure after a signal is the shutdown's doing (closing connections under it): the
   * handler is exiting already. Any other failure stops what had started and exits 1.
   */
  start(work: () => Promise<void>): Promise<void>;
}

/**
 * Installs the signal handlers before anything starts, so that a signal at any moment of start-up (even right after
 * a "listening" line someone waits for) finds them: with none installed, SIGTERM kills the process outright and
 * nothing it opened is closed. The first signal stops what was deferred, then exits (1 if a stop failed); a second
 * exits at once.
 */
export function onShutdown(logger: Logger): Shutdown {
  const controller = new AbortController();
  const stack: (() => unknown)[] = [];
  const stopAll = async () => {
    let clean = true;
    while (stack.length > 0)
      await Promise.resolve()
        .then(stack.pop())
        .catch((error: unknown) => {
          clean = false;
          logger.error({ err: error }, 'stop failed');
        });
    return clean;
  };
  const handler = (signal: NodeJS.Signals) => {
    if (controller.signal.aborted) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(130);
    }
    controller.abort();
    logger.info({ signal }, 'shutting down');
    void stopAll().then((clean) => process.exit(clean ? 0 : 1));
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
  const start = async (work: () => Promise<void>) => {
    // From this line on a signal stops the process cleanly, whatever it is doing.
    logger.debug('starting');
    try {
      await work();
    } catch (error) {
      if (controller.signal.aborted) return new Promise<void>(() => {});
      logger.error({ err: error }, 'start-up failed');
      await stopAll();
      process.exit(1);
    }
  };
  return { stopping: controller.signal, defer: (stop) => stack.push(stop), stopAll, start };
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
