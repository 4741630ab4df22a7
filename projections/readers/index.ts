import { accountReader } from './accounts.js';
import { batchReader, jobReader } from './jobs.js';
import { monitorReader } from './monitors.js';
import type { ReaderDeps } from './read-at.js';

/** Every reader of the read models, as bin/ hands them to the API, the activities and the workers. */
export const readers = (deps: ReaderDeps) => ({
  jobs: jobReader(deps),
  batches: batchReader(deps),
  accounts: accountReader(deps),
  monitors: monitorReader(deps),
});

export type Readers = ReturnType<typeof readers>;
export { ReadModelBehindError, type ReaderDeps } from './read-at.js';
