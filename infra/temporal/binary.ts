import { execFile, spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import type { Progress } from '../console/terminal.js';
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
/** Where scripts/build-temporal.sh puts the binary it builds. */
const BUILT = fromRoot('.tools', 'bin', 'temporal');

export function findTemporalBinary(cliPath?: string, built = BUILT): string | null {
  if (cliPath) {
    if (!executable(cliPath)) throw new Error(`TEMPORAL_CLI_PATH=${cliPath} is not an executable file`);
    return cliPath;
  }
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, 'temporal');
    if (executable(candidate)) return candidate;
  }
  return executable(built) ? built : null;
}

const hasGo = async () =>
  run('go', ['version']).then(
    () => true,
    () => executable('/usr/local/go/bin/go'),
  );

/** Starts the one progress line of a long step (infra/console/terminal.ts DevConsole.progress). */
export type StartProgress = (label: string, state: string) => Progress;

/** What the build is doing, from a line `go install -v` writes on stderr; null for a line that says nothing new. */
export function buildPhase(line: string, counts: { modules: number; packages: number }): string | null {
  const download = /^go: downloading (\S+)/.exec(line);
  if (download) {
    counts.modules += 1;
    return `downloading modules (${counts.modules}: ${download[1]})`;
  }
  // -v names each package as it is compiled: an import path, alone on its line.
  if (/^[a-z0-9.-]+(\/[\w.@~+-]+)+$/i.test(line.trim())) {
    counts.packages += 1;
    return `compiling (${counts.packages} packages: ${line.trim()})`;
  }
  return null;
}

/**
 * Finds the binary, or builds it from the Go module when Go is present (minutes, once), showing what the build
 * does and for how long on one progress line. Null means neither worked: the caller falls back to the SDK's
 * download.
 */
/** `script` and `built`: the build and where it puts the binary (a test gives stand-ins for both). */
export async function ensureTemporalBinary(
  cliPath?: string,
  progress?: StartProgress,
  script = BUILD_SCRIPT,
  built = BUILT,
): Promise<string | null> {
  const found = findTemporalBinary(cliPath, built);
  if (found || !(await hasGo())) return found;
  const began = Date.now();
  const line = progress?.('Temporal CLI', 'not found: building it with Go (once; a few minutes)');
  const counts = { modules: 0, packages: 0 };
  try {
    const path = await new Promise<string>((resolve, reject) => {
      const child = spawn('bash', [script], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let tail = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
      createInterface({ input: child.stderr }).on('line', (text) => {
        tail = `${tail}\n${text}`.slice(-2000);
        const phase = buildPhase(text, counts);
        if (phase) line?.update(phase);
      });
      child.on('error', reject);
      child.on('close', (code) =>
        code === 0
          ? resolve(stdout.trim().split('\n').pop() ?? '')
          : reject(new Error(`building the Temporal CLI failed (exit ${code}):${tail}`)),
      );
    });
    line?.done(
      `Temporal CLI: built in ${Math.round((Date.now() - began) / 1000)} s (${counts.modules} modules downloaded, ${counts.packages} packages compiled)`,
    );
    return path || null;
  } catch (error) {
    line?.done('Temporal CLI: the build failed');
    throw error;
  }
}
