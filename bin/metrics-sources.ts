// Where /metrics reads what it reports when scraped (infra/metrics.ts, infra/operations-metrics.ts): the read
// models, the mail outbox, the projections' health and Temporal's task queues, all from the API's process.
import { mailOutboxCounts, oldestPendingMailSeconds, pendingMailAttempts } from '../application/mail/outbox.js';
import { extractionTaskQueue } from '../contracts/extraction.js';
import { readMetricsFrom } from '../infra/metrics.js';
import { readOperationsFrom } from '../infra/operations-metrics.js';
import { taskQueueBacklogs } from '../infra/temporal/task-queues.js';
import { readModelCounts } from '../projections/readers/counts.js';
import { projectionHealth } from '../projections/readers/projection-health.js';
import type { ServiceContext } from './context.js';

export function readMetricsOf({ config, engines, projections, temporal }: ServiceContext): void {
  readMetricsFrom(engines.sql, {
    ...readModelCounts(engines.sql),
    mailOutbox: () => mailOutboxCounts(engines.sql),
    mailAttempts: () => pendingMailAttempts(engines.sql),
  });
  // Both task queues, whichever this process's workers poll: the API reports for the deployment.
  const queues = [config.TEMPORAL_TASK_QUEUE, extractionTaskQueue(config.TEMPORAL_TASK_QUEUE)];
  readOperationsFrom({
    projections: projectionHealth(engines.sql, engines.events, projections),
    oldestPendingMailSeconds: () => oldestPendingMailSeconds(engines.sql),
    ...(temporal ? { taskQueues: () => taskQueueBacklogs(temporal, queues) } : {}),
  });
}
