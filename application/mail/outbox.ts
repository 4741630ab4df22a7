// The portal's mail outbox (docs/architecture.md#portal-and-admin, issue 31): a form's answer never waits on a mail server. The request
// writes the mail's intent here (what to send, to whom: never a token) and answers at once, the same page for
// known and unknown addresses; a workflow (`portal-mail-{id}`) makes the link and sends it, retrying a refusing
// or stalled server for a day. Once sent or given up, the row keeps no address.
import { randomUUID } from 'node:crypto';
import type { KeyMode } from '../../domain/accounts/keys.js';
import type { Migration } from '../../infra/sql/migrate.js';
import type { Queryable } from '../../infra/sql/sql.js';

export const mailOutboxMigrations: Migration[] = [
  {
    id: 'mail-outbox-1',
    sql: `create table mail_outbox (
            id text primary key,
            purpose text not null,
            address text,
            mode text,
            account_id text,
            status text not null default 'pending',
            attempts integer not null default 0,
            last_error text,
            created_at timestamptz not null default now(),
            finished_at timestamptz
          );
          create index mail_outbox_pending on mail_outbox (created_at) where status = 'pending';`,
  },
  {
    // The address's keyed hash, so that closing an account finds its pending mail without an index of addresses.
    id: 'mail-outbox-2',
    sql: `alter table mail_outbox add column address_hash text;
          create index mail_outbox_address on mail_outbox (address_hash) where status = 'pending';`,
  },
  {
    // A statement's notice names its month: the mail reads the statement when it is sent (issue 54).
    id: 'mail-outbox-3',
    sql: `alter table mail_outbox add column period text;`,
  },
];

/** `statement`: a month's signed statement, told to the account (application/ledger/statement-notice.ts). */
export type MailPurpose = 'key' | 'sign_in' | 'statement';

export interface MailIntent {
  id: string;
  purpose: MailPurpose;
  /** Null once the mail is sent or given up. */
  address: string | null;
  mode: KeyMode | null;
  /** The account whose link it carries: given (a resend), or recorded once opened, so a retry opens none. */
  account_id: string | null;
  status: 'pending' | 'sent' | 'abandoned';
  attempts: number;
  /** A statement's month (purpose `statement`). */
  period?: string | null;
}

export async function enqueueMail(
  db: Queryable,
  intent: {
    purpose: MailPurpose;
    address: string;
    addressHash: string;
    mode?: KeyMode;
    accountId?: string;
    period?: string;
  },
): Promise<string> {
  const id = `mail_${randomUUID().replace(/-/g, '')}`;
  await db.query(
    'insert into mail_outbox (id, purpose, address, address_hash, mode, account_id, period) values ($1, $2, $3, $4, $5, $6, $7)',
    [
      id,
      intent.purpose,
      intent.address,
      intent.addressHash,
      intent.mode ?? null,
      intent.accountId ?? null,
      intent.period ?? null,
    ],
  );
  return id;
}

/**
 * An account closes: its mail still pending is given up, and its address forgotten, before the read model forgets
 * it (`addressHash`: the account's, as the accounts read model holds it).
 */
export async function forgetPendingMail(db: Queryable, accountId: string, addressHash: string | null): Promise<void> {
  await db.query(
    `update mail_outbox set status = 'abandoned', address = null, address_hash = null, finished_at = now()
      where status = 'pending' and (account_id = $1 or address_hash = $2)`,
    [accountId, addressHash],
  );
}

export async function mailIntent(db: Queryable, id: string): Promise<MailIntent | null> {
  const [row] = await db.query<MailIntent & Record<string, unknown>>(
    'select id, purpose, address, mode, account_id, status, attempts, period from mail_outbox where id = $1',
    [id],
  );
  return row ?? null;
}

/** Counts an attempt; `error` is its kind (a class or an SMTP code), never the server's text (it names the recipient). */
export async function recordAttempt(db: Queryable, id: string, error: string | null): Promise<void> {
  await db.query('update mail_outbox set attempts = attempts + 1, last_error = $2 where id = $1', [id, error]);
}

export async function recordAccount(db: Queryable, id: string, accountId: string): Promise<void> {
  await db.query('update mail_outbox set account_id = $2 where id = $1', [id, accountId]);
}

/** Sent (or nothing to send) or given up: the address goes. */
export async function finishMail(db: Queryable, id: string, status: 'sent' | 'abandoned'): Promise<void> {
  await db.query(
    `update mail_outbox set status = $2, address = null, address_hash = null, finished_at = now() where id = $1 and status = 'pending'`,
    [id, status],
  );
}

/** Intents still pending after `seconds`: their workflow was never started (Temporal away when asked). */
export async function stalePendingMail(db: Queryable, seconds: number, limit = 100): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `select id from mail_outbox where status = 'pending' and created_at < now() - make_interval(secs => $1) order by created_at limit $2`,
    [seconds, limit],
  );
  return rows.map((r) => r.id);
}

export async function mailOutboxCounts(db: Queryable): Promise<{ status: string; count: number }[]> {
  const rows = await db.query<{ status: string; count: string }>(
    'select status, count(*)::text as count from mail_outbox group by status',
  );
  return rows.map((r) => ({ status: r.status, count: Number(r.count) }));
}

/** The sending attempts of the mails still pending. */
export async function pendingMailAttempts(db: Queryable): Promise<number> {
  const [row] = await db.query<{ n: string }>(
    `select coalesce(sum(attempts), 0)::text as n from mail_outbox where status = 'pending'`,
  );
  return Number(row?.n ?? 0);
}

/** How long the oldest pending mail has waited, in seconds (0 when none is pending). */
export async function oldestPendingMailSeconds(db: Queryable): Promise<number> {
  const [row] = await db.query<{ seconds: string | null }>(
    `select extract(epoch from now() - min(created_at))::text as seconds from mail_outbox where status = 'pending'`,
  );
  return Math.max(0, Number(row?.seconds ?? 0));
}
