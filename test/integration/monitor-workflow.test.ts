// `monitor-{mon_id}` on the real Temporal dev server and PostgreSQL (issue 55, acceptance): a sandbox monitor's
// notices arrive in order, each once, also when the receiver fails and recovers; PATCH moves the next notice;
// after DELETE only monitor.stopped arrives; a registry outage is retried and never a change; the history of a
// monitor stays bounded after 1,000 checks.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivities } from '../../activities/index.js';
import { monitorActivities } from '../../activities/monitors.js';
import { startMonitor, type MonitorStartDeps } from '../../application/monitors/start.js';
import { startWorker, type Running } from '../../bin/service.js';
import { changeMonitor, monitorProgress, MONITOR_WORKFLOW, monitorWorkflowId } from '../../contracts/monitor.js';
import { monitorStream, type MonitorStarted } from '../../domain/monitors/monitor.js';
import type { MonitorFrequency } from '../../domain/monitors/schedule.js';
import type { RegistryConnector, RegistryLookup, VerificationRequest } from '../../domain/verification/types.js';
import { readEvents } from '../../infra/eventstore/types.js';
import { workflowHandle } from '../../infra/temporal/contract-client.js';
import { accountWithKey, startTestApp, until, type TestApp } from '../support/app.js';
import { startReceiver, type Receiver, type ReceivedWebhook } from '../support/webhook-receiver.js';

let app: TestApp;
let worker: Running;
let receiver: Receiver;
const secrets: string[] = [];
/** What the receiver took (answered 2xx). */
const accepted: ReceivedWebhook[] = [];
/** Paths that answer 500 this many more times before they take a notice. */
const failing = new Map<string, number>();
/** Whether the flaky registry answers. */
let registryDown = false;
const flakyRecord: RegistryLookup = {
  outcome: 'found',
  record: {
    policy_number: 'FLAKY0001',
    insurer_name: 'Flaky Mutual',
    status: 'active',
    start_date: '2026-01-01',
    end_date: '2099-12-31',
  },
};
const flaky: RegistryConnector = {
  covers: (country, type) => country === 'UK' && type === 'travel',
  lookup: async () => (registryDown ? { outcome: 'unavailable' } : flakyRecord),
};

beforeAll(async () => {
  receiver = await startReceiver({
    host: '127.0.0.1',
    secrets,
    respond: (request, response, received) => {
      const path = new URL(request.url ?? '/', 'http://x').pathname;
      const left = failing.get(path) ?? 0;
      if (left > 0) {
        failing.set(path, left - 1);
        response.writeHead(500).end();
        return;
      }
      if (received.verifiedWith.length > 0) accepted.push(received);
      response.writeHead(received.verifiedWith.length > 0 ? 204 : 401).end();
    },
  });
  app = await startTestApp({ env: { WEBHOOK_ALLOWLIST: `127.0.0.1:${receiver.port}` } });
  const context = app.context;
  worker = await startWorker(context, {
    activities: {
      ...createActivities(context),
      ...monitorActivities({
        events: context.engines.events,
        accounts: context.accounts,
        ledger: context.ledger,
        keys: context.engines.keys,
        engine: context.verification.engine,
        registry: {
          covers: (c, t) => flaky.covers(c, t) || context.verification.registry.covers(c, t),
          lookup: (c, t, n, s) => (flaky.covers(c, t) ? flaky : context.verification.registry).lookup(c, t, n, s),
        },
        webhooks: { allowlist: [`127.0.0.1:${receiver.port}`] },
      }),
    },
  });
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await app?.stop();
  await receiver?.close();
});

const deps = (intervalMs: number, extra: Partial<MonitorStartDeps> = {}): MonitorStartDeps => ({
  events: app.context.engines.events,
  temporal: app.context.temporal!.client,
  taskQueue: app.config.TEMPORAL_TASK_QUEUE,
  webhookRetrySeconds: 1,
  intervalMs: { minutely: intervalMs, daily: intervalMs },
  ...extra,
});

async function monitorFor(
  mode: 'live' | 'test',
  request: VerificationRequest,
  options: {
    path: string;
    frequency?: MonitorFrequency;
    intervalMs?: number;
    noticeDays?: number;
  } & Partial<MonitorStartDeps>,
) {
  const { accountId, keyId } = await accountWithKey(app, { mode });
  secrets.push(await app.context.accounts.webhookSecret(accountId, false));
  const monitorId = `mon_${randomBytes(12).toString('hex')}`;
  const started: MonitorStarted = {
    account_id: accountId,
    key_id: keyId,
    mode,
    request,
    idempotency_key: null,
    request_hash: 'h',
    at: new Date().toISOString(),
    webhook_url: `${receiver.origin}${options.path}`,
    expiry_notice_days: options.noticeDays ?? 30,
    frequency: options.frequency ?? 'minutely',
    metadata: { loan: 'L-77' },
  };
  const { intervalMs = 400, checksPerRun } = options;
  const answer = await startMonitor(deps(intervalMs, checksPerRun ? { checksPerRun } : {}), monitorId, started);
  expect(answer.ok).toBe(true);
  const handle = workflowHandle(app.context.temporal!.client, MONITOR_WORKFLOW, monitorWorkflowId(monitorId));
  return { monitorId, accountId, handle };
}

/** The notices taken (2xx) at a path, parsed, in order of arrival. */
const taken = (path: string) =>
  accepted
    .filter((r) => r.path === path)
    .map((r) => ({ id: r.headers['webhook-id'], ...(JSON.parse(r.body) as { type: string; data: any }) }));

const sandboxStory: VerificationRequest = { policy_number: 'MONITOR_STORY_7', country: 'UK', insurance_type: 'motor' };

describe('a sandbox monitor', () => {
  it('sends policy.changed, expiring, expired and renewed in order, each once, through a failing receiver', async () => {
    failing.set('/story', 2);
    const { handle } = await monitorFor('test', sandboxStory, { path: '/story' });
    await until(
      async () => taken('/story').map((n) => n.type),
      (types) => types.length >= 4,
      'the four policy notices',
      120_000,
    );
    // Two more checks: nothing new is sent.
    const progress = await handle.query(monitorProgress);
    await until(
      () => handle.query(monitorProgress),
      (p) => p.check >= progress.check + 2,
      'two more checks',
    );
    const notices = taken('/story');
    expect(notices.map((n) => n.type)).toEqual([
      'policy.changed',
      'policy.expiring',
      'policy.expired',
      'policy.renewed',
    ]);
    expect(new Set(notices.map((n) => n.id)).size).toBe(4);
    const [changed, expiring, expired, renewed] = notices;
    expect(changed!.data.changes).toEqual([
      { field: 'insurer', from: 'Sandbox Insurance Ltd', to: 'Sandbox Mutual Assurance' },
    ]);
    expect(changed!.data.metadata).toEqual({ loan: 'L-77' });
    expect(expiring!.data.days_left).toBeLessThanOrEqual(30);
    expect(expired!.data.period).toEqual(expiring!.data.period);
    expect(renewed!.data.previous_period).toEqual(expired!.data.period);
    expect(renewed!.data.period.end > renewed!.data.previous_period.end).toBe(true);
    // The first notice's two failed attempts are in the delivery history, under its delivery.
    const attempts = receiver.received.filter((r) => r.path === '/story' && r.headers['webhook-id'] === changed!.id);
    expect(attempts).toHaveLength(3);
    await handle.cancel();
    await handle.result();
  }, 180_000);

  it('takes a PATCH before the next notice and, after DELETE, sends monitor.stopped and nothing else', async () => {
    const { handle, monitorId } = await monitorFor(
      'test',
      { ...sandboxStory, policy_number: 'MONITOR_RENEW_8' },
      {
        path: '/before',
        intervalMs: 1500,
      },
    );
    await until(
      () => handle.query(monitorProgress),
      (p) => p.check >= 1,
      'the first check',
    );
    await handle.executeUpdate(changeMonitor, {
      args: [{ settings: { webhook_url: `${receiver.origin}/after`, metadata: { loan: 'L-78' } } }],
    });
    const refused = handle.executeUpdate(changeMonitor, { args: [{ settings: { expiry_notice_days: 91 } }] });
    await expect(refused).rejects.toMatchObject({ cause: { message: expect.stringMatching(/expiry_notice_days/) } });
    await until(
      async () => taken('/after'),
      (n) => n.length >= 1,
      'the expiring notice at the new URL',
      60_000,
    );
    expect(taken('/before')).toEqual([]);
    expect(taken('/after')[0]).toMatchObject({ type: 'policy.expiring', data: { metadata: { loan: 'L-78' } } });
    await handle.cancel();
    expect(await handle.result()).toBe('stopped');
    const afterStop = taken('/after').length;
    await new Promise((resolve) => setTimeout(resolve, 5000));
    expect(
      taken('/after')
        .slice(afterStop - 1)
        .map((n) => n.type),
    ).toEqual(['monitor.stopped']);
    const last = taken('/after').at(-1)!;
    expect(last.data).toMatchObject({ monitor_id: monitorId, reason: 'deleted' });
    const events = await readEvents(app.context.engines.events, monitorStream, monitorId);
    expect(events.filter((e) => e.type === 'MonitorStopped')).toHaveLength(1);
  }, 120_000);

  it('keeps its history bounded over 1,000 checks by continuing as new', async () => {
    const { handle } = await monitorFor(
      'test',
      { ...sandboxStory, policy_number: 'SANDBOX_STEADY' },
      { path: '/steady', intervalMs: 1, checksPerRun: 100 },
    );
    await until(
      () => handle.query(monitorProgress),
      (p) => p.check >= 1000,
      '1,000 checks',
      300_000,
    );
    const history = await handle.fetchHistory();
    expect(history.events!.length).toBeLessThan(1500);
    const described = await handle.describe();
    expect(
      described.typedSearchAttributes.get((await import('../../contracts/search-attributes.js')).MonitorStatus),
    ).toBe('active');
    await handle.cancel();
    await handle.result();
  }, 320_000);
});

describe('a live monitor', () => {
  it('retries a registry that does not answer and never reports it as a change', async () => {
    const { handle, monitorId } = await monitorFor(
      'live',
      { policy_number: 'FLAKY0001', country: 'UK', insurance_type: 'travel' },
      { path: '/flaky', frequency: 'daily', intervalMs: 300 },
    );
    await until(
      () => handle.query(monitorProgress),
      (p) => p.check >= 2,
      'two checks',
    );
    registryDown = true;
    await new Promise((resolve) => setTimeout(resolve, 4000));
    const stuck = (await handle.query(monitorProgress)).check;
    registryDown = false;
    await until(
      () => handle.query(monitorProgress),
      (p) => p.check >= stuck + 2,
      'checks after the outage',
    );
    const events = await readEvents(app.context.engines.events, monitorStream, monitorId);
    expect(events.filter((e) => e.type === 'PolicyObserved')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'MonitorNoticeDue')).toEqual([]);
    expect(taken('/flaky')).toEqual([]);
    await handle.cancel();
    await handle.result();
  }, 120_000);
});
