// The accounts read model (projections/accounts.ts) as the service reads it: keys by their hash, accounts, portal
// links and sessions.
import type { KeyMode } from '../domain/vocabulary.js';
import type { Queryable } from '../infra/sql/sql.js';

export interface KeyRow {
  key_id: string;
  account_id: string;
  mode: KeyMode;
  scopes: string[];
  status: string;
  plan: string;
  monthly_credits: number;
  requests_per_minute: number;
  requests_per_month: string;
}

export async function findKeyByHash(db: Queryable, keyHash: string): Promise<KeyRow | null> {
  const [row] = await db.query<KeyRow & Record<string, unknown>>(
    `select k.key_id, k.account_id, k.mode, k.scopes, k.status, a.plan, a.monthly_credits, a.requests_per_minute, a.requests_per_month
       from api_keys k join accounts a on a.account_id = k.account_id
      where k.key_hash = $1`,
    [keyHash],
  );
  return row ?? null;
}

export async function findKeyAccount(db: Queryable, keyId: string): Promise<string | null> {
  const [row] = await db.query<{ account_id: string }>('select account_id from api_keys where key_id = $1', [keyId]);
  return row?.account_id ?? null;
}

export interface AccountRow {
  account_id: string;
  email: string | null;
  name: string | null;
  plan: string;
  monthly_credits: number;
  requests_per_minute: number;
  requests_per_month: string;
  created_at: Date;
  email_verified: boolean;
  /** open or closed: a closed account keeps its row (and ledger) without its contact. */
  status: 'open' | 'closed';
}

export async function findAccount(db: Queryable, accountId: string): Promise<AccountRow | null> {
  const [row] = await db.query<AccountRow & Record<string, unknown>>('select * from accounts where account_id = $1', [
    accountId,
  ]);
  return row ?? null;
}

/**
 * The open account of an address, by its keyed hash (Accounts.addressHash): a confirmed one before any the portal
 * opened and nobody confirmed.
 */
export async function findAccountByAddress(db: Queryable, addressHash: string): Promise<AccountRow | null> {
  const [row] = await db.query<AccountRow & Record<string, unknown>>(
    `select * from accounts where email_hash = $1 and status = 'open' order by email_verified desc, created_at limit 1`,
    [addressHash],
  );
  return row ?? null;
}

/** Gives rows projected before addresses were hashed their hash (once, at start; none are left afterwards). */
export async function backfillAddressHashes(db: Queryable, hash: (email: string) => string): Promise<number> {
  const rows = await db.query<{ account_id: string; email: string }>(
    `select account_id, email from accounts where email is not null and email_hash is null`,
  );
  for (const row of rows)
    await db.query('update accounts set email_hash = $2 where account_id = $1', [row.account_id, hash(row.email)]);
  return rows.length;
}

/**
 * Open accounts of an address that only a portal request made: never confirmed by one of our links, and without
 * a key (an operator's account has the keys the operator created).
 */
export async function unconfirmedAccountsOf(db: Queryable, addressHash: string): Promise<AccountRow[]> {
  return db.query<AccountRow & Record<string, unknown>>(
    `select a.* from accounts a where a.email_hash = $1 and a.status = 'open' and not a.email_verified
        and not exists (select 1 from api_keys k where k.account_id = a.account_id)`,
    [addressHash],
  );
}

/**
 * Accounts a portal request opened for an address whose every key link has expired unopened (24 hours after the
 * last): never confirmed, without a key. Nobody can use them any more, and they hold an address.
 */
export async function expiredSignups(db: Queryable, now: Date, limit = 100): Promise<string[]> {
  const rows = await db.query<{ account_id: string }>(
    `select a.account_id from accounts a
      where a.status = 'open' and not a.email_verified and a.email_hash is not null
        and not exists (select 1 from api_keys k where k.account_id = a.account_id)
        and exists (select 1 from portal_links l where l.account_id = a.account_id and l.purpose = 'key')
        and not exists (select 1 from portal_links l where l.account_id = a.account_id and l.expires_at > $1)
      order by a.created_at limit $2`,
    [now, limit],
  );
  return rows.map((row) => row.account_id);
}

export interface LinkRow {
  account_id: string;
  purpose: 'key' | 'sign_in';
  mode: KeyMode | null;
  email: string | null;
}

/** Which account a link belongs to; its state (used, expired) is the account stream's to decide. */
export async function findLink(db: Queryable, tokenHash: string): Promise<LinkRow | null> {
  const [row] = await db.query<LinkRow & Record<string, unknown>>(
    `select l.account_id, l.purpose, l.mode, a.email from portal_links l join accounts a on a.account_id = l.account_id
      where l.token_hash = $1`,
    [tokenHash],
  );
  return row ?? null;
}

/** The account of a live dashboard session. */
export async function findSession(db: Queryable, sessionHash: string, now = new Date()): Promise<AccountRow | null> {
  const [row] = await db.query<AccountRow & Record<string, unknown>>(
    `select a.* from portal_sessions s join accounts a on a.account_id = s.account_id
      where s.session_hash = $1 and s.ended_at is null and s.expires_at > $2 and a.status = 'open'`,
    [sessionHash, now],
  );
  return row ?? null;
}

export async function listKeys(db: Queryable, accountId: string) {
  return db.query<{
    key_id: string;
    prefix: string;
    last4: string;
    mode: string;
    scopes: string[];
    status: string;
    created_at: Date;
    name: string | null;
  }>(
    'select key_id, prefix, last4, mode, scopes, status, created_at, name from api_keys where account_id = $1 order by created_at, key_id',
    [accountId],
  );
}
