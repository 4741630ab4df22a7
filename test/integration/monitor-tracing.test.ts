// Each monitor check is a trace of its own (issue 58, item 1): a monitor's workflow runs for months, so its checks
// must not all hang off the one trace its start made. The service in process with the OpenTelemetry SDK's
// in-memory exporter runs a sandbox monitor; each check's span is a root of a trace of its own, linked to the
// activity's span in the workflow's trace, and holds the check's work (the append that records it). No span
// carries the policy number or the notice's webhook URL.
import { randomBytes } from 'node:crypto';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMonitor } from '../../application/monitors/start.js';
import { MONITOR_WORKFLOW, monitorWorkflowId } from '../../contracts/monitor.js';
import type { MonitorStarted } from '../../domain/monitors/monitor.js';
import { workflowHandle } from '../../infra/temporal/contract-client.js';
import { startTracing } from '../../infra/tracing/start.js';
import { tracing } from '../../infra/tracing/tracing.js';
import { accountWithKey, startTestApp, until, type TestApp } from '../support/app.js';
import { startReceiver, type Receiver } from '../support/webhook-receiver.js';

const exporter = new InMemorySpanExporter();
let app: TestApp;
let receiver: Receiver;

beforeAll(async () => {
  await startTracing('pvs-test', { exporter });
  receiver = await startReceiver({ host: '127.0.0.1', secrets: [], respond: (_req, res) => res.writeHead(204).end() });
  app = await startTestApp({ worker: true, env: { WEBHOOK_ALLOWLIST: `127.0.0.1:${receiver.port}` } });
}, 120_000);
afterAll(async () => {
  await app?.stop();
  await receiver?.close();
  await tracing()?.shutdown();
});

const traceOf = (span: ReadableSpan) => span.spanContext().traceId;

describe('a traced monitor', () => {
  it('makes each check a trace of its own, linked to its workflow, with no policy number or URL in a span', async () => {
    const { accountId, keyId } = await accountWithKey(app, { mode: 'test' });
    const monitorId = `mon_${randomBytes(12).toString('hex')}`;
    // A sandbox story: its second check sees a new insurer, so a notice goes out too.
    const policyNumber = 'MONITOR_STORY_58';
    const webhookUrl = `${receiver.origin}/monitor-traced-${randomBytes(4).toString('hex')}`;
    const started: MonitorStarted = {
      account_id: accountId,
      key_id: keyId,
      mode: 'test',
      request: { policy_number: policyNumber, country: 'UK', insurance_type: 'motor' },
      idempotency_key: null,
      request_hash: 'h',
      at: new Date().toISOString(),
      webhook_url: webhookUrl,
      expiry_notice_days: 30,
      frequency: 'minutely',
      metadata: {},
    };
    const answer = await startMonitor(
      {
        events: app.context.engines.events,
        temporal: app.context.temporal!.client,
        taskQueue: app.config.TEMPORAL_TASK_QUEUE,
        webhookRetrySeconds: 1,
        intervalMs: { minutely: 300, daily: 300 },
      },
      monitorId,
      started,
    );
    expect(answer.ok).toBe(true);
    const handle = workflowHandle(app.context.temporal!.client, MONITOR_WORKFLOW, monitorWorkflowId(monitorId));

    const checks = await until(
      async () =>
        exporter
          .getFinishedSpans()
          .filter((s) => s.name === 'monitor.check' && s.attributes['pvs.monitor_id'] === monitorId),
      (list) => list.filter((s) => s.attributes['pvs.outcome'] === 'recorded').length >= 2,
      'two recorded checks',
      60_000,
    );
    await until(
      async () => receiver.received.filter((r) => webhookUrl.endsWith(r.path)),
      (list) => list.length > 0,
      'the policy.changed notice',
      60_000,
    );
    await handle.cancel();
    await handle.result().catch(() => undefined);

    const spans = exporter.getFinishedSpans();
    const workflow = spans.find((s) => s.name === 'RunWorkflow:monitorWorkflow');
    expect(workflow, 'the workflow traced').toBeDefined();
    const recorded = checks.filter((s) => s.attributes['pvs.outcome'] === 'recorded');
    // Roots of traces of their own: none the workflow's, no two the same.
    for (const check of recorded) {
      expect(check.parentSpanId, 'a root').toBeUndefined();
      expect(traceOf(check)).not.toBe(traceOf(workflow!));
      // Linked to the activity's span, which is in the workflow's trace.
      const [link] = check.links;
      const from = spans.find((s) => s.spanContext().spanId === link?.context.spanId);
      expect(from?.name).toBe('RunActivity:checkMonitor');
      expect(link?.context.traceId).toBe(traceOf(workflow!));
      // The check's own work is in its trace: the append that records it.
      expect(spans.some((s) => traceOf(s) === traceOf(check) && s.name === 'eventstore.append')).toBe(true);
    }
    expect(new Set(recorded.map(traceOf)).size).toBe(recorded.length);
    for (const span of spans) {
      const text = JSON.stringify({ name: span.name, attributes: span.attributes, events: span.events });
      expect(text, span.name).not.toContain(policyNumber);
      expect(text, span.name).not.toContain(webhookUrl);
      expect(text, span.name).not.toContain(receiver.origin);
    }
  }, 120_000);
});
