import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatWebhookSecret } from '../../domain/webhooks/secret.js';
import { deliverWebhook, type WebhookDelivery } from '../../infra/webhooks/deliver.js';
import type { LookupFn } from '../../infra/webhooks/resolve.js';
import { startReceiver, type Receiver } from '../support/webhook-receiver.js';

// Every case here goes over a real socket to a real HTTP receiver on loopback, which is allowed only because
// its host:port is on the allowlist; the refusals show what happens to the same receiver when it is not.

const secret = formatWebhookSecret(randomBytes(32));
const previousSecret = formatWebhookSecret(randomBytes(24));
const body = JSON.stringify({
  type: 'verification.completed',
  timestamp: '2025-03-10T12:00:00.000Z',
  data: { job_id: '7d1f7f0e-0000-4000-8000-000000000001', status: 'complete', note: 'café ✓' },
});

let receiver: Receiver;
let allowlist: string[];
const endlessClosedEarly: boolean[] = [];

beforeAll(async () => {
  receiver = await startReceiver({
    host: '127.0.0.1',
    secrets: [secret, previousSecret],
    respond: (request, response, received) => {
      const path = new URL(request.url ?? '/', 'http://x').pathname;
      const status = /^\/status\/(\d{3})$/.exec(path);
      if (path === '/ok') response.writeHead(received.verifiedWith.includes(0) ? 200 : 401).end('thanks');
      else if (status) response.writeHead(Number(status[1])).end('{"error":"nope"}');
      else if (path === '/429-seconds') response.writeHead(429, { 'retry-after': '7' }).end();
      else if (path === '/429-date') {
        response.writeHead(429, { 'retry-after': new Date(Date.now() + 120_000).toUTCString() }).end();
      } else if (path === '/503-retry') response.writeHead(503, { 'retry-after': '30' }).end();
      else if (path === '/redirect') response.writeHead(302, { location: `${receiver.origin}/ok` }).end();
      else if (path === '/redirect-307') response.writeHead(307, { location: `${receiver.origin}/ok` }).end();
      else if (path === '/slow') {
        /* never answers */
      } else if (path === '/slow-body')
        response.writeHead(200).write('partial'); // headers, then silence
      else if (path === '/close') request.socket.destroy();
      else if (path === '/endless') {
        response.writeHead(200);
        const chunk = Buffer.alloc(16 * 1024, 'x');
        let finished = false;
        response.on('close', () => endlessClosedEarly.push(!finished));
        const pump = () => {
          if (response.destroyed) return;
          if (response.write(chunk)) setImmediate(pump);
          else response.once('drain', pump);
        };
        pump();
        response.on('finish', () => (finished = true));
      } else if (path === '/big-error') response.writeHead(500).end(Buffer.alloc(1024 * 1024, 'e'));
      else response.writeHead(404).end();
    },
  });
  allowlist = [`127.0.0.1:${receiver.port}`];
});

afterAll(() => receiver?.close());
beforeEach(() => {
  receiver.received.length = 0;
});

const delivery = (path: string, overrides: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  url: `${receiver.origin}${path}`,
  id: 'verification-7d1f7f0e',
  timestamp: new Date(),
  body,
  secrets: [secret],
  ...overrides,
});

const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

describe('delivering a webhook to a real receiver', () => {
  it('delivers a signed callback that the receiver verifies with standardwebhooks', async () => {
    const outcome = await deliverWebhook(delivery('/ok'), { allowlist });
    expect(outcome).toEqual({ kind: 'delivered', status: 200 });
    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    expect(got!.verifiedWith).toEqual([0]);
    expect(got!.body).toBe(body);
    expect(got!.headers['content-type']).toBe('application/json');
    expect(got!.headers['webhook-id']).toBe('verification-7d1f7f0e');
    expect(got!.headers.host).toBe(`127.0.0.1:${receiver.port}`);
  });

  it('signs with both secrets during a rotation, and each verifies on its own', async () => {
    const outcome = await deliverWebhook(delivery('/ok', { secrets: [secret, previousSecret] }), { allowlist });
    expect(outcome.kind).toBe('delivered');
    const [got] = receiver.received;
    expect(String(got!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(got!.verifiedWith).toEqual([0, 1]);
  });

  it('keeps the webhook-id across attempts and signs each attempt with its own timestamp', async () => {
    const first = new Date(Date.now() - 60_000);
    await deliverWebhook(delivery('/ok', { timestamp: first }), { allowlist });
    await deliverWebhook(delivery('/ok'), { allowlist });
    const [a, b] = receiver.received;
    expect(a!.headers['webhook-id']).toBe(b!.headers['webhook-id']);
    expect(a!.headers['webhook-timestamp']).toBe(String(Math.floor(first.getTime() / 1000)));
    expect(a!.headers['webhook-timestamp']).not.toBe(b!.headers['webhook-timestamp']);
  });

  it('a receiver without the right secret does not verify the callback', async () => {
    const stranger = formatWebhookSecret(randomBytes(32));
    const outcome = await deliverWebhook(delivery('/ok', { secrets: [stranger] }), { allowlist });
    expect(outcome).toEqual({ kind: 'permanent', status: 401, reason: 'receiver answered HTTP 401' });
    expect(receiver.received[0]!.verifiedWith).toEqual([]);
  });

  it.each([
    [400, 'permanent'],
    [404, 'permanent'],
    [410, 'permanent'],
    [422, 'permanent'],
    [408, 'retryable'],
    [409, 'retryable'],
    [425, 'retryable'],
    [429, 'retryable'],
    [500, 'retryable'],
    [502, 'retryable'],
    [503, 'retryable'],
  ])('classifies HTTP %i as %s', async (status, kind) => {
    const outcome = await deliverWebhook(delivery(`/status/${status}`), { allowlist });
    expect(outcome).toMatchObject({ kind, status });
    if (outcome.kind === 'retryable') expect(outcome.retryAfterSeconds).toBeNull();
    expect(receiver.received).toHaveLength(1);
  });

  it('reads Retry-After in seconds', async () => {
    expect(await deliverWebhook(delivery('/429-seconds'), { allowlist })).toEqual({
      kind: 'retryable',
      status: 429,
      reason: 'receiver answered HTTP 429',
      retryAfterSeconds: 7,
    });
    expect(await deliverWebhook(delivery('/503-retry'), { allowlist })).toMatchObject({
      kind: 'retryable',
      status: 503,
      retryAfterSeconds: 30,
    });
  });

  it('reads Retry-After as an HTTP-date', async () => {
    const outcome = await deliverWebhook(delivery('/429-date'), { allowlist });
    expect(outcome).toMatchObject({ kind: 'retryable', status: 429 });
    if (outcome.kind !== 'retryable') throw new Error('expected a retryable outcome');
    // The date has one-second resolution and a little time passes between answer and parse.
    expect(outcome.retryAfterSeconds).toBeGreaterThanOrEqual(118);
    expect(outcome.retryAfterSeconds).toBeLessThanOrEqual(120);
  });

  it.each(['/redirect', '/redirect-307'])('does not follow a redirect (%s) and gives up', async (path) => {
    const outcome = await deliverWebhook(delivery(path), { allowlist });
    expect(outcome).toMatchObject({ kind: 'permanent', status: path === '/redirect' ? 302 : 307 });
    if (outcome.kind === 'permanent') expect(outcome.reason).toMatch(/redirects are not followed/);
    expect(receiver.received.map((got) => got.path)).toEqual([path]);
  });

  it('gives up on a receiver that does not answer in time, and may retry', async () => {
    const outcome = await deliverWebhook(delivery('/slow'), { allowlist, timeoutMs: 300 });
    expect(outcome).toEqual({
      kind: 'retryable',
      status: null,
      reason: 'no answer within 300 ms',
      retryAfterSeconds: null,
    });
    expect(receiver.received).toHaveLength(1);
  });

  it('counts a 2xx whose body never ends as delivered once the deadline passes', async () => {
    const outcome = await deliverWebhook(delivery('/slow-body'), { allowlist, timeoutMs: 300 });
    expect(outcome).toEqual({ kind: 'delivered', status: 200 });
  });

  it('retries when the receiver closes the connection without answering', async () => {
    const outcome = await deliverWebhook(delivery('/close'), { allowlist });
    expect(outcome).toMatchObject({ kind: 'retryable', status: null, reason: 'connection closed by the receiver' });
  });

  it('retries when nothing listens on the port', async () => {
    const port = await closedPort();
    const outcome = await deliverWebhook(delivery('/ok', { url: `http://127.0.0.1:${port}/ok` }), {
      allowlist: [`127.0.0.1:${port}`],
    });
    expect(outcome).toMatchObject({ kind: 'retryable', status: null, reason: 'connection refused' });
  });

  it('stops reading an endless response body at the cap', { timeout: 20_000 }, async () => {
    // With a deadline longer than the test's own timeout, only the cap can end this exchange in time.
    const outcome = await deliverWebhook(delivery('/endless'), { allowlist, timeoutMs: 60_000 });
    expect(outcome).toEqual({ kind: 'delivered', status: 200 });
    await expect.poll(() => endlessClosedEarly).toEqual([true]);
  });

  it('decides on the status of a large error answer without needing its body', async () => {
    const outcome = await deliverWebhook(delivery('/big-error'), { allowlist });
    expect(outcome).toMatchObject({ kind: 'retryable', status: 500 });
  });

  it('gives up at once when the delivery cannot be signed', async () => {
    expect(await deliverWebhook(delivery('/ok', { secrets: [] }), { allowlist })).toMatchObject({ kind: 'permanent' });
    expect(await deliverWebhook(delivery('/ok', { secrets: ['whsec_short'] }), { allowlist })).toMatchObject({
      kind: 'permanent',
      reason: 'webhook signing secret #1 is not a whsec_ secret',
    });
    expect(receiver.received).toHaveLength(0);
  });
});

describe('the SSRF guard', () => {
  it.each([
    ['http:// when not allowlisted', (port: number) => `http://127.0.0.1:${port}/ok`, /must use https/],
    ['loopback', (port: number) => `https://127.0.0.1:${port}/ok`, /loopback/],
    ['loopback in another spelling', (port: number) => `https://127.1:${port}/ok`, /loopback/],
    ['IPv6 loopback', (port: number) => `https://[::1]:${port}/ok`, /loopback/],
    ['IPv4-mapped loopback', (port: number) => `https://[::ffff:127.0.0.1]:${port}/ok`, /loopback/],
    ['private', () => 'https://10.0.0.1/hook', /private/],
    ['private (192.168)', () => 'https://192.168.1.10/hook', /private/],
    ['metadata', () => 'https://169.254.169.254/latest/meta-data/', /link-local/],
    ['IPv6 link-local', () => 'https://[fe80::1]/hook', /link-local/],
    ['IPv6 unique local', () => 'https://[fd00:ec2::254]/hook', /unique local/],
    ['NAT64 to a private host', () => 'https://[64:ff9b::10.0.0.1]/hook', /private/],
    ['credentials', (port: number) => `https://u:p@127.0.0.1:${port}/ok`, /user name or password/],
    ['localhost by name', (port: number) => `https://localhost:${port}/ok`, /local host/],
    ['a local name', () => 'https://printer.home.arpa/ok', /local host/],
  ])('refuses %s without connecting', async (_name, url, reason) => {
    const outcome = await deliverWebhook(delivery('/ok', { url: url(receiver.port) }), { allowlist: [] });
    expect(outcome).toMatchObject({ kind: 'permanent', status: null });
    if (outcome.kind === 'permanent') expect(outcome.reason).toMatch(reason);
    // Neither the host nor an address the URL holds: the reason is recorded in clear.
    if (outcome.kind === 'permanent')
      expect(outcome.reason).not.toMatch(/localhost|printer|127\.|::1|10\.0|169\.254|192\.168|fe80|fd00/);
    expect(receiver.received).toHaveLength(0);
  });

  it.each([
    ['127.0.0.1', 4],
    ['169.254.169.254', 4],
    ['10.1.2.3', 4],
    ['100.64.0.7', 4],
    ['::1', 6],
    ['::ffff:127.0.0.1', 6],
    ['fd00::1', 6],
    ['fe80::1', 6],
  ])('refuses a host name that resolves to %s', async (address, family) => {
    const lookup: LookupFn = async () => [{ address, family }];
    const outcome = await deliverWebhook(delivery('/ok', { url: `https://hooks.example.com:${receiver.port}/ok` }), {
      allowlist: [],
      lookup,
    });
    expect(outcome).toMatchObject({ kind: 'permanent', status: null });
    if (outcome.kind === 'permanent') {
      expect(outcome.reason).toMatch(/non-public/);
      expect(outcome.reason).not.toContain(address);
      expect(outcome.reason).not.toContain('hooks.example.com');
    }
    expect(receiver.received).toHaveLength(0);
  });

  it('refuses a name when any of its addresses is private, even if the first is public', async () => {
    const lookup: LookupFn = async () => [
      { address: '8.8.8.8', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ];
    const outcome = await deliverWebhook(delivery('/ok', { url: 'https://hooks.example.com/ok' }), {
      allowlist: [],
      lookup,
    });
    expect(outcome).toMatchObject({ kind: 'permanent' });
  });

  // Reasons are recorded in the job's events in clear (WebhookAttempted, WebhookAbandoned): the failure, never the host.
  it('retries when the name does not resolve or the resolver fails, naming the failure and not the host', async () => {
    const error = (code: string) => Object.assign(new Error(code), { code });
    for (const [code, reason] of [
      ['ENOTFOUND', 'the webhook host does not resolve'],
      ['EAI_AGAIN', 'the webhook host could not be resolved (EAI_AGAIN)'],
    ]) {
      const outcome = await deliverWebhook(delivery('/ok', { url: 'https://hooks.example.com/ok' }), {
        allowlist: [],
        lookup: async () => {
          throw error(code!);
        },
      });
      expect(outcome).toMatchObject({ kind: 'retryable', status: null, reason });
    }
  });

  it('counts a resolver that never answers against the deadline', async () => {
    const outcome = await deliverWebhook(delivery('/ok', { url: 'https://hooks.example.com/ok' }), {
      allowlist: [],
      timeoutMs: 200,
      lookup: () => new Promise(() => {}),
    });
    expect(outcome).toEqual({
      kind: 'retryable',
      status: null,
      reason: 'no answer within 200 ms',
      retryAfterSeconds: null,
    });
  });
});

describe('pinning the connection to the vetted address', () => {
  let first: Receiver;
  let second: Receiver;

  beforeAll(async () => {
    // Two receivers on the same port of two loopback addresses: which one gets the callback shows which
    // address the socket used.
    first = await startReceiver({ host: '127.0.0.1', secrets: [secret] });
    second = await startReceiver({ host: '127.0.0.2', port: first.port, secrets: [secret] });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('connects to the address it checked, not to what a second lookup would answer (DNS rebinding)', async () => {
    const answers = ['127.0.0.1', '127.0.0.2'];
    const asked: string[] = [];
    const lookup: LookupFn = async (hostname) => {
      asked.push(hostname);
      return [{ address: answers[Math.min(asked.length - 1, 1)]!, family: 4 }];
    };
    const url = `http://rebind.example.com:${first.port}/hook`;
    const outcome = await deliverWebhook(
      { url, id: 'msg-rebind', timestamp: new Date(), body, secrets: [secret] },
      { allowlist: [`rebind.example.com:${first.port}`], lookup },
    );
    expect(outcome).toEqual({ kind: 'delivered', status: 204 });
    expect(asked).toEqual(['rebind.example.com']);
    expect(first.received).toHaveLength(1);
    expect(second.received).toHaveLength(0);
    // The Host header keeps the URL's name although the socket went to an address.
    expect(first.received[0]!.headers.host).toBe(`rebind.example.com:${first.port}`);
    expect(first.received[0]!.verifiedWith).toEqual([0]);
  });
});
