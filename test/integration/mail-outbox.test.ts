// The portal's mail outbox (issue 31, item 2) against real SMTP: with the mail server refusing, and then stalling,
// the key and sign-in forms answer 200 with the same page for an address that has an account and one that has
// none; the mails arrive once a real receiver takes the port; the outbox keeps no address once they are sent.
import { once } from 'node:events';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS } from '../../domain/plans.js';
import { finishMail } from '../../application/mail/outbox.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { freePort } from '../support/net.js';
import { submitForm } from '../support/portal.js';
import { stalledSmtpServer, startMailReceiver, type MailReceiver } from '../support/smtp.js';

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

const submit = (path: string, form: Record<string, string>) => submitForm(app.url, path, form);

/** A server that refuses every connection with a 421, as a mail server that is down for maintenance. */
async function refusingServer(on = port): Promise<{ close(): Promise<void> }> {
  const server = new SMTPServer({
    logger: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onConnect: (_s, cb) => cb(new Error('Service not available')),
  });
  server.listen(on, '127.0.0.1');
  await once(server.server, 'listening');
  return { close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const stallingServer = () => stalledSmtpServer(port);

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
      // The key links to both addresses (the unknown one's account opened by the workflow); to the sign-in, an
      // address without a confirmed account (the operator's is not confirmed until one of our links is opened)
      // gets a mail saying so, like any other: its form said the same as the known one's, and so does the outbox.
      await receiver.next(known, 60_000);
      await receiver.next(unknown, 60_000);
      await until(async () => (await outbox()).pending === 0);
      for (const address of [known, unknown]) {
        expect(
          receiver
            .to(address)
            .map((mail) => mail.subject)
            .sort(),
        ).toEqual(['Activate your Policy Verification API key', 'Your sign-in request']);
      }
      // Sent mail leaves no address behind.
      const rows = await app.context.engines.sql.query<{ n: string }>(
        'select count(*)::text as n from mail_outbox where address in ($1, $2)',
        [known, unknown],
      );
      expect(Number(rows[0]!.n)).toBe(0);
    } finally {
      await receiver.close();
      receiver = undefined;
    }
  }, 120_000);
});

describe('the metrics, with the mail server refusing', () => {
  // An app of its own whose retries wait a minute: each intent is read after its first attempt and before a second.
  let quiet: TestApp;
  let quietPort: number;
  beforeAll(async () => {
    quietPort = await freePort();
    quiet = await startTestApp({
      worker: true,
      env: { SMTP_URL: `smtp://127.0.0.1:${quietPort}`, MAIL_RETRY_SECONDS: '60' },
    });
  }, 120_000);
  afterAll(() => quiet?.stop());

  /** An address whose account opened one of our key links: the one kind that a sign-in link is made for. */
  async function confirmedAddress(): Promise<string> {
    const email = `confirmed.${run}@example.com`;
    const { accounts } = quiet.context;
    const opened = await accounts.open({ contact: { email }, plan: 'free', limits: PLANS.free }, { actor: 'portal' });
    const requested = await accounts.requestKey(opened.accountId, 'test', { actor: 'portal' });
    const activated = await accounts.activateRequestedKey(opened.accountId, requested.token, { actor: 'portal' });
    expect(await quiet.context.readModelsAt(activated.position!, 5000)).toBe(true);
    return email;
  }

  const AGES = /^pvs_(mail_outbox_oldest_pending|projection_lag|task_queue_backlog_age)_seconds\b/;
  /** The business metrics' samples (`name{labels}` to value). */
  const samples = (text: string) =>
    new Map(
      text
        .split('\n')
        .filter((line) => line.startsWith('pvs_'))
        // Ages (the oldest pending mail's, a projection's lag, a queue's backlog) differ by when they are read, not
        // by whose address was asked for: their presence is compared, not their value.
        .map((line) => (AGES.test(line) ? line.replace(/ [^ ]+$/, ' 0') : line))
        .map((line) => [line.slice(0, line.lastIndexOf(' ')), Number(line.slice(line.lastIndexOf(' ') + 1))]),
    );

  /**
   * What a sign-in for `email` changes in /metrics, read once its mail has had its first attempt (or finished),
   * and twice the same: then its intent is given up, so that the next sign-in is measured alone.
   */
  async function signInEffect(email: string): Promise<Record<string, number>> {
    const db = quiet.context.engines.sql;
    const ids = async () => (await db.query<{ id: string }>('select id from mail_outbox')).map((row) => row.id);
    const state = async (id: string) =>
      JSON.stringify(await db.query('select status, attempts from mail_outbox where id = $1', [id]));
    const old = new Set(await ids());
    const before = samples(await quiet.metrics());
    expect((await submitForm(quiet.url, '/account/sign-in', { email })).status).toBe(200);
    let id: string | undefined;
    await until(async () => (id = (await ids()).find((i) => !old.has(i))) !== undefined);
    let after = '';
    await until(async () => {
      const seen = await state(id!);
      if (seen.includes('"attempts":0') && seen.includes('pending')) return false;
      after = await quiet.metrics();
      return (await state(id!)) === seen;
    });
    await finishMail(db, id!, 'abandoned');
    const read = samples(after);
    return Object.fromEntries(
      [...new Set([...before.keys(), ...read.keys()])].map((name) => [
        name,
        (read.get(name) ?? 0) - (before.get(name) ?? 0),
      ]),
    );
  }

  it('read the same around a sign-in for a confirmed address as around one for an unknown address', async () => {
    const confirmed = await confirmedAddress();
    const unknown = `stranger.${run}@example.com`;
    const server = await refusingServer(quietPort);
    try {
      const known = await signInEffect(confirmed);
      const stranger = await signInEffect(unknown);
      // Both mails wait for the server, attempted once, whichever address they go to.
      expect(known).toMatchObject({
        'pvs_mail_outbox{status="pending"}': 1,
        'pvs_mail_outbox{status="sent"}': 0,
        pvs_mail_attempts: 1,
      });
      expect(stranger).toEqual(known);
    } finally {
      await server.close();
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
