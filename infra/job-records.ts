import { jobRecord, foldJobRow, type JobRecord } from '../domain/jobs/job-record.js';
import { jobStream } from '../domain/jobs/job.js';
import { readEvents, type EventStore } from './eventstore/types.js';

/** A job's record folded from its events, as its owner sees it (another account's or mode's is none). */
export async function foldedJob(events: EventStore, jobId: string, owner: { accountId: string; mode: string }): Promise<JobRecord | null> {
  const row = foldJobRow(jobId, await readEvents(events, jobStream, jobId));
  return row && row.account_id === owner.accountId && row.mode === owner.mode ? jobRecord(row) : null;
}
