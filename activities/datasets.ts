// Activities of the dataset refresh workflow: read a source (URL or bundled file), write the series and the
// refresh record.
import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { datasetBySlug } from '../domain/datasets/catalogue.js';
import { DatasetParseError, parsePoints } from '../domain/datasets/parse.js';
import type { DatasetDefinition, Point } from '../domain/datasets/types.js';
import { displayUrl } from '../infra/datasets/refresh-urls.js';
import { fetchSourceText, readBundledFile } from '../infra/datasets/sources.js';
import { hasSuccessfulRefresh, recordFailedRefresh, replaceSeries } from '../infra/datasets/writes.js';
import type { Logger } from '../infra/logger.js';
import type { Sql } from '../infra/sql/sql.js';

export interface DatasetActivityDeps {
  sql: Sql;
  logger: Logger;
  /** How long a refresh URL may take to answer before the bundled file is used instead (default 15 s). */
  fetchTimeoutMs?: number;
  /** Refresh URLs by slug, overriding the catalogue's (see infra/datasets/refresh-urls.ts). */
  refreshUrls?: Readonly<Record<string, string>>;
  /** Where the bundled files are (default data/datasets). */
  dataDir?: string;
}

export interface DatasetRefreshInput {
  slug: string;
  /** Unique per workflow run, so a retried activity rewrites its own refresh record. */
  refreshId: string;
  startedAt: string;
}

export interface DatasetRefreshSummary {
  slug: string;
  origin: 'file' | 'url';
  /** The refresh URL tried, if any (also when it failed and the file was used). */
  url: string | null;
  points: number;
  firstDate: string | null;
  lastDate: string | null;
  /** Why a configured URL was not used. */
  note: string | null;
}

function definitionOf(slug: string): DatasetDefinition {
  const definition = datasetBySlug(slug);
  if (!definition) throw ApplicationFailure.nonRetryable(`no dataset "${slug}" in the catalogue`, 'UnknownDataset');
  return definition;
}

/**
 * How often a refresh reports that it is alive. The workflow's heartbeat timeout (workflows/datasets.ts) is a
 * few of these: an attempt lost with its worker, or never received, is retried within seconds instead of after
 * the whole start-to-close timeout.
 */
export const DATASET_HEARTBEAT_MS = 1_000;

/**
 * Runs `work`, heartbeating while it runs (a queue behind the one PGlite connection at a cold start is alive,
 * not lost); outside an activity (plain unit calls) it just runs it.
 */
async function whileHeartbeating<T>(work: () => Promise<T>): Promise<T> {
  let context: Context;
  try {
    context = Context.current();
  } catch {
    return work();
  }
  context.heartbeat();
  const timer = setInterval(() => context.heartbeat(), DATASET_HEARTBEAT_MS);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

const attemptOf = (): number => {
  try {
    return Context.current().info.attempt;
  } catch {
    return 1;
  }
};

export function datasetActivities(deps: DatasetActivityDeps) {
  const log = deps.logger.child({ component: 'datasets' });
  const timeoutMs = deps.fetchTimeoutMs ?? 15_000;
  const refreshUrlOf = (slug: string): string | null => deps.refreshUrls?.[slug] ?? datasetBySlug(slug)?.refreshUrl ?? null;
  const shown = (url: string | null) => (url === null ? null : displayUrl(url));

  /** The fetched series, or why it cannot be used; never throws, because the bundled file is the fallback. */
  async function fromUrl(url: string, definition: DatasetDefinition): Promise<{ points: Point[] } | { note: string }> {
    try {
      const points = parsePoints(await fetchSourceText(url, timeoutMs), definition.format);
      return { points };
    } catch (error) {
      const note = `refresh URL not used: ${(error as Error).message}`;
      log.warn({ slug: definition.slug, url: displayUrl(url), reason: (error as Error).message }, 'dataset refresh URL failed; using the bundled file');
      return { note };
    }
  }

  return {
    async datasetHasLoaded(slug: string): Promise<boolean> {
      return whileHeartbeating(() => hasSuccessfulRefresh(deps.sql, slug));
    },

    async refreshDataset(input: DatasetRefreshInput): Promise<DatasetRefreshSummary> {
      const definition = definitionOf(input.slug);
      const attempt = attemptOf();
      // A retry means an earlier attempt failed or was lost (its heartbeats stopped): say so, or a slow start
      // would have nothing in the log.
      if (attempt > 1) log.warn({ slug: input.slug, attempt }, 'dataset refresh retried after a failed or lost attempt');
      return whileHeartbeating(() => refresh(input, definition));
    },

    async recordDatasetRefreshFailure(input: DatasetRefreshInput & { error: string }): Promise<void> {
      await whileHeartbeating(() =>
        recordFailedRefresh(deps.sql, {
          id: input.refreshId,
          slug: input.slug,
          startedAt: new Date(input.startedAt),
          finishedAt: new Date(),
          url: shown(refreshUrlOf(input.slug)),
          message: input.error.slice(0, 2000),
        }),
      );
    },
  };

  /** One attempt: the URL if one is configured and answers, else the bundled file; then the series written. */
  async function refresh(input: DatasetRefreshInput, definition: DatasetDefinition): Promise<DatasetRefreshSummary> {
    const url = refreshUrlOf(input.slug);
    let points: Point[] | null = null;
    let note: string | null = null;
    if (url) {
      const fetched = await fromUrl(url, definition);
      if ('points' in fetched) points = fetched.points;
      else note = fetched.note;
    }
    const origin = points ? 'url' : 'file';
    if (!points) {
      try {
        points = parsePoints(await readBundledFile(definition.file, deps.dataDir), definition.format);
      } catch (error) {
        // A bundled file that does not parse will not parse on a retry either.
        if (error instanceof DatasetParseError) {
          throw ApplicationFailure.nonRetryable(`${definition.file}: ${error.message}`, 'DatasetParseError');
        }
        throw error;
      }
    }
    await replaceSeries(deps.sql, definition, points, {
      id: input.refreshId,
      startedAt: new Date(input.startedAt),
      finishedAt: new Date(),
      origin,
      url: shown(url),
      message: note,
    });
    const summary: DatasetRefreshSummary = {
      slug: input.slug,
      origin,
      url: shown(url),
      points: points.length,
      firstDate: points[0]?.date ?? null,
      lastDate: points.at(-1)?.date ?? null,
      note,
    };
    log.info({ slug: input.slug, origin, points: points.length, last_date: summary.lastDate }, 'dataset refreshed');
    return summary;
  }
}

export type DatasetActivities = ReturnType<typeof datasetActivities>;
