import { once } from 'node:events';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import express, { type RequestHandler, type Router } from 'express';
import { Registry } from 'prom-client';
import { splitHostPort } from '../../infra/config.js';
import type { Logger } from '../../infra/logger.js';
import { errorHandler, notFound } from '../middleware/errors.js';
import { requestContext } from '../middleware/request-context.js';
import { ADMIN_URL_FILE } from './cli.js';

// Where the operator's side of the service listens (ADMIN_LISTEN): the admin API and /metrics on a listener of
// their own, so that the public port serves neither; unset, both stay on the API's listener. Either way the
// admin API's base URL is written to DATA_DIR/admin-url, where `npm run admin` finds it.

export interface AdminListener {
  /** Base URL of the admin API (and /metrics), as the CLI on this host reaches it. */
  url: string;
  /** Null when the admin API shares the API's listener. */
  server: Server | null;
  stop(): Promise<void>;
}

/** A URL this host can call for a listening address: wildcard addresses become loopback. */
export function localUrl(host: string, port: number): string {
  const target = host === '0.0.0.0' || host === '' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `http://${target.includes(':') ? `[${target}]` : target}:${port}`;
}

export async function startAdminListener(options: {
  /** ADMIN_LISTEN (host:port), or undefined to stay on the API's listener. */
  listen: string | undefined;
  admin: Router;
  /** The API's /metrics handler (createApp's metricsElsewhere), served here when the listener is separate. */
  metrics: RequestHandler | null;
  /** The API's own listener, used when `listen` is unset. */
  api: Server;
  dataDir: string;
  logger: Logger;
  trustProxy?: number | string;
}): Promise<AdminListener> {
  let server: Server | null = null;
  let url: string;
  if (options.listen) {
    const app = express();
    app.disable('x-powered-by');
    app.set('etag', false);
    if (options.trustProxy !== undefined) app.set('trust proxy', options.trustProxy);
    // Request ids and access log lines like the API's; its latency histogram is the API's alone.
    app.use(requestContext(options.logger.child({ listener: 'admin' }), new Registry()));
    app.use(options.admin);
    if (options.metrics) app.get('/metrics', options.metrics);
    app.use(notFound);
    app.use(errorHandler(options.logger));
    const { host, port } = splitHostPort(options.listen);
    server = app.listen(port, host);
    await Promise.race([
      once(server, 'listening'),
      once(server, 'error').then(([error]) => Promise.reject(error as Error)),
    ]);
    url = localUrl(host, (server.address() as AddressInfo).port);
  } else {
    url = localUrl('0.0.0.0', (options.api.address() as AddressInfo).port);
  }

  const file = path.join(options.dataDir, ADMIN_URL_FILE);
  try {
    mkdirSync(options.dataDir, { recursive: true });
    writeFileSync(file, `${url}\n`);
  } catch (error) {
    options.logger.warn({ err: error, file }, 'admin URL not written: the CLI needs ADMIN_URL');
  }
  return {
    url,
    server,
    async stop() {
      // Another process may have started since and written its own URL: only ours is removed.
      try {
        if (readFileSync(file, 'utf8').trim() === url) rmSync(file, { force: true });
      } catch {
        // already gone
      }
      if (server) {
        const closed = new Promise<void>((resolve) => server!.close(() => resolve()));
        server.closeAllConnections();
        await closed;
      }
    },
  };
}
