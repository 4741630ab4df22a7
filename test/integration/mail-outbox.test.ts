// The portal's mail outbox (issue 31, item 2) against real SMTP: with the mail server refusing, and then stalling,
// the key and sign-in forms answer 200 with the same page for an address that has an account and one that has
// none; the mails arrive once a real receiver takes the port; the outbox keeps no address once they are sent.
import { once } from 'node:events';
import { createServer, type Server, type Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { freePort } from '../support/net.js';
import { startMailReceiver, type MailReceiver } from '../support/smtp.js';

let app: TestApp;
let port: number;
let receiver: MailReceiver | undefined;
const run = Date.now().toString(36);

beforeAll(async () => {
  port = await freePort();
  app = await startTestApp({ worker: true, env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_RETRY_SECONDS: '1' } });
}, 120_000);

afterAll(async () => {
  await receiver?.close();
  await app?.stop();
});

/** A browser's visit: the page's cookies and CSRF field, then the form posted with them. */
async function submit(path: string, form: Record<string, string>): Promise<{ status: number; page: string; ms: number }> {
  const page = await fetch(`${app.url}${path === '/portal' ? '/portal' : '/account'}`);
  const cookies = page.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const csrf = /name="_csrf" value="([^"]+)"/.exec(await page.text())![1]!;
  const started = performance.now();
  const res = await fetch(`${app.url}${path}`, {
    method: 'POST',
    headers: { cookie: cookies, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...form, _csrf: csrf }).toString(),
    redirect: 'manual',
  });
  const html = await res.text();
  // The page without what differs from one visit to the next (the CSRF token).
  return { status: res.status, page: html.replace(/name="_csrf" value="[^"]+"/g, ''), ms: performance.now() - started };
}

/** A server that refuses every connection with a 421, as a mail server that is down for maintenance. */
async function refusingServer(): Promise<{ close(): Promise<void> }> {
  const server = new SMTPServer({ logger: false, authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'], onConnect: (_s, cb) => cb(new Error('Service not available')) });
  server.listen(port, '127.0.0.1');
  await once(server.server, 'listening');
  return { close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A server that accepts connections and never says a word. */
async function stallingServer(): Promise<{ close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
  });
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  return {
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

async function knownAddress(tag: string): Promise<string> {
  const email = `known.${tag}.${run}@example.com`;
  const created = await app.admin<{ account_id: string }>('POST', '/admin/accounts', { email, plan: 'free' });
  expect(created.status).toBe(201);
  return email;
}

describe.each([
  ['refusing', refusingServer],
  ['stalling', stallingServer],
] as const)('with the mail server %s', (tag, start) => {
  it('answers the key and sign-in forms alike for known and unknown addresses, and sends once it recovers', async () => {
    const known = await knownAddress(tag);
    const unknown = `nobody.${tag}.${run}@example.com`;
    const server = await start();
    try {
      const keyKnown = await submit('/portal', { email: known, key_type: 'test' });
      const keyUnknown = await submit('/portal', { email: unknown, key_type: 'test' });
      const signInKnown = await submit('/account/sign-in', { email: known });
      const signInUnknown = await submit('/account/sign-in', { email: unknown });
      for (const answer of [keyKnown, keyUnknown, signInKnown, signInUnknown]) expect(answer.status).toBe(200);
      expect(keyKnown.page).toBe(keyUnknown.page);
      expect(signInKnown.page).toBe(signInUnknown.page);
      expect(keyKnown.page).toContain('Check your inbox');
      // Nobody waits on the mail server: a stalled one would hold an answer for its timeouts (10 s and more).
      for (const answer of [keyKnown, keyUnknown, signInKnown, signInUnknown]) expect(answer.ms).toBeLessThan(3000);

      // The mails wait in the outbox, attempted and failing, with nothing sent.
      await until(async () => (await outbox()).attempts > 0);
    } finally {
      await server.close();
    }
    receiver = await startMailReceiver(port);
    try {
      // The key links to both addresses (the unknown one's account opened by the workflow), the sign-in link to
      // the known one only: an unknown address gets nothing, and its form said the same as the known one's.
      await receiver.next(known, 60_000);
      await receiver.next(unknown, 60_000);
      await until(async () => (await outbox()).pending === 0);
      expect(receiver.to(unknown)).toHaveLength(1);
      // Sent mail leaves no address behind.
      const rows = await app.context.engines.sql.query<{ n: string }>('select count(*)::text as n from mail_outbox where address in ($1, $2)', [known, unknown]);
      expect(Number(rows[0]!.n)).toBe(0);
    } finally {
      await receiver.close();
      receiver = undefined;
    }
  }, 120_000);
});

/** Attempts made so far on the mails still pending, and how many are pending. */
async function outbox(): Promise<{ attempts: number; pending: number }> {
  const [row] = await app.context.engines.sql.query<{ attempts: string; pending: string }>(
    `select coalesce(sum(attempts), 0)::text as attempts, count(*)::text as pending from mail_outbox where status = 'pending'`,
  );
  return { attempts: Number(row!.attempts), pending: Number(row!.pending) };
}

async function until(done: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
