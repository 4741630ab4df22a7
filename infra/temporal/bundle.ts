// The workflows' bundle, made in a child process. Bundling loads webpack, its loaders and swc's native module into
// the process that bundles, and they stay there for its life (a dev process held about 60 MB of them, idle);
// only the bundle's code, a few megabytes, is needed afterwards.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const CHILD = fileURLToPath(new URL('./bundle-child.ts', import.meta.url));
const run = promisify(execFile);

export interface BundleRequest {
  workflowsPath: string;
  failureConverterPath?: string;
  payloadConverterPath?: string;
}

/** The bundle's code. Under dist/ (compiled JavaScript, no tsx) it is made in this process. */
export async function bundleWorkflows(request: BundleRequest): Promise<string> {
  if (!import.meta.url.endsWith('.ts')) {
    const { bundleWorkflowCode } = await import('@temporalio/worker');
    return (await bundleWorkflowCode({ ...request, logger: quiet })).code;
  }
  const { stdout } = await run(process.execPath, ['--import', 'tsx', CHILD, JSON.stringify(request)], {
    maxBuffer: 256 * 1024 * 1024,
    encoding: 'utf8',
  });
  return stdout;
}

const ignore = () => {};
export const quiet = { trace: ignore, debug: ignore, info: ignore, warn: ignore, error: ignore, log: ignore };
