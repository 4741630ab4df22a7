// Activities of the dataset refresh workflow: read a source (the publisher's, a refresh URL or the bundled file),
// write the series and the refresh record.
import { attemptOf, cancellation } from './activity-context.js';
import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { datasetBySlug } from '../domain/datasets/catalogue.js';
import { DatasetParseError, parsePoints } from '../domain/datasets/parse.js';
import type { DatasetDefinition, Point } from '../domain/datasets/types.js';
import { liveReadable, liveUrl, readLive } from '../infra/datasets/publishers/index.js';
import { displayUrl, liveDisplayUrl } from '../infra/datasets/refresh-urls.js';
import { fetchSourceText, readBundledFile, SourceFetchError } from '../infra/datasets/sources.js';
import { hasSuccessfulRefresh, recordFailedRefresh, replaceSeries } from '../infra/datasets/writes.js';
import type { Logger } from '../infra/logger.js';
import type { Sql } from '../infra/sql/sql.js';
import type { DatasetRefreshSummary } from '../contracts/dataset-refresh.js';

export interface DatasetActivityDeps {
  sql: Sql;
  logger: Logger;
  /** How long a source (the publisher's, or a refresh URL) may take to answer before it counts as failed (default 15 s). */
  fetchTimeoutMs?: number;
  /**
   * Tests: a URL per slug serving a copy in the bundled file's format, read instead of the file (the file is
   * used when it fails). Takes precedence over the live source.
   */
  refreshUrls?: Readonly<Record<string, string>>;
  /** Where the bundled files are (default data/datasets). */
  dataDir?: string;
  /**
   * `live`: refresh each dataset from its publisher's own download (the catalogue's `live` source), keeping the
   * last good series when it fails; `bundled` (the default): from the bundled files (DATASET_SOURCES).
   */
  sources?: 'live' | 'bundled';
  /** EIA's API key (EIA_API_KEY); without it the EIA datasets stay on their bundled files. */
  eiaApiKey?: string | undefined;
  /**
   * Tests only: every publisher URL is sent to this origin instead, its host as the first path segment
   * (https://api.worldbank.org/v2/… becomes {origin}/api.worldbank.org/v2/…), so recorded answers can be served.
   */
  sourceOrigin?: string;
}

export interface DatasetRefreshInput {
  slug: string;
  /** Unique per workflow run, so a retried activity rewrites its own refresh record. */
  refreshId: string;
  startedAt: string;
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

export function datasetActivities(deps: DatasetActivityDeps) {
  const log = deps.logger.child({ component: 'datasets' });
  const timeoutMs = deps.fetchTimeoutMs ?? 15_000;
  const refreshUrlOf = (slug: string): string | null => deps.refreshUrls?.[slug] ?? null;
  const shown = (url: string | null) => (url === null ? null : displayUrl(url));
  const rewrite = (url: string): string => {
    if (!deps.sourceOrigin) return url;
    const parsed = new URL(url);
    return `${deps.sourceOrigin}/${parsed.host}${parsed.pathname}${parsed.search}`;
  };
  const liveContext = {
    get: (url: string) => fetchSourceText(rewrite(url), timeoutMs, cancellation()),
    eiaApiKey: deps.eiaApiKey,
  };

  /** The fetched series, or why it cannot be used; never throws, because the bundled file is the fallback. */
  async function fromUrl(url: string, definition: DatasetDefinition): Promise<{ points: Point[] } | { note: string }> {
    try {
      const points = parsePoints(await fetchSourceText(url, timeoutMs, cancellation()), definition.format);
      return { points };
    } catch (error) {
      // Cancelled (a worker's stop): not a failed URL to fall back from.
      if (cancellation()?.aborted) throw error;
      const note = `refresh URL not used: ${(error as Error).message}`;
      log.warn(
        { slug: definition.slug, url: displayUrl(url), reason: (error as Error).message },
        'dataset refresh URL failed; using the bundled file',
      );
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
      if (attempt > 1)
        log.warn({ slug: input.slug, attempt }, 'dataset refresh retried after a failed or lost attempt');
      return whileHeartbeating(() => refresh(input, definition));
    },

    async recordDatasetRefreshFailure(input: DatasetRefreshInput & { error: string }): Promise<void> {
      const definition = datasetBySlug(input.slug);
      const live = definition ? liveSourceOf(definition) : null;
      const url = refreshUrlOf(input.slug);
      await whileHeartbeating(() =>
        recordFailedRefresh(deps.sql, {
          id: input.refreshId,
          slug: input.slug,
          startedAt: new Date(input.startedAt),
          finishedAt: new Date(),
          url: url ? shown(url) : live ? liveDisplayUrl(liveUrl(live, liveContext)) : null,
          message: input.error.slice(0, 2000),
          mode: url || live ? 'live' : 'bundled',
        }),
      );
    },
  };

  /** The publisher's source, when this process refreshes from publishers and can read this one. */
  function liveSourceOf(definition: DatasetDefinition) {
    if (deps.sources !== 'live' || !definition.live || refreshUrlOf(definition.slug)) return null;
    return liveReadable(definition.live, liveContext) ? definition.live : null;
  }

  async function bundledPoints(definition: DatasetDefinition): Promise<Point[]> {
    try {
      return parsePoints(await readBundledFile(definition.file, deps.dataDir), definition.format);
    } catch (error) {
      // A bundled file that does not parse will not parse on a retry either.
      if (error instanceof DatasetParseError) {
        throw ApplicationFailure.nonRetryable(`${definition.file}: ${error.message}`, 'DatasetParseError');
      }
      throw error;
    }
  }

  /**
   * A refresh from the publisher. When the source fails (unreachable, an HTTP error, a response in another
   * format), the series already served stays as it is and the failure is recorded for freshness; a dataset that
   * never loaded loads its bundled file instead, with the failure noted.
   */
  async function refreshLive(
    input: DatasetRefreshInput,
    definition: DatasetDefinition,
    live: NonNullable<DatasetDefinition['live']>,
  ) {
    const url = liveDisplayUrl(liveUrl(live, liveContext));
    let points: Point[];
    let origin: 'url' | 'file' = 'url';
    let note: string | null = null;
    try {
      points = await readLive(live, liveContext, () => bundledPoints(definition));
    } catch (error) {
      if (!(error instanceof SourceFetchError || error instanceof DatasetParseError)) throw error;
      note = `live source failed: ${error.message}`.slice(0, 2000);
      log.warn({ slug: definition.slug, url, reason: error.message }, 'dataset live source failed');
      if (await hasSuccessfulRefresh(deps.sql, definition.slug)) {
        await recordFailedRefresh(deps.sql, {
          id: input.refreshId,
          slug: definition.slug,
          startedAt: new Date(input.startedAt),
          finishedAt: new Date(),
          url,
          message: note,
          mode: 'live',
        });
        const [row] = await deps.sql.query<{ n: number; first: string | null; last: string | null }>(
          'select observation_count as n, first_date::text as first, last_date::text as last from datasets where slug = $1',
          [definition.slug],
        );
        return {
          slug: definition.slug,
          origin: 'kept' as const,
          url,
          points: row?.n ?? 0,
          firstDate: row?.first ?? null,
          lastDate: row?.last ?? null,
          note,
        };
      }
      origin = 'file';
      points = await bundledPoints(definition);
    }
    const changes = await replaceSeries(deps.sql, definition, points, {
      id: input.refreshId,
      startedAt: new Date(input.startedAt),
      finishedAt: new Date(),
      origin,
      url,
      message: note,
      mode: 'live',
    });
    const summary: DatasetRefreshSummary = {
      slug: definition.slug,
      origin,
      url,
      points: points.length,
      firstDate: points[0]?.date ?? null,
      lastDate: points.at(-1)?.date ?? null,
      note,
    };
    log.info(
      {
        slug: definition.slug,
        origin,
        url,
        points: points.length,
        last_date: summary.lastDate,
        added: changes.added.length,
        revised: changes.revised.length,
        removed: changes.removed.length,
      },
      'dataset refreshed from its publisher',
    );
    return summary;
  }

  /**
   * One attempt: the publisher's source in live mode; else the refresh URL if one is configured and answers,
   * else the bundled file; then the series written.
   */
  async function refresh(input: DatasetRefreshInput, definition: DatasetDefinition): Promise<DatasetRefreshSummary> {
    const live = liveSourceOf(definition);
    if (live) return refreshLive(input, definition, live);
    const url = refreshUrlOf(input.slug);
    let points: Point[] | null = null;
    let note: string | null = null;
    if (url) {
      const fetched = await fromUrl(url, definition);
      if ('points' in fetched) points = fetched.points;
      else note = fetched.note;
    }
    const origin = points ? 'url' : 'file';
    points ??= await bundledPoints(definition);
    await replaceSeries(deps.sql, definition, points, {
      id: input.refreshId,
      startedAt: new Date(input.startedAt),
      finishedAt: new Date(),
      origin,
      url: shown(url),
      message: note,
      mode: url ? 'live' : 'bundled',
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
