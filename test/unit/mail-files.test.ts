// Without SMTP_URL the portal's mail is written as .eml files (infra/mail.ts), so a local trial needs no server.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterEach, expect, it } from 'vitest';
import { createMailer } from '../../infra/mail.js';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it('writes each mail as an .eml file a mail client can read, and reports the file', async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'pvs-mail-'));
  const reported: string[] = [];
  const mailer = createMailer({ mailDir: path.join(dir, 'mail'), from: 'Policy Verification <no-reply@localhost>', onFile: (file) => reported.push(file) });
  await mailer.send({ to: 'someone@example.com', subject: 'Your link', text: 'Open http://localhost:3000/portal/verify?token=abc\n', html: '<p>Open</p>' });
  const files = readdirSync(path.join(dir, 'mail'));
  expect(files).toHaveLength(1);
  expect(reported).toEqual([path.join(dir, 'mail', files[0]!)]);
  const parsed = await simpleParser(readFileSync(reported[0]!));
  expect(parsed.subject).toBe('Your link');
  expect(parsed.text).toContain('/portal/verify?token=abc');
  expect(parsed.from?.text).toContain('no-reply@localhost');
  mailer.close();
});
