import { ACCOUNT_EVENT_TYPES, type AccountEvent } from '../domain/accounts/account.js';
import type { Queryable } from '../infra/sql/sql.js';
import type { Projection } from './runner.js';

// Accounts and their keys, as the API authenticates with them: api_keys is looked up by the keyed hash.
export const accountsProjection: Projection = {
  name: 'accounts',
  migrations: [
    {
      id: 'accounts-001',
      sql: `create table accounts (
              account_id text primary key,
              email text,
              name text,
              plan text not null,
              monthly_credits integer not null,
              requests_per_minute integer not null,
              requests_per_month bigint not null,
              created_at timestamptz not null
            );
            create table api_keys (
              key_id text primary key,
              account_id text not null,
              key_hash text not null unique,
              prefix text not null,
              last4 text not null,
              mode text not null,
              scopes jsonb not null,
              status text not null,
              created_at timestamptz not null,
              revoked_at timestamptz
            );
            create index api_keys_account on api_keys (account_id);`,
    },
  ],
  tables: ['accounts', 'api_keys'],
  eventTypes: ACCOUNT_EVENT_TYPES,
  async apply(tx, event) {
    const accountId = event.stream.slice('account-'.length);
    const e = event as unknown as AccountEvent;
    switch (e.type) {
      case 'AccountOpened':
        await tx.query(
          `insert into accounts (account_id, email, name, plan, monthly_credits, requests_per_minute, requests_per_month, created_at)
           values ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [
            accountId,
            e.data.contact.email ?? null,
            e.data.contact.name ?? null,
            e.data.plan,
            e.data.limits.monthlyCredits,
            e.data.limits.requestsPerMinute,
            e.data.limits.requestsPerMonth,
            event.created,
          ],
        );
        break;
      case 'PlanChanged':
        await tx.query(
          `update accounts set plan = $2, monthly_credits = $3, requests_per_minute = $4, requests_per_month = $5
           where account_id = $1`,
          [accountId, e.data.plan, e.data.limits.monthlyCredits, e.data.limits.requestsPerMinute, e.data.limits.requestsPerMonth],
        );
        break;
      case 'KeyActivated':
        await tx.query(
          `insert into api_keys (key_id, account_id, key_hash, prefix, last4, mode, scopes, status, created_at)
           values ($1, $2, $3, $4, $5, $6, $7::text::jsonb, 'active', $8)`,
          [e.data.key_id, accountId, e.data.key_hash, e.data.prefix, e.data.last4, e.data.mode, JSON.stringify(e.data.scopes), event.created],
        );
        break;
      case 'WebhookSecretIssued':
        break;
      case 'KeyRevoked':
        await tx.query(`update api_keys set status = 'revoked', revoked_at = $2 where key_id = $1`, [e.data.key_id, event.created]);
        break;
    }
  },
};

// Queries of this read model.

export interface KeyRow {
  key_id: string;
  account_id: string;
  mode: 'live' | 'test';
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
}

export async function findAccount(db: Queryable, accountId: string): Promise<AccountRow | null> {
  const [row] = await db.query<AccountRow & Record<string, unknown>>('select * from accounts where account_id = $1', [accountId]);
  return row ?? null;
}

export async function listKeys(db: Queryable, accountId: string) {
  return db.query<{ key_id: string; prefix: string; last4: string; mode: string; scopes: string[]; status: string; created_at: Date }>(
    'select key_id, prefix, last4, mode, scopes, status, created_at from api_keys where account_id = $1 order by created_at, key_id',
    [accountId],
  );
}
