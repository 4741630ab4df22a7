// The trace of the request that submitted a job (docs/operations.md#traces), for the dashboard's link to it: the
// `traceparent` its first event (JobSubmitted) carries in its metadata when the API that took it was traced
// (infra/tracing/event-store.ts). Only that one text of one event is read, never the job's data.
import { jobStream } from '../../domain/jobs/job.js';
import type { EventStore } from '../../infra/eventstore/types.js';
import { traceIdOf } from '../../infra/tracing/spans.js';

/** The submitting request's trace id of each job that has one (jobs submitted untraced have none). */
export async function submittingTraces(events: EventStore, jobIds: readonly string[]): Promise<Map<string, string>> {
  const traces = new Map<string, string>();
  await Promise.all(
    [...new Set(jobIds)].map(async (jobId) => {
      const [first] = await events.readStreamData(jobStream(jobId), { maxCount: 1, latest: ['traceparent'] });
      // EventStoreDB gives whole events: their metadata, and no `latest`.
      const traceId = traceIdOf(first?.latest ?? first?.metadata?.traceparent);
      if (traceId) traces.set(jobId, traceId);
    }),
  );
  return traces;
}
