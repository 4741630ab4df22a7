// Without SMTP_URL the portal's mail is written as .eml files (infra/mail.ts), so a local trial needs no server.
import { mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync } from 'node:fs';
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
  const mailer = createMailer({
    mailDir: path.join(dir, 'mail'),
    from: 'Policy Verification <no-reply@localhost>',
    onFile: (file) => reported.push(file),
  });
  await mailer.send({
    to: 'someone@example.com',
    subject: 'Your link',
    text: 'Open http://localhost:3000/portal/verify?token=abc\n',
    html: '<p>Open</p>',
  });
  const files = readdirSync(path.join(dir, 'mail'));
  expect(files).toHaveLength(1);
  expect(reported).toEqual([path.join(dir, 'mail', files[0]!)]);
  const parsed = await simpleParser(readFileSync(reported[0]!));
  expect(parsed.subject).toBe('Your link');
  expect(parsed.text).toContain('/portal/verify?token=abc');
  expect(parsed.from?.text).toContain('no-reply@localhost');
  mailer.close();
});

it('deletes a mail file once its link is used, and files older than any link works', async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'pvs-mail-'));
  const mailDir = path.join(dir, 'mail');
  const mailer = createMailer({ mailDir, from: 'Policy Verification <no-reply@localhost>' });
  // A long link, as real tokens make: the file folds it across lines.
  const token = 'T0k3n_'.repeat(8);
  const long = `Open http://localhost:3000/portal/verify?token=${encodeURIComponent(token)}\n`;
  await mailer.send({ to: 'a@example.com', subject: 'Key', text: long, html: '<p>Open</p>' });
  await mailer.send({
    to: 'b@example.com',
    subject: 'Other',
    text: 'Open http://localhost:3000/portal/verify?token=other\n',
    html: '<p>Open</p>',
  });
  expect(readdirSync(mailDir)).toHaveLength(2);
  mailer.forget(token);
  const left = readdirSync(mailDir);
  expect(left).toHaveLength(1);
  expect(readFileSync(path.join(mailDir, left[0]!), 'latin1')).toContain('Subject: Other');

  // A day and more later, the next mail sweeps the old file away.
  const old = new Date(Date.now() - 25 * 3600_000);
  utimesSync(path.join(mailDir, left[0]!), old, old);
  await mailer.send({ to: 'c@example.com', subject: 'New', text: 'hello\n', html: '<p>hello</p>' });
  expect(readdirSync(mailDir)).toHaveLength(1);
  mailer.close();
});
