// kill -9 of the worker in the middle of a sandbox monitor's story (issue 55, acceptance): at its first notice's
// delivery (the check's turn in flight, the receiver holding the request), then twice more between and during
// checks. policy.changed, policy.expiring, policy.expired and policy.renewed still arrive in order, each occurrence
// under one webhook id (a delivery the dead worker had made may come again under the same id, never as another
// notice), each made due once and its delivery recorded once. Only the worker is killed: PostgreSQL, Redis and
// Temporal stay up.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMonitor } from '../../application/monitors/start.js';
import { MONITOR_WORKFLOW, monitorProgress, monitorWorkflowId } from '../../contracts/monitor.js';
import { monitorStream, type MonitorStarted } from '../../domain/monitors/monitor.js';
import { readEvents } from '../../infra/eventstore/types.js';
import { workflowHandle } from '../../infra/temporal/contract-client.js';
import { runsWhere } from '../support/ci.js';
import { startReceiver, type Receiver, type ReceivedWebhook } from '../support/webhook-receiver.js';
import { eventually, sleep, startStack, type Stack } from './support.js';

const POLICY_NOTICES = ['policy.changed', 'policy.expiring', 'policy.expired', 'policy.renewed'];

describe.runIf(runsWhere(process.env.DATABASE_URL))('kill -9 of the worker during a monitor story', () => {
  let stack: Stack;
  let receiver: Receiver;
  const secrets: string[] = [];
  const accepted: ReceivedWebhook[] = [];
  /** Set once the first notice's request is in: the test kills the worker before it is answered. */
  let firstArrived: (() => void) | null = null;
  let holdFirst: Promise<void> | null = null;

  beforeAll(async () => {
    receiver = await startReceiver({
      host: '127.0.0.1',
      secrets,
      respond: async (_request, response, received) => {
        if (firstArrived) {
          const arrived = firstArrived;
          firstArrived = null;
          arrived();
          await holdFirst;
        }
        if (received.verifiedWith.length > 0) accepted.push(received);
        response.writeHead(received.verifiedWith.length > 0 ? 204 : 401).end();
      },
    });
    stack = await startStack({ WEBHOOK_ALLOWLIST: `127.0.0.1:${receiver.port}` });
  });
  afterAll(async () => {
    await stack?.stop();
    await receiver?.close();
  });

  it('sends changed, expiring, expired and renewed in order, each occurrence once', async () => {
    const { accountId } = await stack.account(0);
    const key = await stack.admin('POST', `/admin/accounts/${accountId}/keys`, { mode: 'test' });
    expect(key.status).toBe(201);
    secrets.push(await stack.t.context.accounts.webhookSecret(accountId, false));
    const monitorId = `mon_${randomBytes(12).toString('hex')}`;
    const started: MonitorStarted = {
      account_id: accountId,
      key_id: key.body.key_id,
      mode: 'test',
      request: { policy_number: 'MONITOR_STORY_9', country: 'UK', insurance_type: 'motor' },
      idempotency_key: null,
      request_hash: 'h',
      at: new Date().toISOString(),
      webhook_url: `${receiver.origin}/story`,
      expiry_notice_days: 30,
      frequency: 'minutely',
      metadata: { lease: 'LS-9' },
    };
    const arrived = new Promise<void>((resolve) => (firstArrived = resolve));
    let release!: () => void;
    holdFirst = new Promise<void>((resolve) => (release = resolve));
    const client = stack.t.context.temporal!.client;
    const answer = await startMonitor(
      {
        events: stack.t.context.engines.events,
        temporal: client,
        taskQueue: stack.t.config.TEMPORAL_TASK_QUEUE,
        webhookRetrySeconds: 1,
        intervalMs: { minutely: 1500 },
      },
      monitorId,
      started,
    );
    expect(answer.ok).toBe(true);
    const handle = workflowHandle(client, MONITOR_WORKFLOW, monitorWorkflowId(monitorId));

    // Dies while its first notice is being delivered: the receiver has the request, the worker never hears back.
    await arrived;
    await stack.restart('worker', 'kill');
    release();
    // Twice more, wherever the story is then: in a check, a delivery or a sleep.
    for (const wait of [2300, 3100]) {
      await sleep(wait);
      await stack.restart('worker', 'kill');
    }

    const types = () => [...new Map(accepted.map((r) => [r.headers['webhook-id'], r])).values()];
    await eventually('the four policy notices', 240_000, async () => (types().length >= 4 ? true : undefined));
    // Two checks more: nothing else is sent.
    const progress = await handle.query(monitorProgress);
    await eventually('two more checks', 60_000, async () =>
      (await handle.query(monitorProgress)).check >= progress.check + 2 ? true : undefined,
    );
    const distinct = types().map((r) => ({ id: r.headers['webhook-id'], ...(JSON.parse(r.body) as any) }));
    expect(distinct.map((n) => n.type)).toEqual(POLICY_NOTICES);
    expect(distinct[0].data).toMatchObject({ monitor_id: monitorId, metadata: { lease: 'LS-9' } });
    expect(distinct[0].data.changes).toEqual([
      { field: 'insurer', from: 'Sandbox Insurance Ltd', to: 'Sandbox Mutual Assurance' },
    ]);
    expect(distinct[3].data.previous_period).toEqual(distinct[2].data.period);
    // A repeat is the same notice under the same id and body: what a receiver deduplicates by webhook-id.
    for (const r of accepted) {
      expect(distinct.find((n) => n.id === r.headers['webhook-id'])).toMatchObject(JSON.parse(r.body));
    }
    const events = await readEvents(stack.t.context.engines.events, monitorStream, monitorId);
    const due = events.filter((e) => e.type === 'MonitorNoticeDue').map((e) => e.data.type);
    expect(due).toEqual(POLICY_NOTICES);
    const sent = events.filter((e) => e.type === 'MonitorNoticeSent');
    expect(sent).toHaveLength(4);
    expect(sent.every((e) => e.type === 'MonitorNoticeSent' && e.data.delivered)).toBe(true);
    await handle.cancel();
    await handle.result();
  });
});
