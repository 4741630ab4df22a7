// The response recorder fails a test on an answer the document does not describe, and records what it checked.
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';

let server: Server;
let url: string;
const original = globalThis.fetch;
const dir = mkdtempSync(path.join(os.tmpdir(), 'openapi-record-'));
const env = { OPENAPI_RECORDER: process.env.OPENAPI_RECORDER, OPENAPI_RECORD_DIR: process.env.OPENAPI_RECORD_DIR };

beforeAll(async () => {
  // A stand-in for the service whose /healthz strays from the document and whose /admin is not in it.
  server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(req.url === '/healthz' ? { status: 'fine' } : { status: 'ready', checks: { sql: 'ok' } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  globalThis.fetch = original;
  process.env.OPENAPI_RECORDER = '1';
  process.env.OPENAPI_RECORD_DIR = dir;
  vi.resetModules();
  await import('../support/openapi-recorder.js');
});

afterAll(async () => {
  globalThis.fetch = original;
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await new Promise((resolve) => server?.close(resolve));
});

it('throws on an answer the document does not describe, passes what it leaves out, records what fits', async () => {
  expect(globalThis.fetch).not.toBe(original);
  await expect(fetch(`${url}/healthz`)).rejects.toThrow(/does not describe[\s\S]*\/healthz 200/);
  expect((await fetch(`${url}/admin/accounts`)).status).toBe(200);
  expect((await fetch(`${url}/readyz`)).status).toBe(200);
  expect(readFileSync(path.join(dir, 'operations.txt'), 'utf8')).toBe('readiness\n');
});
