import type { KeyMode } from '../../domain/vocabulary.js';
import type { Mail } from '../../infra/mail.js';

// The portal's e-mails: plain text first (what most clients show in a preview), with a simple HTML part.
// The link is the message; nothing in it says whether the address had an account before.

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const html = (lines: string[], link: string, action: string) =>
  `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2933">` +
  lines.map((line) => `<p>${escape(line)}</p>`).join('') +
  `<p><a href="${escape(link)}" style="display:inline-block;padding:10px 16px;background:#1d4ed8;color:#fff;border-radius:6px;text-decoration:none">${escape(action)}</a></p>` +
  `<p style="color:#52606d;font-size:13px">Or paste this address into your browser: ${escape(link)}</p></body></html>`;

export function keyLinkMail(to: string, link: string, mode: KeyMode): Mail {
  const lines = [
    `Someone (we hope you) asked for a ${mode} API key for the Policy Verification service with this address.`,
    'Open the link below to activate it. The key is shown once, on the page the link opens. The link works once and is valid for 24 hours.',
    'If you did not ask for a key, ignore this message: nothing happens without the link.',
  ];
  return {
    to,
    subject: 'Activate your Policy Verification API key',
    text: `${lines.join('\n\n')}\n\n${link}\n`,
    html: html(lines, link, 'Activate my key'),
  };
}

export function signInMail(to: string, link: string): Mail {
  const lines = [
    'Open the link below to sign in to your Policy Verification account.',
    'It works once and is valid for 15 minutes. If you did not ask to sign in, ignore this message.',
  ];
  return {
    to,
    subject: 'Your sign-in link',
    text: `${lines.join('\n\n')}\n\n${link}\n`,
    html: html(lines, link, 'Sign in'),
  };
}

/**
 * The answer to a sign-in asked for an address without a confirmed account: a mail like any other, so that
 * the outbox (its states, its attempts on a refusing server, the metrics read from it) treats every address alike.
 */
export function noAccountMail(to: string, portal: string): Mail {
  const lines = [
    'Someone (we hope you) asked to sign in to the Policy Verification service with this address, but no account with a confirmed address has it.',
    'An account is made by asking for a key on the portal and opening the link we mail. If you did not ask to sign in, ignore this message.',
  ];
  return {
    to,
    subject: 'Your sign-in request',
    text: `${lines.join('\n\n')}\n\n${portal}\n`,
    html: html(lines, portal, 'Get a key'),
  };
}

/** A month's statement, signed: what it says in brief, and where the signed file and the ledger are (issue 54). */
export function statementMail(
  to: string,
  statement: { period: string; closing_balance: number; chain_head: string; edition?: number },
  dashboard: string,
): Mail {
  const lines = [
    `Your Policy Verification credit statement for ${statement.period} is signed${(statement.edition ?? 1) > 1 ? ` (edition ${statement.edition})` : ''}.`,
    `Closing balance: ${statement.closing_balance} credits. Chain head: ${statement.chain_head}.`,
    'Keep this message: the chain head pins your ledger up to the end of the month, so that no later change to it can go unnoticed. The signed statement and your ledger are on your dashboard; npx pvs-verify-ledger checks them.',
  ];
  return {
    to,
    subject: `Your credit statement for ${statement.period}`,
    text: `${lines.join('\n\n')}\n\n${dashboard}\n`,
    html: html(lines, dashboard, 'Open my dashboard'),
  };
}
