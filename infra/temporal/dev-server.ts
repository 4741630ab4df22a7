import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Connection } from '@temporalio/client';
import { searchAttributeKeys } from '../../contracts/search-attributes.js';

export interface DevServerOptions {
  /** The CLI binary; null falls back to the SDK's download of the dev server (needs internet). */
  binary: string | null;
  /** Persist workflows here; absent: in memory (tests). */
  dbFilename?: string;
  ip?: string;
  port: number;
  /** The web UI port; null runs headless. */
  uiPort: number | null;
  /** The UI's remote codec (the service's /codec), so that it shows sealed payloads decoded. */
  uiCodecEndpoint?: string;
  /** Server output goes here (the dev console stays readable). */
  logFile?: string;
}

export interface DevServer {
  address: string;
  uiUrl: string | null;
  stop(): Promise<void>;
}

// The CLI spells types in CamelCase; the SDK keys in upper snake case.
const CLI_TYPE: Record<string, string> = {
  TEXT: 'Text',
  KEYWORD: 'Keyword',
  INT: 'Int',
  DOUBLE: 'Double',
  BOOL: 'Bool',
  DATETIME: 'Datetime',
  KEYWORD_LIST: 'KeywordList',
};

export function devServerArgs(options: DevServerOptions): string[] {
  const args = ['server', 'start-dev', '--ip', options.ip ?? '127.0.0.1', '--port', String(options.port)];
  args.push(...(options.uiPort === null ? ['--headless'] : ['--ui-port', String(options.uiPort)]));
  if (options.dbFilename) args.push('--db-filename', options.dbFilename);
  if (options.uiCodecEndpoint && options.uiPort !== null) args.push('--ui-codec-endpoint', options.uiCodecEndpoint);
  for (const key of searchAttributeKeys) args.push('--search-attribute', `${key.name}=${CLI_TYPE[key.type]}`);
  args.push('--log-level', 'warn');
  return args;
}

/** Resolves once the frontend answers a health check, or throws after `timeoutMs`. */
export async function waitForTemporal(
  address: string,
  timeoutMs = 60_000,
  alive: () => boolean = () => true,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline && alive()) {
    try {
      const connection = await Connection.connect({ address, connectTimeout: 2000 });
      try {
        await connection.workflowService.getSystemInfo({});
        return;
      } finally {
        await connection.close();
      }
    } catch (error) {
      lastError = error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  throw new Error(`Temporal at ${address} did not become ready: ${String(lastError ?? 'server exited')}`);
}

const tail = (file: string | undefined) => {
  if (!file) return '';
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-15).join('\n');
  } catch {
    return '';
  }
};

async function spawnCli(binary: string, options: DevServerOptions): Promise<DevServer> {
  if (options.dbFilename) mkdirSync(path.dirname(options.dbFilename), { recursive: true });
  let out: number | 'ignore' = 'ignore';
  if (options.logFile) {
    mkdirSync(path.dirname(options.logFile), { recursive: true });
    out = openSync(options.logFile, 'a');
  }
  const child: ChildProcess = spawn(binary, devServerArgs(options), { stdio: ['ignore', out, out] });
  if (typeof out === 'number') closeSync(out);
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  // Last resort if this process dies without running its shutdown: never leave the server behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const address = `${options.ip ?? '127.0.0.1'}:${options.port}`;
  const stop = async () => {
    process.off('exit', killOnExit);
    if (exited) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exit;
    clearTimeout(timer);
  };
  try {
    await waitForTemporal(address, 60_000, () => !exited);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n${tail(options.logFile)}`);
  }
  return { address, uiUrl: options.uiPort === null ? null : `http://localhost:${options.uiPort}`, stop };
}

async function sdkDownload(options: DevServerOptions): Promise<DevServer> {
  const { TestWorkflowEnvironment } = await import('@temporalio/testing');
  const env = await TestWorkflowEnvironment.createLocal({
    server: {
      executable: { type: 'cached-download' },
      ip: options.ip ?? '127.0.0.1',
      port: options.port,
      ui: options.uiPort !== null,
      ...(options.uiPort !== null ? { uiPort: options.uiPort } : {}),
      ...(options.dbFilename ? { dbFilename: options.dbFilename } : {}),
      ...(options.uiCodecEndpoint ? { extraArgs: ['--ui-codec-endpoint', options.uiCodecEndpoint] } : {}),
      searchAttributes: [...searchAttributeKeys],
    },
  });
  return {
    address: env.address,
    uiUrl: options.uiPort === null ? null : `http://localhost:${options.uiPort}`,
    stop: () => env.teardown(),
  };
}

/** Starts `temporal server start-dev` as a child process, with our search attributes registered. */
export function startDevServer(options: DevServerOptions): Promise<DevServer> {
  return options.binary ? spawnCli(options.binary, options) : sdkDownload(options);
}
