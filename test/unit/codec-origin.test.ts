// The dev stack's codec exception (issue 31, item 3): a request with the dev UI's Origin decodes without the admin
// token only when its connection comes from this machine's loopback. The same Origin sent over the network, to a
// listener on every interface, is refused like any request without the token.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { defaultPayloadConverter } from '@temporalio/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codecRoutes, isLoopback } from '../../api/admin/codec.js';
import { requireAdmin } from '../../api/admin/admin-token.js';
import { createApp } from '../../api/app.js';
import { loadConfig } from '../../infra/config.js';
import { createLogger } from '../../infra/logger.js';
import { AesGcmPayloadCodec, newPayloadKey, parsePayloadKeys } from '../../infra/temporal/payload-codec.js';
import { memoryDataKeys } from '../support/data-keys.js';

const UI = 'http://127.0.0.1:8233';
let server: import('node:http').Server;
let port: number;
let payload: { metadata: Record<string, string>; data: string };

/** This machine's first address that is not loopback: what another host on the network would connect to. */
function networkAddress(): string | undefined {
  for (const list of Object.values(networkInterfaces()))
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  return undefined;
}

let closeKeys: () => Promise<void>;

beforeAll(async () => {
  const dataKeys = await memoryDataKeys();
  closeKeys = dataKeys.close;
  const codec = new AesGcmPayloadCodec(parsePayloadKeys(newPayloadKey('k1')), dataKeys.keys);
  const [sealed] = await codec.encode([defaultPayloadConverter.toPayload({ policy_number: 'AXK12345678' })!]);
  payload = {
    metadata: Object.fromEntries(
      Object.entries(sealed!.metadata!).map(([k, v]) => [k, Buffer.from(v!).toString('base64')]),
    ),
    data: Buffer.from(sealed!.data!).toString('base64'),
  };
  const app = createApp({
    logger: createLogger('silent'),
    readiness: {},
    routers: [
      codecRoutes({
        codec,
        requireAdmin: requireAdmin('an-admin-token-of-sixteen+'),
        corsOrigins: [UI],
        trustedOrigins: [UI],
      }),
    ],
  });
  // Every interface, as `npm run dev` listens when HOST says so.
  server = app.listen(0, '0.0.0.0');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await closeKeys();
});

const decode = (host: string) =>
  fetch(`http://${host}:${port}/codec/decode`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: UI },
    body: JSON.stringify({ payloads: [payload] }),
  });

describe('the dev codec exception', () => {
  it('lets the dev UI decode from loopback without the token', async () => {
    const res = await decode('127.0.0.1');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { payloads: { data: string }[] };
    expect(Buffer.from(body.payloads[0]!.data, 'base64').toString()).toContain('AXK12345678');
  });

  it('refuses the same Origin from the machine’s network address', async () => {
    const address = networkAddress();
    // A machine with no network address cannot run this check: that is a failure, not a pass.
    expect(address, 'a non-loopback IPv4 address').toBeDefined();
    const res = await decode(address!);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: 'unauthorized', code: 401 });
  });

  it('judges loopback by the socket’s peer address, IPv4, mapped or IPv6', () => {
    expect(isLoopback('127.0.0.1')).toBe(true);
    expect(isLoopback('::ffff:127.0.0.1')).toBe(true);
    expect(isLoopback('::1')).toBe(true);
    expect(isLoopback('10.0.0.5')).toBe(false);
    expect(isLoopback('::ffff:192.168.1.2')).toBe(false);
    expect(isLoopback(undefined)).toBe(false);
  });
});

describe('HOST and TRUST_PROXY', () => {
  it('parse as Express takes them, and refuse nonsense', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).TRUST_PROXY).toBe('loopback, 10.0.0.0/8');
    expect(loadConfig({ TRUST_PROXY: '192.0.2.1, fd00::/8, 10.0.0.0/255.0.0.0' }).TRUST_PROXY).toBe(
      '192.0.2.1, fd00::/8, 10.0.0.0/255.0.0.0',
    );
    expect(loadConfig({}).TRUST_PROXY).toBeUndefined();
    expect(() => loadConfig({ TRUST_PROXY: 'every; body' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ HOST: '127.0.0.1' }).HOST).toBe('127.0.0.1');
  });

  it('refuse TRUST_PROXY values that would believe hops a client writes (issue 54): true, false, 0, names', () => {
    for (const value of ['true', 'false', '0', '100', 'proxy.example.org', 'loopback, everyone', '10.0.0.0/8/8'])
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY.*hop count/);
  });
});
