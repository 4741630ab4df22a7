import { spawn } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { fromRoot } from '../../infra/paths.js';
import { DevConsole } from '../../infra/console/terminal.js';
import { ensureTemporalBinary } from '../../infra/temporal/binary.js';
import { startDevServer } from '../../infra/temporal/dev-server.js';
import { freePort } from './net.js';

declare module 'vitest' {
  export interface ProvidedContext {
    temporalAddress: string;
    temporalUiUrl: string;
    /** The port the UI's codec endpoint points at: test/e2e/temporal-ui.test.ts serves the service there. */
    temporalUiCodecPort: number;
  }
}

/**
 * The corpora the tests read, made before any test file starts, in a child process: the drawing and scanning run
 * native code (@napi-rs/canvas) for about a minute, and a crash there would take a test file's fork with it (a CI run
 * lost two files' results to forks that died, which files it did not say). A child that dies is run again, and
 * takes over the lock the dead one held (test/corpus/store.ts).
 */
async function generateCorpora(): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/corpus/generate.ts'], {
      cwd: fromRoot(),
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
      child.once('exit', (...end) => resolve(end)),
    );
    if (code === 0) return;
    const how = signal ? `signal ${signal}` : `exit code ${code}`;
    if (attempt === 3) throw new Error(`generating the test corpora failed three times (last: ${how})`);
    console.warn(`generating the test corpora ended with ${how}; trying again`);
  }
}

/** The corpora, and one real Temporal dev server (in memory, with its UI) for the whole run. */
export default async function setup(project: TestProject) {
  await generateCorpora();
  const binary = await ensureTemporalBinary(process.env.TEMPORAL_CLI_PATH, (label, state) =>
    new DevConsole(process.stdout).progress(label, state),
  );
  const codecPort = await freePort();
  const server = await startDevServer({
    binary,
    port: await freePort(),
    uiPort: await freePort(),
    uiCodecEndpoint: `http://127.0.0.1:${codecPort}/codec`,
  });
  project.provide('temporalAddress', server.address);
  project.provide('temporalUiUrl', server.uiUrl!);
  project.provide('temporalUiCodecPort', codecPort);
  return () => server.stop();
}
