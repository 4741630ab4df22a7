// /api/v1/monitors on the real Temporal dev server and PostgreSQL (issue 55 item 1): a POST answers 201 with the
// first check; the list pages and filters; a GET shows the timeline; a PATCH moves where the next notice goes;
// after a DELETE only monitor.stopped arrives, and a second DELETE is harmless; bad input is a 4xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithKey, callWithKey, startTestApp, until, type TestApp } from '../support/app.js';
import { startReceiver, type Receiver, type ReceivedWebhook } from '../support/webhook-receiver.js';

let app: TestApp;
let receiver: Receiver;
const secrets: string[] = [];
const accepted: ReceivedWebhook[] = [];
/** Seconds between a `minutely` monitor's checks here. */
const INTERVAL = 2;

beforeAll(async () => {
  receiver = await startReceiver({
    host: '127.0.0.1',
    secrets,
    respond: (_request, response, received) => {
      if (received.verifiedWith.length > 0) accepted.push(received);
      response.writeHead(received.verifiedWith.length > 0 ? 204 : 401).end();
    },
  });
  app = await startTestApp({
    worker: true,
    env: {
      WEBHOOK_ALLOWLIST: `127.0.0.1:${receiver.port}`,
      WEBHOOK_RETRY_SECONDS: '1',
      MONITOR_MINUTELY_SECONDS: String(INTERVAL),
    },
  });
}, 120_000);
afterAll(async () => {
  await app?.stop();
  await receiver?.close();
});

const types = (path: string) =>
  accepted.filter((r) => r.path === path).map((r) => (JSON.parse(r.body) as { type: string }).type);

async function sandboxKey() {
  const { key, accountId } = await accountWithKey(app, { mode: 'test' });
  secrets.push(await app.context.accounts.webhookSecret(accountId, false));
  return key;
}

const monitor = (policy: string, path: string, extra: Record<string, unknown> = {}) => ({
  policy_number: policy,
  country: 'UK',
  insurance_type: 'motor',
  webhook_url: `${receiver.origin}${path}`,
  frequency: 'minutely',
  metadata: { loan_id: 'L-1' },
  ...extra,
});

describe('POST /api/v1/monitors', () => {
  it('answers 201 with the monitor and its first check, and a retry under its Idempotency-Key the same monitor', async () => {
    const key = await sandboxKey();
    const body = monitor('MONITOR_RENEW_1', '/first');
    const post = () =>
      fetch(`${app.url}/api/v1/monitors`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': 'k-1' },
        body: JSON.stringify(body),
      });
    const res = await post();
    expect(res.status).toBe(201);
    const created = (await res.json()) as any;
    expect(created.monitor_id).toMatch(/^mon_[0-9a-f]{32}$/);
    expect(res.headers.get('location')).toBe(`/api/v1/monitors/${created.monitor_id}`);
    expect(created).toMatchObject({
      status: 'active',
      sandbox: true,
      frequency: 'minutely',
      expiry_notice_days: 30,
      metadata: { loan_id: 'L-1' },
      request: { policy_number: 'MONITOR_RENEW_1', country: 'UK', insurance_type: 'motor' },
      policy: { status: 'active', insurer: 'Sandbox Insurance Ltd' },
      last_change: null,
    });
    expect(created.policy.period.end > created.policy.as_of).toBe(true);
    expect(Date.parse(created.next_check_at)).toBeGreaterThan(Date.parse(created.created_at));
    const again = await post();
    expect(again.status).toBe(201);
    expect(((await again.json()) as any).monitor_id).toBe(created.monitor_id);
    const conflict = await fetch(`${app.url}/api/v1/monitors`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': 'k-1' },
      body: JSON.stringify({ ...body, expiry_notice_days: 10 }),
    });
    expect(conflict.status).toBe(422);
    expect(((await conflict.json()) as any).error).toBe('idempotency_conflict');
    await callWithKey(app, key, 'DELETE', `/api/v1/monitors/${created.monitor_id}`);
  }, 60_000);

  it.each([
    ['no webhook_url', { webhook_url: undefined }, 400, 'missing_required_field'],
    ['no policy number', { policy_number: undefined }, 400, 'missing_required_field'],
    ['a country not covered', { country: 'GB' }, 400, 'unsupported_country'],
    ['notice days over 90', { expiry_notice_days: 91 }, 400, 'invalid_request'],
    ['notice days not whole', { expiry_notice_days: 1.5 }, 400, 'invalid_request'],
    ['an unknown frequency', { frequency: 'hourly' }, 400, 'invalid_request'],
    [
      '21 metadata pairs',
      { metadata: Object.fromEntries([...Array(21).keys()].map((i) => [`k${i}`, 'v'])) },
      400,
      'invalid_request',
    ],
    ['a metadata value not a string', { metadata: { a: 1 } }, 400, 'invalid_request'],
    ['an unknown field', { webhook: 'x' }, 400, 'invalid_request'],
    ['a URL not allowed', { webhook_url: 'https://example.invalid/hook' }, 422, 'invalid_webhook_url'],
  ])('refuses %s', async (_name, change, status, error) => {
    const key = await sandboxKey();
    const res = await callWithKey(app, key, 'POST', '/api/v1/monitors', monitor('MONITOR_RENEW_2', '/x', change));
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ error, code: status });
    expect(res.body.message ?? res.body.detail).toBeTruthy();
  });

  it('refuses minutely to a live key', async () => {
    const { key } = await accountWithKey(app, { mode: 'live', plan: 'pro' });
    const res = await callWithKey(app, key, 'POST', '/api/v1/monitors', monitor('AXK12345678', '/live'));
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/minutely is for test keys only/);
  });
});

describe('reading, changing and stopping monitors', () => {
  it('lists newest first with paging and a status filter, and hides another account’s monitors', async () => {
    const key = await sandboxKey();
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      const res = await callWithKey(app, key, 'POST', '/api/v1/monitors', monitor(`MONITOR_RENEW_L${n}`, '/list'));
      ids.push(res.body.monitor_id);
    }
    await callWithKey(app, key, 'DELETE', `/api/v1/monitors/${ids[0]}`);
    const page = await callWithKey(app, key, 'GET', '/api/v1/monitors?limit=2');
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ count: 3, limit: 2, offset: 0 });
    expect(page.body.monitors.map((m: any) => m.monitor_id)).toEqual([ids[2], ids[1]]);
    const rest = await callWithKey(app, key, 'GET', '/api/v1/monitors?limit=2&offset=2');
    expect(rest.body.monitors.map((m: any) => m.monitor_id)).toEqual([ids[0]]);
    const stopped = await until(
      () => callWithKey(app, key, 'GET', '/api/v1/monitors?status=stopped'),
      (r) => r.body.count === 1,
      'the stopped monitor in the list',
      20_000,
    );
    expect(stopped.body.monitors[0]).toMatchObject({ monitor_id: ids[0], status: 'stopped', stop_reason: 'deleted' });
    const active = await callWithKey(app, key, 'GET', '/api/v1/monitors?status=active');
    expect(active.body.count).toBe(2);
    const bad = await callWithKey(app, key, 'GET', '/api/v1/monitors?status=asleep&limit=0');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('invalid_parameter');
    const other = await sandboxKey();
    expect((await callWithKey(app, other, 'GET', '/api/v1/monitors')).body.count).toBe(0);
    expect((await callWithKey(app, other, 'GET', `/api/v1/monitors/${ids[1]}`)).status).toBe(404);
    expect((await callWithKey(app, other, 'DELETE', `/api/v1/monitors/${ids[1]}`)).status).toBe(404);
    expect((await callWithKey(app, other, 'PATCH', `/api/v1/monitors/${ids[1]}`, { frequency: 'weekly' })).status).toBe(
      404,
    );
    for (const id of ids.slice(1)) await callWithKey(app, key, 'DELETE', `/api/v1/monitors/${id}`);
  }, 60_000);

  it('PATCH sends the next notice to the new URL, GET shows the timeline, DELETE stops it for good', async () => {
    const key = await sandboxKey();
    // The insurer changes at the fourth check: time enough to move the URL first.
    const created = await callWithKey(app, key, 'POST', '/api/v1/monitors', monitor('MONITOR_INSURER_9', '/old'));
    const id = created.body.monitor_id as string;
    const patched = await callWithKey(app, key, 'PATCH', `/api/v1/monitors/${id}`, {
      webhook_url: `${receiver.origin}/new`,
      metadata: { loan_id: 'L-2' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ webhook_url: `${receiver.origin}/new`, metadata: { loan_id: 'L-2' } });
    const refused = await callWithKey(app, key, 'PATCH', `/api/v1/monitors/${id}`, { expiry_notice_days: -1 });
    expect(refused.status).toBe(400);
    expect((await callWithKey(app, key, 'PATCH', `/api/v1/monitors/${id}`, {})).status).toBe(400);
    expect((await callWithKey(app, key, 'PATCH', `/api/v1/monitors/${id}`, { colour: 'red' })).status).toBe(400);
    await until(
      async () => types('/new'),
      (t) => t.includes('policy.changed'),
      'policy.changed at the new URL',
      60_000,
    );
    expect(types('/old')).toEqual([]);
    const notice = JSON.parse(accepted.find((r) => r.path === '/new')!.body);
    expect(notice.data).toMatchObject({ monitor_id: id, metadata: { loan_id: 'L-2' } });

    const shown = await until(
      () => callWithKey(app, key, 'GET', `/api/v1/monitors/${id}`),
      (r) => r.body.timeline.some((e: any) => e.type === 'notice_sent'),
      'the notice sent in the timeline',
      20_000,
    );
    const kinds = shown.body.timeline.map((e: any) => e.type);
    expect(kinds.slice(0, 2)).toEqual(['started', 'observed']);
    expect(kinds).toEqual(expect.arrayContaining(['changed', 'notice_due', 'notice_attempt', 'notice_sent']));
    expect(shown.body.last_change.changes).toEqual([
      { field: 'insurer', from: 'Sandbox Insurance Ltd', to: 'Sandbox Mutual Assurance' },
    ]);

    const deleted = await callWithKey(app, key, 'DELETE', `/api/v1/monitors/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ status: 'stopped', stop_reason: 'deleted', next_check_at: null });
    await until(
      async () => types('/new'),
      (t) => t.includes('monitor.stopped'),
      'monitor.stopped',
      30_000,
    );
    const again = await callWithKey(app, key, 'DELETE', `/api/v1/monitors/${id}`);
    expect(again.status).toBe(200);
    expect(again.body.status).toBe('stopped');
    const late = await callWithKey(app, key, 'PATCH', `/api/v1/monitors/${id}`, { frequency: 'weekly' });
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('monitor_stopped');
    // Three more intervals: no check and no notice after the stop.
    const settled = await until(
      () => callWithKey(app, key, 'GET', `/api/v1/monitors/${id}`),
      (r) => r.body.timeline.some((e: any) => e.type === 'notice_sent' && e.notice === 'monitor.stopped'),
      'monitor.stopped recorded as sent',
      20_000,
    );
    const before = settled.body.timeline.length;
    await new Promise((resolve) => setTimeout(resolve, 3 * INTERVAL * 1000));
    expect(types('/new').at(-1)).toBe('monitor.stopped');
    expect(types('/new').filter((t) => t === 'monitor.stopped')).toHaveLength(1);
    expect((await callWithKey(app, key, 'GET', `/api/v1/monitors/${id}`)).body.timeline).toHaveLength(before);
  }, 120_000);

  it('answers 404 for an id that cannot be a monitor', async () => {
    const key = await sandboxKey();
    for (const id of ['nope', 'mon_123', `mon_${'0'.repeat(32)}`]) {
      const res = await callWithKey(app, key, 'GET', `/api/v1/monitors/${id}`);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('not_found');
    }
  });
});
