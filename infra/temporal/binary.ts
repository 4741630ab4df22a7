import { execFile, spawn } from 'node:child_process';
import { accessSync, constants, readdirSync } from 'node:fs';
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

/** Where scripts/build-temporal.sh puts the binary it builds. */
const BUILT = fromRoot('.tools', 'bin', 'temporal');
/** Where the SDK's download of the released dev server is kept (named temporal-<sdk>-<version> by the SDK). */
const DOWNLOADS = fromRoot('.tools', 'temporal');

/** A downloaded dev server in `dir`, whole (the SDK writes to `….downloading` first), or null. */
function downloaded(dir: string): string | null {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return null;
  }
  const name = names
    .filter((n) => n.startsWith('temporal-') && !n.endsWith('.downloading'))
    .sort()
    .pop();
  return name && executable(path.join(dir, name)) ? path.join(dir, name) : null;
}

/** TEMPORAL_CLI_PATH, then `temporal` on PATH, then the project's own build in .tools/bin, then its download. */
export function findTemporalBinary(cliPath?: string, built = BUILT, downloads = DOWNLOADS): string | null {
  if (cliPath) {
    if (!executable(cliPath)) throw new Error(`TEMPORAL_CLI_PATH=${cliPath} is not an executable file`);
    return cliPath;
  }
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, 'temporal');
    if (executable(candidate)) return candidate;
  }
  return executable(built) ? built : downloaded(downloads);
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

/** Where ensureTemporalBinary looks and what it runs; each has the project's default (a test gives stand-ins). */
export interface BinarySources {
  /** scripts/build-temporal.sh: builds with Go, prints the binary's path last. */
  script?: string;
  built?: string;
  downloads?: string;
  /** Whether the download's host answers at all; rejects when it does not (offline: at once, or on the timeout). */
  probe?: (timeoutMs: number) => Promise<void>;
  /** Puts the released dev server into `dir` (the SDK's own download). */
  download?: (dir: string) => Promise<void>;
  probeTimeoutMs?: number;
  downloadTimeoutMs?: number;
}

const DOWNLOAD_HOST = 'https://temporal.download/cli/default';

const probeHost = async (timeoutMs: number) => {
  // Any answer will do: this asks only whether the host can be reached before the SDK is left to download.
  const res = await fetch(DOWNLOAD_HOST, { method: 'HEAD', signal: AbortSignal.timeout(timeoutMs) });
  await res.body?.cancel();
};

/**
 * The SDK's download (@temporalio/testing's cached-download, done by the core bridge): it downloads only while
 * starting a server, so one is started headless on a free port and stopped again, leaving the binary in `dir`.
 */
async function sdkDownload(dir: string): Promise<void> {
  const { TestWorkflowEnvironment } = await import('@temporalio/testing');
  const env = await TestWorkflowEnvironment.createLocal({
    server: { executable: { type: 'cached-download', downloadDir: dir, ttl: '3650 days' }, ui: false },
  });
  await env.teardown();
}

const seconds = (since: number) => Math.round((Date.now() - since) / 1000);

/** Rejects after `ms`. The work goes on behind it (the native download cannot be cancelled); sdkDownload stops
 * the server it started whenever it ends. */
function within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${Math.round(ms / 1000)} s`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The released dev server through the SDK's download, when its host answers within `probeTimeoutMs` and the
 * download ends within `downloadTimeoutMs`; null (with the reason on the progress line) otherwise.
 */
async function tryDownload(
  sources: Required<Pick<BinarySources, 'downloads' | 'probe' | 'download' | 'probeTimeoutMs' | 'downloadTimeoutMs'>>,
  progress?: StartProgress,
): Promise<string | null> {
  const began = Date.now();
  const line = progress?.(
    'Temporal CLI',
    'not found: downloading the released dev server (seconds to a minute; tried only if temporal.download answers)',
  );
  try {
    await sources.probe(sources.probeTimeoutMs);
    line?.update('downloading the released dev server through the Temporal SDK');
    const work = sources.download(sources.downloads);
    work.catch(() => undefined); // settled late or never: nobody waits on it any more
    await within(work, sources.downloadTimeoutMs, 'the download');
    const found = downloaded(sources.downloads);
    if (!found) throw new Error(`no dev server in ${sources.downloads} after the download`);
    line?.done(`Temporal CLI: downloaded in ${seconds(began)} s`);
    return found;
  } catch (error) {
    const reason = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
    line?.done(`Temporal CLI: no download (${reason}) after ${seconds(began)} s`);
    return null;
  }
}

/**
 * Finds the binary; else downloads the released dev server (seconds, where the internet answers); else builds it
 * with Go (2 to 7 minutes on 2 cores, once), showing what the build does and for how long on one progress line.
 * Throws, naming what to install, when none of them works.
 */
export async function ensureTemporalBinary(
  cliPath?: string,
  progress?: StartProgress,
  sources: BinarySources = {},
): Promise<string> {
  const built = sources.built ?? BUILT;
  const downloads = sources.downloads ?? DOWNLOADS;
  const found = findTemporalBinary(cliPath, built, downloads);
  if (found) return found;
  const fetched = await tryDownload(
    {
      downloads,
      probe: sources.probe ?? probeHost,
      download: sources.download ?? sdkDownload,
      probeTimeoutMs: sources.probeTimeoutMs ?? 5_000,
      downloadTimeoutMs: sources.downloadTimeoutMs ?? 180_000,
    },
    progress,
  );
  if (fetched) return fetched;
  if (!(await hasGo())) {
    throw new Error(
      'No Temporal CLI: it could not be downloaded and no Go toolchain is installed to build it. Install the Temporal CLI (https://docs.temporal.io/cli) and set TEMPORAL_CLI_PATH, or install Go.',
    );
  }
  return buildWithGo(sources.script ?? BUILD_SCRIPT, progress);
}

async function buildWithGo(script: string, progress?: StartProgress): Promise<string> {
  const began = Date.now();
  const line = progress?.('Temporal CLI', 'building it with Go (once; 2 to 7 minutes on 2 cores)');
  const counts = { modules: 0, packages: 0 };
  try {
    const built = await new Promise<string>((resolve, reject) => {
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
    if (!built) throw new Error('building the Temporal CLI printed no path');
    line?.done(
      `Temporal CLI: built in ${seconds(began)} s (${counts.modules} modules downloaded, ${counts.packages} packages compiled)`,
    );
    return built;
  } catch (error) {
    line?.done('Temporal CLI: the build failed');
    throw error;
  }
}
