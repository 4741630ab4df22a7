// Every outbound call a worker makes ends when its activity is cancelled (issue 54, item 3), against a real peer
// that accepts and never answers: a webhook attempt, a portal mail over SMTP, a dataset source's GET. Each rejects
// at once with the signal's reason (what Temporal's cancellation carries), long before its own deadline.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchSourceText } from '../../infra/datasets/sources.js';
import { createMailer } from '../../infra/mail.js';
import { deliverWebhook } from '../../infra/webhooks/deliver.js';
import { freePort } from '../support/net.js';
import { stalledSmtpServer } from '../support/smtp.js';
import { startReceiver, type Receiver } from '../support/webhook-receiver.js';

const SECRET = `whsec_${randomBytes(24).toString('base64')}`;
let receiver: Receiver;
let smtp: Awaited<ReturnType<typeof stalledSmtpServer>>;
let smtpPort: number;

beforeAll(async () => {
  // Reads each request whole and never answers it.
  receiver = await startReceiver({ host: '127.0.0.1', secrets: [], respond: () => undefined });
  smtpPort = await freePort();
  smtp = await stalledSmtpServer(smtpPort);
});
afterAll(async () => {
  await receiver?.close();
  await smtp?.close();
});

/** Aborts once the peer holds the call, and answers how the call ended and how long after the abort. */
async function cancelled(call: (signal: AbortSignal) => Promise<unknown>, held: () => boolean) {
  const stop = new AbortController();
  const reason = new Error('cancelled: the worker is stopping');
  let done = false;
  const ended = call(stop.signal).then(
    (value) => ({ resolved: value }),
    (error: unknown) => error,
  );
  void ended.finally(() => (done = true));
  while (!held() && !done) await new Promise((resolve) => setTimeout(resolve, 20));
  if (done) throw new Error(`the call ended before the peer held it: ${JSON.stringify(await ended)}`);
  const at = performance.now();
  stop.abort(reason);
  const outcome = await ended;
  return { rejectedWithReason: outcome === reason, ms: performance.now() - at };
}

describe('a cancelled outbound call', () => {
  it('a webhook attempt rejects with the reason at once, not after its 15 s deadline', async () => {
    const before = receiver.received.length;
    const result = await cancelled(
      (signal) =>
        deliverWebhook(
          { url: `${receiver.origin}/hook`, id: 'job_1', timestamp: new Date(), body: '{}', secrets: [SECRET] },
          { allowlist: [`127.0.0.1:${receiver.port}`], signal },
        ),
      () => receiver.received.length > before,
    );
    expect(result.rejectedWithReason).toBe(true);
    expect(result.ms).toBeLessThan(1000);
  });

  it('a portal mail rejects with the reason at once, not after the SMTP timeouts', async () => {
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${smtpPort}`, mailDir: '/nonexistent', from: 'a@b.c' });
    const before = smtp.connections();
    try {
      const result = await cancelled(
        (signal) => mailer.send({ to: 'x@example.org', subject: 's', text: 't', html: '<p>t</p>' }, { signal }),
        () => smtp.connections() > before,
      );
      expect(result.rejectedWithReason).toBe(true);
      expect(result.ms).toBeLessThan(1000);
    } finally {
      mailer.close();
    }
  });

  it("a dataset source's GET rejects with the reason at once, not after its timeout", async () => {
    const before = receiver.received.length;
    // The receiver answers no request, GETs included.
    const result = await cancelled(
      (signal) => fetchSourceText(`${receiver.origin}/series.csv`, 60_000, signal),
      () => receiver.received.length > before,
    );
    expect(result.rejectedWithReason).toBe(true);
    expect(result.ms).toBeLessThan(1000);
  });
});
