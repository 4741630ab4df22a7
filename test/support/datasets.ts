// Helpers for the dataset tests: a database with the catalogue loaded, and the API on a real socket.
import type { Router } from 'express';
import { datasetActivities } from '../../activities/datasets.js';
import { createApp } from '../../api/app.js';
import { CATALOGUE_SLUGS } from '../../domain/datasets/catalogue.js';
import { datasetMigrations } from '../../infra/datasets/migrations.js';
import { createLogger } from '../../infra/logger.js';
import { migrate } from '../../infra/sql/migrate.js';
import type { Sql } from '../../infra/sql/sql.js';
import { listenOnLoopback } from './net.js';

export const silentLogger = createLogger('silent', 'test');

/** Creates the tables and loads each dataset from its bundled file, as the refresh activity does. */
export async function loadDatasets(sql: Sql, slugs: readonly string[] = CATALOGUE_SLUGS): Promise<void> {
  await migrate(sql, datasetMigrations);
  const activities = datasetActivities({ sql, logger: silentLogger });
  for (const slug of slugs) {
    await activities.refreshDataset({ slug, refreshId: `test-load-${slug}`, startedAt: new Date().toISOString() });
  }
}

export interface Served {
  url: string;
  close(): Promise<void>;
}

/** The service's Express app (error handling, 404s) with these routers, listening on a free port. */
export async function serve(routers: Router[]): Promise<Served> {
  const { base, close } = await listenOnLoopback(createApp({ logger: silentLogger, readiness: {}, routers }));
  return { url: base, close };
}
