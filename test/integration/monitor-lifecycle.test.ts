// A monitor's credits and its end with its account, on the real Temporal dev server and PostgreSQL (issue 55,
// items 5 and 8): a live monitor takes its month's credits once, pauses without them (monitor.paused sent once) and
// resumes by itself at the next grant; a charge interrupted after its reservation is finished by its retry, never
// charged twice; closing the account stops every monitor (account_closed, monitor.stopped sent once each) and
// erases each one (its key shredded, its events' personal fields and its workflow's history unreadable), a monitor
// DELETEd earlier too, without waiting for its retention.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivities } from '../../activities/index.js';
import { monitorActivities } from '../../activities/monitors.js';
import { monitorReservationId, payMonth } from '../../application/monitors/credits.js';
import { startMonitor } from '../../application/monitors/start.js';
import { startWorker, type Running } from '../../bin/service.js';
import {
  MONITOR_ERASURE_WORKFLOW,
  MONITOR_WORKFLOW,
  monitorErasureWorkflowId,
  monitorProgress,
  monitorWorkflowId,
} from '../../contracts/monitor.js';
import { MONITOR_CREDITS_PER_MONTH } from '../../domain/ledger/pricing.js';
import { monitorDecider, monitorStream, type MonitorStarted } from '../../domain/monitors/monitor.js';
import { periodOf } from '../../domain/plans.js';
import type { RegistryConnector, VerificationRequest } from '../../domain/verification/types.js';
import { appendDecided } from '../../infra/eventstore/decided.js';
import { readEvents } from '../../infra/eventstore/types.js';
import { runningWorkflowIds, workflowHandle } from '../../infra/temporal/contract-client.js';
import { PayloadErasedError } from '../../infra/temporal/payload-codec.js';
import { accountWithKey, startTestApp, until, type TestApp } from '../support/app.js';
import { startReceiver, type Receiver, type ReceivedWebhook } from '../support/webhook-receiver.js';

let app: TestApp;
let worker: Running;
let receiver: Receiver;
const secrets: string[] = [];
const accepted: ReceivedWebhook[] = [];
const registry: RegistryConnector = {
  covers: (country, type) => country === 'UK' && type === 'travel',
  lookup: async (_c, _t, number) => ({
    outcome: 'found',
    record: {
      policy_number: number,
      insurer_name: 'Steady Mutual',
      status: 'active',
      start_date: '2026-01-01',
      end_date: '2099-12-31',
    },
  }),
};

beforeAll(async () => {
  receiver = await startReceiver({
    host: '127.0.0.1',
    secrets,
    respond: (_request, response, received) => {
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
        registry,
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

const travel = (n: string): VerificationRequest => ({ policy_number: n, country: 'UK', insurance_type: 'travel' });
const sandbox: VerificationRequest = { policy_number: 'SANDBOX_STEADY', country: 'UK', insurance_type: 'motor' };

async function monitorOf(
  account: { accountId: string; keyId: string },
  mode: 'live' | 'test',
  path: string,
  retentionDays?: number,
) {
  const monitorId = `mon_${randomBytes(12).toString('hex')}`;
  const started: MonitorStarted = {
    account_id: account.accountId,
    key_id: account.keyId,
    mode,
    request: mode === 'live' ? travel(`TRV${randomBytes(4).toString('hex')}`) : sandbox,
    idempotency_key: null,
    request_hash: 'h',
    at: new Date().toISOString(),
    webhook_url: `${receiver.origin}${path}`,
    expiry_notice_days: 30,
    frequency: mode === 'live' ? 'daily' : 'minutely',
    metadata: { fleet: 'F-1' },
  };
  const deps = {
    events: app.context.engines.events,
    temporal: app.context.temporal!.client,
    taskQueue: app.config.TEMPORAL_TASK_QUEUE,
    webhookRetrySeconds: 1,
    intervalMs: { minutely: 400, daily: 400 },
    ...(retentionDays ? { retentionDays } : {}),
  };
  expect((await startMonitor(deps, monitorId, started)).ok).toBe(true);
  return {
    monitorId,
    handle: workflowHandle(app.context.temporal!.client, MONITOR_WORKFLOW, monitorWorkflowId(monitorId)),
  };
}

const taken = (path: string) =>
  accepted
    .filter((r) => r.path === path)
    .map((r) => ({ id: r.headers['webhook-id'], ...(JSON.parse(r.body) as { type: string; data: any }) }));
const eventsOf = (monitorId: string) => readEvents(app.context.engines.events, monitorStream, monitorId);
const typesOf = async (monitorId: string) => (await eventsOf(monitorId)).map((e) => e.type);
const available = async (accountId: string) => {
  const state = await app.context.ledger.state(accountId);
  return state.balance - Object.values(state.reservations).reduce((a, b) => a + b, 0);
};

describe("a live monitor's credits", () => {
  it('pauses with no credits left, monitor.paused sent once, and resumes by itself at the next grant', async () => {
    const account = await accountWithKey(app, { mode: 'live', credits: 0 });
    secrets.push(await app.context.accounts.webhookSecret(account.accountId, false));
    const { monitorId, handle } = await monitorOf(account, 'live', '/unpaid');
    await until(
      () => handle.query(monitorProgress),
      (p) => p.status === 'paused',
      'the pause',
    );
    await until(
      async () => taken('/unpaid'),
      (n) => n.length >= 1,
      'monitor.paused',
    );
    // Paused: no check runs, nothing is observed.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await handle.query(monitorProgress)).check).toBe(0);
    expect(await typesOf(monitorId)).not.toContain('PolicyObserved');
    // The grant finds it through the MonitorStatus search attribute, once visibility has it.
    await until(
      () => runningWorkflowIds(app.context.temporal!.client, MONITOR_WORKFLOW, `MonitorStatus = 'paused'`),
      (ids) => ids.includes(monitorWorkflowId(monitorId)),
      'the paused monitor in visibility',
    );
    const granted = await app.admin('POST', `/admin/accounts/${account.accountId}/credits`, { amount: 12 });
    expect(granted.status).toBe(200);
    await until(
      () => handle.query(monitorProgress),
      (p) => p.status === 'active' && p.check >= 3,
      'checks after the grant',
    );
    const types = await typesOf(monitorId);
    expect(types.filter((t) => t === 'MonitorPaused')).toHaveLength(1);
    expect(types.indexOf('MonitorResumed')).toBeGreaterThan(types.indexOf('MonitorPaused'));
    expect(types.filter((t) => t === 'MonitorCharged')).toHaveLength(1);
    // Charged once for the month, whatever the checks after: 12 granted, 5 taken, nothing held.
    expect(await available(account.accountId)).toBe(12 - MONITOR_CREDITS_PER_MONTH);
    expect((await app.context.ledger.state(account.accountId)).reservations).toEqual({});
    expect(taken('/unpaid').map((n) => n.type)).toEqual(['monitor.paused']);
    expect(taken('/unpaid')[0]!.data).toMatchObject({ monitor_id: monitorId, reason: 'insufficient_credits' });
    await handle.cancel();
    await handle.result();
  }, 120_000);

  it('finishes a charge interrupted after its reservation, and never charges a month twice', async () => {
    const account = await accountWithKey(app, { mode: 'live', credits: 20 });
    const monitorId = `mon_${randomBytes(12).toString('hex')}`;
    const at = new Date().toISOString();
    const started: MonitorStarted = {
      account_id: account.accountId,
      key_id: account.keyId,
      mode: 'live',
      request: travel('TRV00000001'),
      idempotency_key: null,
      request_hash: 'h',
      at,
      webhook_url: `${receiver.origin}/never`,
      expiry_notice_days: 30,
      frequency: 'daily',
      metadata: {},
    };
    const [first] = monitorDecider.decide(
      { type: 'StartMonitor', data: { monitorId, ...started } },
      monitorDecider.initialState(),
    );
    const { appendDecided } = await import('../../infra/eventstore/decided.js');
    await appendDecided(app.context.engines.events, monitorStream, monitorId, [first!], { actor: 'test' });
    const now = Date.now();
    // A crash after the reservation: the month is held, not recorded.
    await app.context.ledger.reserve(account.accountId, {
      allowance: 20,
      reservationId: monitorReservationId(monitorId, periodOf(new Date(now))),
      amount: MONITOR_CREDITS_PER_MONTH,
      operation: 'monitor',
      reference: monitorId,
    });
    const deps = { events: app.context.engines.events, ledger: app.context.ledger, accounts: app.context.accounts };
    const fold = async () => (await eventsOf(monitorId)).reduce(monitorDecider.evolve, monitorDecider.initialState());
    for (let retry = 0; retry < 3; retry++) {
      expect((await payMonth(deps, monitorId, await fold(), now)).kind).toBe('funded');
    }
    // Even a retry that folded the state of before the charge was recorded takes nothing more.
    const stale = [first!].reduce(monitorDecider.evolve, monitorDecider.initialState());
    expect((await payMonth(deps, monitorId, stale, now)).kind).toBe('funded');
    expect(await available(account.accountId)).toBe(20 - MONITOR_CREDITS_PER_MONTH);
    expect((await app.context.ledger.state(account.accountId)).reservations).toEqual({});
    expect((await typesOf(monitorId)).filter((t) => t === 'MonitorCharged')).toHaveLength(1);
  }, 60_000);

  it('costs a test key nothing', async () => {
    const account = await accountWithKey(app, { mode: 'test', credits: 0 });
    const { monitorId, handle } = await monitorOf(account, 'test', '/free');
    await until(
      () => handle.query(monitorProgress),
      (p) => p.check >= 2,
      'two checks',
    );
    expect((await handle.query(monitorProgress)).status).toBe('active');
    expect(await typesOf(monitorId)).not.toContain('MonitorCharged');
    await handle.cancel();
    await handle.result();
  }, 60_000);
});

describe('retention', () => {
  it("erases a DELETEd monitor's personal data once its retention has passed, and not before", async () => {
    const account = await accountWithKey(app, { mode: 'test' });
    // A retention of 4 seconds, in days.
    const { monitorId, handle } = await monitorOf(account, 'test', '/kept', 4 / 86_400);
    await until(
      () => handle.query(monitorProgress),
      (p) => p.check >= 1,
      'a first check',
    );
    await handle.cancel();
    expect(await handle.result()).toBe('stopped');
    const stream = monitorStream(monitorId);
    // Kept meanwhile: readable, not erased.
    expect((await app.context.engines.keys.keysOf([stream])).get(stream)).toBeInstanceOf(Buffer);
    expect(await typesOf(monitorId)).not.toContain('MonitorErased');
    const erasure = workflowHandle(
      app.context.temporal!.client,
      MONITOR_ERASURE_WORKFLOW,
      monitorErasureWorkflowId(monitorId),
    );
    expect(await erasure.result()).toBe('erased');
    expect((await app.context.engines.keys.keysOf([stream])).get(stream)).toBeNull();
    const events = await eventsOf(monitorId);
    expect(events.find((e) => e.type === 'MonitorErased')?.data).toMatchObject({ reason: 'retention' });
    const first = events.find((e) => e.type === 'MonitorStarted');
    expect(first?.type === 'MonitorStarted' && first.data.request).toEqual({});
  }, 60_000);
});

describe("an account's closing", () => {
  it('stops every monitor (account_closed, monitor.stopped once each) and erases them all', async () => {
    const account = await accountWithKey(app, { mode: 'test' });
    secrets.push(await app.context.accounts.webhookSecret(account.accountId, false));
    const running = [
      await monitorOf(account, 'test', '/closing-1'),
      await monitorOf(account, 'test', '/closing-2'),
      await monitorOf(account, 'test', '/closing-3'),
    ];
    // One DELETEd before the close: its erasure waits out the retention, which the close cuts short.
    const deleted = await monitorOf(account, 'test', '/deleted');
    for (const { handle } of [...running, deleted]) {
      await until(
        () => handle.query(monitorProgress),
        (p) => p.check >= 1,
        'a first check',
      );
    }
    await deleted.handle.cancel();
    expect(await deleted.handle.result()).toBe('stopped');
    const client = app.context.temporal!.client;
    await until(
      () => runningWorkflowIds(client, MONITOR_WORKFLOW, `AccountId = '${account.accountId}'`),
      (ids) => running.every((m) => ids.includes(monitorWorkflowId(m.monitorId))),
      'the monitors in visibility',
    );
    await until(
      () => runningWorkflowIds(client, MONITOR_ERASURE_WORKFLOW, `AccountId = '${account.accountId}'`),
      (ids) => ids.includes(monitorErasureWorkflowId(deleted.monitorId)),
      'the deleted one waiting out its retention',
    );

    await app.context.accounts.close(account.accountId);

    for (const [i, { monitorId }] of running.entries()) {
      await until(
        async () => taken(`/closing-${i + 1}`).filter((n) => n.type === 'monitor.stopped'),
        (n) => n.length >= 1,
        `monitor.stopped of monitor ${i + 1}`,
      );
      const erasure = workflowHandle(client, MONITOR_ERASURE_WORKFLOW, monitorErasureWorkflowId(monitorId));
      await until(
        () =>
          erasure.describe().then(
            (d) => d.status.name,
            () => 'NOT_YET',
          ),
        (status) => status === 'COMPLETED',
        `the erasure of monitor ${i + 1}`,
      );
    }
    const deletedErasure = workflowHandle(
      client,
      MONITOR_ERASURE_WORKFLOW,
      monitorErasureWorkflowId(deleted.monitorId),
    );
    expect(await deletedErasure.result()).toBe('erased');
    await new Promise((resolve) => setTimeout(resolve, 1500));

    for (const [i, { monitorId, handle }] of running.entries()) {
      const stopped = taken(`/closing-${i + 1}`).filter((n) => n.type === 'monitor.stopped');
      expect(stopped).toHaveLength(1);
      expect(stopped[0]!.data).toMatchObject({ monitor_id: monitorId, reason: 'account_closed' });
      expect((await handle.describe()).status.name).toBe('COMPLETED');
      // Erased as a job is: the key gone, the events' personal fields and the workflow's history unreadable.
      expect(
        (await app.context.engines.keys.keysOf([monitorStream(monitorId)])).get(monitorStream(monitorId)),
      ).toBeNull();
      const events = await eventsOf(monitorId);
      expect(events.find((e) => e.type === 'MonitorStopped')?.data).toMatchObject({ reason: 'account_closed' });
      expect(events.filter((e) => e.type === 'MonitorErased')).toHaveLength(1);
      const first = events.find((e) => e.type === 'MonitorStarted');
      expect(first?.type === 'MonitorStarted' && first.data.request).toEqual({});
      expect(first?.type === 'MonitorStarted' && first.data.webhook_url).toBeNull();
      await expect(handle.result()).rejects.toBeInstanceOf(PayloadErasedError);
    }
    const erasedLater = await eventsOf(deleted.monitorId);
    expect(erasedLater.find((e) => e.type === 'MonitorErased')?.data).toMatchObject({ reason: 'account_closed' });
    expect(erasedLater.find((e) => e.type === 'MonitorStopped')?.data).toMatchObject({ reason: 'deleted' });
  }, 180_000);
});

describe('a monitor the closing’s signal does not reach', () => {
  it.each(['test', 'live'] as const)(
    'stops at its next check when its account has closed (%s key), and sends monitor.stopped only',
    async (mode) => {
      const account = await accountWithKey(app, { mode });
      const monitorId = `mon_${randomBytes(12).toString('hex')}`;
      const started: MonitorStarted = {
        account_id: account.accountId,
        key_id: account.keyId,
        mode,
        request: mode === 'live' ? travel('TRVCLOSED1') : sandbox,
        idempotency_key: null,
        request_hash: 'h',
        at: new Date().toISOString(),
        webhook_url: `${receiver.origin}/unreached`,
        expiry_notice_days: 30,
        frequency: 'daily',
        metadata: {},
      };
      // Recorded, with no workflow the closing could find in Temporal's visibility (as one started a moment before).
      const decided = monitorDecider.decide(
        { type: 'StartMonitor', data: { monitorId, ...started } },
        monitorDecider.initialState(),
      );
      await appendDecided(app.context.engines.events, monitorStream, monitorId, decided, { actor: account.keyId });
      await app.context.accounts.close(account.accountId);
      const activities = monitorActivities({
        events: app.context.engines.events,
        accounts: app.context.accounts,
        ledger: app.context.ledger,
        keys: app.context.engines.keys,
        engine: app.context.verification.engine,
        registry,
        webhooks: { allowlist: [`127.0.0.1:${receiver.port}`] },
      });
      const turn = await activities.checkMonitor({ monitorId, check: 0, now: Date.now() });
      expect(turn).toMatchObject({ status: 'stopped', pending: ['monitor.stopped'] });
      const events = await eventsOf(monitorId);
      expect(events.map((e) => e.type)).toEqual(['MonitorStarted', 'MonitorStopped', 'MonitorNoticeDue']);
      expect(events[1]!.data).toMatchObject({ reason: 'account_closed' });
    },
  );
});
