import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { fromRoot } from '../paths.js';

const run = promisify(execFile);
const BUILD_SCRIPT = fromRoot('scripts', 'build-temporal.sh');

const executable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** TEMPORAL_CLI_PATH, then `temporal` on PATH, then the project's own build in .tools/bin. */
export function findTemporalBinary(cliPath?: string): string | null {
  if (cliPath) {
    if (!executable(cliPath)) throw new Error(`TEMPORAL_CLI_PATH=${cliPath} is not an executable file`);
    return cliPath;
  }
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, 'temporal');
    if (executable(candidate)) return candidate;
  }
  const built = fromRoot('.tools', 'bin', 'temporal');
  return executable(built) ? built : null;
}

const hasGo = async () =>
  run('go', ['version']).then(
    () => true,
    () => executable('/usr/local/go/bin/go'),
  );

/**
 * Finds the binary, or builds it from the Go module when Go is present (minutes, once).
 * Null means neither worked: the caller falls back to the SDK's download.
 */
const PROGRESS_EVERY_MS = 5000;

export async function ensureTemporalBinary(cliPath?: string, log: (line: string) => void = () => undefined): Promise<string | null> {
  const found = findTemporalBinary(cliPath);
  if (found || !(await hasGo())) return found;
  log('Temporal CLI not found: building it with Go (once; a few minutes)…');
  // A line every few seconds, so that minutes of a silent build never look like a hang.
  const began = Date.now();
  const ticker = setInterval(() => log(`Temporal CLI: still building (${Math.round((Date.now() - began) / 1000)} s)…`), PROGRESS_EVERY_MS);
  try {
    const { stdout } = await run('bash', [BUILD_SCRIPT], { maxBuffer: 1 << 20 });
    log(`Temporal CLI: built in ${Math.round((Date.now() - began) / 1000)} s`);
    return stdout.trim().split('\n').pop() || null;
  } finally {
    clearInterval(ticker);
  }
}
