import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

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
    const transport = nodemailer.createTransport({ url: options.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...mail });
      mkdirSync(options.mailDir, { recursive: true });
      const file = path.join(options.mailDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
      writeFileSync(file, info.message as Buffer, { mode: 0o600 });
      options.onFile?.(file, mail);
    },
    close: () => transport.close(),
  };
}
