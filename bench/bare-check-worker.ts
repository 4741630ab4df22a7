// The baseline of the monitors bench: a Temporal worker whose workflow runs one bare verification activity (what a
// test key's monitor check reads: the sandbox's policy as of its first check), with no event store, no decider
// and no codec, on the same server. BARE_TASK_QUEUE names its task queue.
import { fileURLToPath } from 'node:url';
import { NativeConnection, Worker } from '@temporalio/worker';
import { sandboxDay, sandboxObservation } from '../domain/monitors/sandbox.js';

const connection = await NativeConnection.connect({ address: process.env.TEMPORAL_ADDRESS! });
const worker = await Worker.create({
  connection,
  taskQueue: process.env.BARE_TASK_QUEUE!,
  workflowsPath: fileURLToPath(new URL('./bare-check-workflow.ts', import.meta.url)),
  activities: {
    async checkOnce(policyNumber: string, startDay: string) {
      return { observation: sandboxObservation(policyNumber, startDay, 0), asOf: sandboxDay(startDay, 0) };
    },
  },
});
process.on('SIGTERM', () => worker.shutdown());
await worker.run();
await connection.close();
