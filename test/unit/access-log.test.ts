// The access log names what a request reached, never what a refused or unmatched path carried (a caller may put a
// policy number or an address in a URL).
import express from 'express';
import { Registry } from 'prom-client';
import { expect, it } from 'vitest';
import { requestContext } from '../../api/middleware/request-context.js';
import { createLogger } from '../../infra/logger.js';

it('logs the path of a request that succeeded, and only the route of one refused or unmatched', async () => {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger('info', 'test');
  const { pino } = await import('pino');
  (logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] = {
    write: (line: string) => lines.push(JSON.parse(line)),
  };
  const app = express();
  app.use(requestContext(logger, new Registry()));
  app.get('/items/:id', (req, res) => void res.status(req.params.id === 'known' ? 200 : 404).end());
  const server = app.listen(0);
  const port = (server.address() as { port: number }).port;
  for (const path of ['/items/known', '/items/AXK12345678', '/nowhere/someone@example.com'])
    await fetch(`http://127.0.0.1:${port}${path}`);
  server.close();
  const requests = lines.filter((line) => line.msg === 'request');
  expect(requests.map((line) => [line.route, line.path ?? null, line.status])).toEqual([
    ['/items/:id', '/items/known', 200],
    ['/items/:id', null, 404],
    ['unmatched', null, 404],
  ]);
});

it('writes the request lines at debug when asked (npm run dev), so an info console stays quiet', async () => {
  const { pino } = await import('pino');
  const heard = async (level: 'info' | 'debug', requestLevel: 'info' | 'debug') => {
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger(level, 'test');
    (logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] = {
      write: (line: string) => lines.push(JSON.parse(line)),
    };
    const app = express();
    app.use(requestContext(logger, new Registry(), requestLevel));
    app.get('/items/:id', (_req, res) => void res.status(200).end());
    const server = app.listen(0);
    await fetch(`http://127.0.0.1:${(server.address() as { port: number }).port}/items/1`);
    server.close();
    return lines.filter((line) => line.msg === 'request').map((line) => line.level);
  };
  expect(await heard('info', 'info')).toEqual([30]);
  expect(await heard('info', 'debug')).toEqual([]);
  expect(await heard('debug', 'debug')).toEqual([20]);
});
