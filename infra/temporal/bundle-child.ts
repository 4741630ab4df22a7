// Bundles the workflows (infra/temporal/bundle.ts says why in a process of its own) and writes the code to stdout.
import { bundleWorkflowCode } from '@temporalio/worker';
import { quiet, type BundleRequest } from './bundle.js';

const request = JSON.parse(process.argv[2] ?? '{}') as BundleRequest;
const { code } = await bundleWorkflowCode({ ...request, logger: quiet });
process.stdout.write(code);
