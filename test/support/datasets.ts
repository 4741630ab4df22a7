// Helpers for the dataset tests: a database with the catalogue loaded, and the API on a real socket.
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Router } from 'express';
import { datasetActivities } from '../../activities/datasets.js';
import { createApp } from '../../api/app.js';
import { CATALOGUE_SLUGS } from '../../domain/datasets/catalogue.js';
import { datasetMigrations } from '../../infra/datasets/migrations.js';
import { createLogger } from '../../infra/logger.js';
import { migrate } from '../../infra/sql/migrate.js';
import type { Sql } from '../../infra/sql/sql.js';

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
  server: Server;
  close(): Promise<void>;
}

/** The service's Express app (error handling, 404s) with these routers, listening on a free port. */
export async function serve(routers: Router[]): Promise<Served> {
  const app = createApp({ logger: silentLogger, readiness: {}, routers });
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
