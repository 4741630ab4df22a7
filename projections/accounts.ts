import { accountStream, type AccountEvent } from '../domain/accounts/account.js';
import type { Projection } from './projection.js';

// Accounts and their keys, as the API authenticates with them (api_keys is looked up by the keyed hash), and
// the portal's links and sessions, each known by its token's keyed hash. How the service reads them: account-rows.ts.
export const accountsProjection: Projection<AccountEvent> = {
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
    {
      id: 'accounts-002',
      sql: `alter table accounts add column email_verified boolean not null default false;
            alter table accounts add column status text not null default 'open';
            alter table accounts add column closed_at timestamptz;
            create index accounts_email on accounts (lower(email));
            create table portal_links (
              token_hash text primary key,
              account_id text not null,
              purpose text not null,
              key_id text,
              mode text,
              expires_at timestamptz not null,
              used_at timestamptz
            );
            create index portal_links_account on portal_links (account_id);
            create table portal_sessions (
              session_hash text primary key,
              account_id text not null,
              expires_at timestamptz not null,
              ended_at timestamptz
            );
            create index portal_sessions_account on portal_sessions (account_id);`,
    },
    {
      // Lookup by the address's keyed hash (issue 31): no index of clear addresses; rows of before get theirs
      // from backfillAddressHashes at start.
      id: 'accounts-003',
      sql: `alter table accounts add column email_hash text;
            drop index accounts_email;
            create index accounts_email_hash on accounts (email_hash) where status = 'open';`,
    },
    {
      // A key's label, given by its owner on the dashboard (issue 32).
      id: 'accounts-004',
      sql: `alter table api_keys add column name text;`,
    },
  ],
  tables: ['accounts', 'api_keys', 'portal_links', 'portal_sessions'],
  streams: [accountStream],
  async forget(tx, accountId) {
    for (const table of ['accounts', 'api_keys', 'portal_links', 'portal_sessions'])
      await tx.query(`delete from ${table} where account_id = $1`, [accountId]);
  },
  async apply(tx, e, accountId) {
    switch (e.type) {
      case 'AccountOpened':
        await tx.query(
          `insert into accounts (account_id, email, name, plan, monthly_credits, requests_per_minute, requests_per_month, created_at, email_hash)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [
            accountId,
            e.data.contact.email ?? null,
            e.data.contact.name ?? null,
            e.data.plan,
            e.data.limits.monthlyCredits,
            e.data.limits.requestsPerMinute,
            e.data.limits.requestsPerMonth,
            e.created,
            e.data.contact.email_hash ?? null,
          ],
        );
        break;
      case 'PlanChanged':
        await tx.query(
          `update accounts set plan = $2, monthly_credits = $3, requests_per_minute = $4, requests_per_month = $5
           where account_id = $1`,
          [
            accountId,
            e.data.plan,
            e.data.limits.monthlyCredits,
            e.data.limits.requestsPerMinute,
            e.data.limits.requestsPerMonth,
          ],
        );
        break;
      case 'KeyActivated':
        await tx.query(
          `insert into api_keys (key_id, account_id, key_hash, prefix, last4, mode, scopes, status, created_at, name)
           values ($1, $2, $3, $4, $5, $6, $7::text::jsonb, 'active', $8, $9)`,
          [
            e.data.key_id,
            accountId,
            e.data.key_hash,
            e.data.prefix,
            e.data.last4,
            e.data.mode,
            JSON.stringify(e.data.scopes),
            e.created,
            e.data.name ?? null,
          ],
        );
        if (e.data.token_hash)
          await tx.query('update portal_links set used_at = $2 where token_hash = $1', [e.data.token_hash, e.created]);
        break;
      case 'WebhookSecretIssued':
        break;
      case 'KeyRevoked':
        await tx.query(`update api_keys set status = 'revoked', revoked_at = $2 where key_id = $1`, [
          e.data.key_id,
          e.created,
        ]);
        break;
      case 'KeyDeactivated':
        await tx.query(`update api_keys set status = 'deactivated', revoked_at = $2 where key_id = $1`, [
          e.data.key_id,
          e.created,
        ]);
        break;
      case 'KeyRequested':
        await tx.query(
          `insert into portal_links (token_hash, account_id, purpose, key_id, mode, expires_at) values ($1, $2, 'key', $3, $4, $5)`,
          [e.data.token_hash, accountId, e.data.key_id, e.data.mode, e.data.expires_at],
        );
        break;
      case 'EmailVerified':
        await tx.query('update accounts set email_verified = true where account_id = $1', [accountId]);
        break;
      case 'SignInRequested':
        await tx.query(
          `insert into portal_links (token_hash, account_id, purpose, expires_at) values ($1, $2, 'sign_in', $3)`,
          [e.data.token_hash, accountId, e.data.expires_at],
        );
        break;
      case 'SignedIn':
        if (e.data.token_hash)
          await tx.query('update portal_links set used_at = $2 where token_hash = $1', [e.data.token_hash, e.created]);
        await tx.query('insert into portal_sessions (session_hash, account_id, expires_at) values ($1, $2, $3)', [
          e.data.session_hash,
          accountId,
          e.data.expires_at,
        ]);
        break;
      case 'SignedOut':
        await tx.query('update portal_sessions set ended_at = $2 where session_hash = $1', [
          e.data.session_hash,
          e.created,
        ]);
        break;
      case 'AccountClosed':
        // The address leaves every read model (its events' copy dies with the account's data key).
        await tx.query(
          `update accounts set email = null, name = null, email_hash = null, status = 'closed', closed_at = $2 where account_id = $1`,
          [accountId, e.created],
        );
        await tx.query('update portal_sessions set ended_at = $2 where account_id = $1 and ended_at is null', [
          accountId,
          e.created,
        ]);
        await tx.query('delete from portal_links where account_id = $1', [accountId]);
        // A key's name is free text its owner wrote (issue 39): it goes with the address.
        await tx.query('update api_keys set name = null where account_id = $1', [accountId]);
        break;
    }
  },
};
