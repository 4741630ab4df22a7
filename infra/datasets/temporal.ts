// The Temporal side of dataset loading: a Schedule per dataset at its cadence, and the first load at start-up.
import type { CalendarSpec, Client } from '@temporalio/client';
import { CATALOGUE } from '../../domain/datasets/catalogue.js';
import type { Cadence } from '../../domain/datasets/types.js';
import { contractClient, type ContractClientOptions } from '../temporal/contract-client.js';
import { DATASET_REFRESH_WORKFLOW } from '../../contracts/dataset-refresh.js';

export interface DatasetTemporalOptions extends ContractClientOptions {
  /** Only these datasets (default: the whole catalogue). */
  slugs?: readonly string[];
  /** Hears of each dataset as its first load ends (loaded, already there, or failed): `npm run dev` prints it. */
  onSettled?: (progress: { slug: string; ok: boolean; done: number; total: number }) => void;
}

/**
 * When each cadence refreshes, in UTC, early morning when the API is quiet. The jitter spreads the thirty-odd
 * schedules that share a calendar over the following half hour.
 */
export const REFRESH_CALENDARS: Record<Cadence, CalendarSpec> = {
  daily: { hour: 6, minute: 0 },
  weekly: { dayOfWeek: 'MONDAY', hour: 6, minute: 0 },
  monthly: { dayOfMonth: 1, hour: 6, minute: 0 },
  quarterly: { month: ['JANUARY', 'APRIL', 'JULY', 'OCTOBER'], dayOfMonth: 1, hour: 6, minute: 0 },
  annual: { month: 'JANUARY', dayOfMonth: 1, hour: 6, minute: 0 },
};

const selected = (options: DatasetTemporalOptions) =>
  options.slugs ? CATALOGUE.filter((definition) => options.slugs!.includes(definition.slug)) : CATALOGUE;

/**
 * One Schedule per dataset (`dataset-refresh-{slug}`), created or brought up to date; safe to call on every
 * start. Scheduled runs get the id plus the scheduled time, so they never collide with a start-up load.
 */
export async function ensureDatasetSchedules(
  client: Client,
  taskQueue: string,
  options: DatasetTemporalOptions = {},
): Promise<void> {
  const workflows = contractClient(client, taskQueue, options);
  for (const definition of selected(options)) {
    await workflows.schedule(
      DATASET_REFRESH_WORKFLOW,
      { slug: definition.slug },
      {
        spec: { calendars: [REFRESH_CALENDARS[definition.cadence]], jitter: '30 minutes' },
        workflowExecutionTimeout: '1 hour',
        // SKIP: a refresh still running when the next is due makes the next one pointless. A missed run (server
        // down) is made up within a day.
        policies: { overlap: 'SKIP', catchupWindow: '1 day' },
      },
    );
  }
}

/**
 * Runs the refresh of every dataset that has never loaded (the others return at once) and waits for all of
 * them; `npm run dev` calls it before readiness can turn green. Two processes starting together share the
 * runs (USE_EXISTING) instead of loading twice. Throws, naming the datasets, if any failed.
 */
export async function loadAllDatasets(
  client: Client,
  taskQueue: string,
  options: DatasetTemporalOptions = {},
): Promise<void> {
  const workflows = contractClient(client, taskQueue, options);
  const definitions = selected(options);
  let done = 0;
  const settled = (slug: string, ok: boolean) => {
    done += 1;
    options.onSettled?.({ slug, ok, done, total: definitions.length });
  };
  const results = await Promise.allSettled(
    definitions.map((definition) =>
      workflows
        .execute(
          DATASET_REFRESH_WORKFLOW,
          { slug: definition.slug, onlyIfNeverLoaded: true },
          {
            workflowIdConflictPolicy: 'USE_EXISTING',
            workflowExecutionTimeout: '10 minutes',
          },
        )
        .then(
          (result) => {
            settled(definition.slug, true);
            return result;
          },
          (error: unknown) => {
            settled(definition.slug, false);
            throw error;
          },
        ),
    ),
  );
  const failed = definitions.filter((_, i) => results[i]!.status === 'rejected').map((definition) => definition.slug);
  if (failed.length > 0) {
    const first = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')!;
    throw new Error(`datasets failed to load: ${failed.join(', ')} (first: ${(first.reason as Error).message})`, {
      cause: first.reason,
    });
  }
}
