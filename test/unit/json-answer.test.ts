import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJson } from '../../api/json-answer.js';

const body = { status: 'verified', insurer: { name: 'Ünïcode Assurance', authorised: true }, flags: [], n: 0.99 };
let base: string;
let close: () => void;

beforeAll(async () => {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.post('/express', (_req, res) => {
    res.json(body);
  });
  app.post('/lean', (_req, res) => sendJson(res, body));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

/** The raw header lines (but the date) and the body's bytes of a POST. */
const raw = (path: string) =>
  new Promise<{ headers: string[]; body: string; status: number }>((resolve, reject) => {
    const req = request(`${base}${path}`, { method: 'POST' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const headers: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2)
          if (res.rawHeaders[i] !== 'Date') headers.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
        resolve({ headers, body: Buffer.concat(chunks).toString('utf8'), status: res.statusCode! });
      });
    });
    req.on('error', reject);
    req.end();
  });

describe('sendJson', () => {
  it('answers a POST with the bytes and headers res.json gives, multi-byte text included', async () => {
    const [viaExpress, lean] = await Promise.all([raw('/express'), raw('/lean')]);
    expect(lean).toEqual(viaExpress);
    expect(JSON.parse(lean.body)).toEqual(body);
  });
});
