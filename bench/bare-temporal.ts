// The baseline of the jobs bench: a Temporal worker whose workflow runs one no-op activity, on the same
// server. BARE_TASK_QUEUE names its task queue.
import { fileURLToPath } from 'node:url';
import { NativeConnection, Worker } from '@temporalio/worker';

const connection = await NativeConnection.connect({ address: process.env.TEMPORAL_ADDRESS! });
const worker = await Worker.create({
  connection,
  taskQueue: process.env.BARE_TASK_QUEUE!,
  workflowsPath: fileURLToPath(new URL('./bare-workflow.ts', import.meta.url)),
  activities: { async noop(): Promise<void> {} },
});
process.on('SIGTERM', () => worker.shutdown());
await worker.run();
await connection.close();
