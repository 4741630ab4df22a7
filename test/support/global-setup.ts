import type { TestProject } from 'vitest/node';
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

/** One real Temporal dev server (in memory, with its UI) for the whole run. */
export default async function setup(project: TestProject) {
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
