import protos from '@temporalio/proto';
import type { TaskQueueBacklog } from '../operations-metrics.js';
import type { TemporalClient } from './client.js';

const { TaskQueueType } = protos.temporal.api.enums.v1;
const TYPES = [
  ['workflow', TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW],
  ['activity', TaskQueueType.TASK_QUEUE_TYPE_ACTIVITY],
] as const;

const seconds = (duration: { seconds?: unknown; nanos?: unknown } | null | undefined) =>
  Number(duration?.seconds ?? 0) + Number(duration?.nanos ?? 0) / 1e9;

/** The backlog Temporal reports for each of `queues`, workflow and activity tasks apart. */
export async function taskQueueBacklogs(
  { connection, namespace }: TemporalClient,
  queues: readonly string[],
): Promise<TaskQueueBacklog[]> {
  const rows = await Promise.all(
    queues.flatMap((name) =>
      TYPES.map(async ([type, taskQueueType]) => {
        const { stats } = await connection.workflowService.describeTaskQueue({
          namespace,
          taskQueue: { name },
          taskQueueType,
          reportStats: true,
        });
        return {
          taskQueue: name,
          type,
          backlog: Number(stats?.approximateBacklogCount ?? 0),
          ageSeconds: seconds(stats?.approximateBacklogAge),
        };
      }),
    ),
  );
  return rows;
}
