import { createServer } from 'node:net';
import type { TestProject } from 'vitest/node';
import { ensureTemporalBinary } from '../../infra/temporal/binary.js';
import { startDevServer } from '../../infra/temporal/dev-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    temporalAddress: string;
    temporalUiUrl: string;
  }
}

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** One real Temporal dev server (in memory, with its UI) for the whole run. */
export default async function setup(project: TestProject) {
  const binary = await ensureTemporalBinary(process.env.TEMPORAL_CLI_PATH, (line) => console.log(line));
  const server = await startDevServer({ binary, port: await freePort(), uiPort: await freePort() });
  project.provide('temporalAddress', server.address);
  project.provide('temporalUiUrl', server.uiUrl!);
  return () => server.stop();
}
