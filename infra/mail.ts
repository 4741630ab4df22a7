import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** `signal` (the activity's cancellation) gives the send up at once: it rejects with the signal's reason. */
  send(mail: Mail, options?: { signal?: AbortSignal }): Promise<void>;
  /**
   * A link was used: a copy of it kept by this mailer goes (the `.eml` files of a local trial). Nothing to do
   * for SMTP, whose mail is the recipient's.
   */
  forget(token: string): void;
  /** Ends the sends in flight: they fail with MailerClosed. */
  close(): void;
}

/** The longest a mailed link works (a key link: 24 hours); an `.eml` file older than this holds a dead link. */
const LONGEST_LINK_MS = 24 * 3600_000;

/**
 * E-mail through nodemailer: to SMTP_URL when set, else into `.eml` files under `mailDir`, so that a local
 * trial needs no mail server (`onFile` hears of each file: the dev console prints its links).
 */
export function createMailer(options: {
  smtpUrl?: string | undefined;
  mailDir: string;
  from: string;
  onFile?: (file: string, mail: Mail) => void;
}): Mailer {
  if (options.smtpUrl) {
    // A stalled server ends an attempt instead of holding it: the outbox's workflow retries (activities/mail.ts).
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    const sends = closableSends();
    return {
      send: (mail, { signal } = {}) => sends.run(transport.sendMail({ from: options.from, ...mail }), signal),
      forget: () => undefined,
      close() {
        sends.close();
        transport.close();
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...mail });
      mkdirSync(options.mailDir, { recursive: true });
      const file = path.join(
        options.mailDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`,
      );
      writeFileSync(file, info.message as Buffer, { mode: 0o600 });
      options.onFile?.(file, mail);
      prune(options.mailDir, (file) => Date.now() - statSync(file).mtimeMs > LONGEST_LINK_MS);
    },
    forget(token) {
      // The link's token as the mail's text carries it (URL-encoded in the link).
      const needle = encodeURIComponent(token);
      prune(options.mailDir, (_file, text) => text.includes(needle));
    },
    close: () => transport.close(),
  };
}

/** A send given up because the mailer closed: the mail stays in the outbox for the next attempt. */
export class MailerClosed extends Error {
  override name = 'MailerClosed';
}

/**
 * Sends that end when the mailer closes or their signal aborts, whatever the server does: nodemailer cannot abort
 * a send, and one held by a stalled server (its timeouts add up to half a minute) would hold the worker's shutdown
 * with it. A send after that is made as before (a worker started again on the same context mails again).
 */
function closableSends() {
  const waiting = new Set<(error: Error) => void>();
  return {
    run(send: Promise<unknown>, signal?: AbortSignal): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        const cancel = () => reject(signal!.reason);
        if (signal?.aborted) return cancel();
        signal?.addEventListener('abort', cancel, { once: true });
        waiting.add(reject);
        send
          .then(() => resolve(), reject)
          .finally(() => {
            waiting.delete(reject);
            signal?.removeEventListener('abort', cancel);
          });
      });
    },
    close(): void {
      for (const reject of waiting) reject(new MailerClosed('the mailer closed during the send'));
      waiting.clear();
    },
  };
}

/**
 * Deletes the `.eml` files of `dir` that `doomed` picks, given the file's path and its text with quoted-printable
 * soft line breaks joined (a long link is folded across lines in the file).
 */
function prune(dir: string, doomed: (file: string, text: string) => boolean): void {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    if (!name.endsWith('.eml')) continue;
    const file = path.join(dir, name);
    let text: string;
    try {
      text = readFileSync(file, 'latin1').replace(/=\r?\n/g, '');
    } catch {
      continue; // gone meanwhile
    }
    if (doomed(file, text)) rmSync(file, { force: true });
  }
}
