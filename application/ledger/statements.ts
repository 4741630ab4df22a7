// Signed monthly statements of the credit ledger (issue 43): computed by walking an account's credits stream
// (domain/ledger/statement.ts), signed with the first LEDGER_SIGNING_KEY, kept one per account and month. The
// monthly Schedule (./ledger-statements-schedule.ts) signs the month just closed for every account; the admin
// API signs one on demand. Signing again replaces the stored one (a month's figures do not change once closed).
import { createPrivateKey, createPublicKey, sign, type KeyObject } from 'node:crypto';
import { CHAIN_METADATA, chainOf } from '../../domain/ledger/chain.js';
import { creditsStream } from '../../domain/ledger/ledger.js';
import {
  LedgerWalk,
  StatementTally,
  STATEMENT_ALGORITHM,
  STATEMENT_VERSION,
  statementBytes,
  type LedgerStatement,
} from '../../domain/ledger/statement.js';
import { periodEnd, periodOf } from '../../domain/plans.js';
import type { Ledger } from './ledger.js';
import { eventPages, type EventStore } from '../../infra/eventstore/types.js';
import type { Migration } from '../../infra/sql/migrate.js';
import type { Queryable } from '../../infra/sql/sql.js';
import type { PayloadKey } from '../../infra/temporal/payload-codec.js';

export const ledgerStatementMigrations: Migration[] = [
  {
    id: 'ledger-statements-001',
    sql: `create table ledger_statements (
            account_id text not null,
            period text not null,
            statement jsonb not null,
            signed_at timestamptz not null,
            primary key (account_id, period)
          );`,
  },
];

export interface SigningKey {
  id: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
}

// PKCS#8 wrapping of a raw Ed25519 seed (RFC 8410): this prefix, then the 32 bytes.
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** LEDGER_SIGNING_KEY's entries (id and 32-byte seed) as Ed25519 keys; the first signs. */
export function signingKeys(seeds: readonly PayloadKey[]): SigningKey[] {
  return seeds.map(({ id, key }) => {
    const privateKey = createPrivateKey({
      key: Buffer.concat([ED25519_PKCS8_PREFIX, key]),
      format: 'der',
      type: 'pkcs8',
    });
    return { id, privateKey, publicKey: createPublicKey(privateKey) };
  });
}

/** The document at /.well-known/pvs-ledger-keys.json: every key a statement may name, as PEM. */
export const publishedKeys = (keys: readonly SigningKey[]) => ({
  keys: keys.map((key) => ({
    key_id: key.id,
    algorithm: STATEMENT_ALGORITHM,
    public_key_pem: key.publicKey.export({ format: 'pem', type: 'spki' }).toString(),
  })),
});

export interface StatementDeps {
  sql: Queryable;
  events: EventStore;
  keys: readonly SigningKey[];
}

const previousPeriod = (period: string): string => {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return periodOf(new Date(Date.UTC(year, month - 2, 1)));
};

const periodStart = (period: string): Date => {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1, 1));
};

/**
 * Walks the account's stream to the end of `period` and signs its statement. The month's events are those from
 * the first recorded at or after its start to the last before the first recorded at or after its end: a range of
 * revisions, so an event committed a moment out of clock order at midnight still lands in exactly one month.
 */
export async function signStatement(
  deps: StatementDeps,
  accountId: string,
  period: string,
  now: Date,
): Promise<LedgerStatement> {
  const key = deps.keys[0];
  if (!key) throw new Error('no ledger signing key');
  const start = periodStart(period).getTime();
  const end = periodEnd(period).getTime();
  const walk = new LedgerWalk();
  let tally: StatementTally | null = null;
  walking: for await (const page of eventPages(deps.events, creditsStream, accountId)) {
    for (const event of page) {
      const at = event.created.getTime();
      if (tally === null && at >= start) tally = new StatementTally(walk);
      if (tally !== null && at >= end) break walking;
      tally?.add(walk, event);
      walk.step(event);
    }
  }
  tally ??= new StatementTally(walk);
  const unsigned = {
    version: STATEMENT_VERSION,
    account_id: accountId,
    stream: creditsStream(accountId),
    period,
    ...tally.close(walk),
    closed: now.getTime() >= end,
    signed_at: now.toISOString(),
    algorithm: STATEMENT_ALGORITHM,
    key_id: key.id,
  } as const;
  const statement: LedgerStatement = {
    ...unsigned,
    signature: sign(null, statementBytes(unsigned), key.privateKey).toString('base64'),
  };
  await deps.sql.query(
    `insert into ledger_statements (account_id, period, statement, signed_at) values ($1, $2, $3::text::jsonb, $4)
     on conflict (account_id, period) do update set statement = excluded.statement, signed_at = excluded.signed_at`,
    [accountId, period, JSON.stringify(statement), now],
  );
  return statement;
}

/**
 * The month's close: the statement of the month before `now` for every account, except those already signed
 * after it closed (a retried run, or a second Schedule run, signs nothing twice). Returns how many it signed.
 */
export async function signClosedMonth(
  deps: StatementDeps & { accountIds: () => Promise<string[]> },
  now: Date,
): Promise<{ period: string; signed: number }> {
  const period = previousPeriod(periodOf(now));
  const done = new Set(
    (
      await deps.sql.query<{ account_id: string }>(
        `select account_id from ledger_statements where period = $1 and (statement->>'closed')::boolean`,
        [period],
      )
    ).map((row) => row.account_id),
  );
  let signed = 0;
  for (const accountId of await deps.accountIds()) {
    if (done.has(accountId)) continue;
    await signStatement(deps, accountId, period, now);
    signed += 1;
  }
  return { period, signed };
}

/** An account's statements, newest month first. */
export async function listStatements(db: Queryable, accountId: string): Promise<LedgerStatement[]> {
  const rows = await db.query<{ statement: LedgerStatement }>(
    'select statement from ledger_statements where account_id = $1 order by period desc',
    [accountId],
  );
  return rows.map((row) => row.statement);
}

export async function findStatement(db: Queryable, accountId: string, period: string): Promise<LedgerStatement | null> {
  const [row] = await db.query<{ statement: LedgerStatement }>(
    'select statement from ledger_statements where account_id = $1 and period = $2',
    [accountId, period],
  );
  return row?.statement ?? null;
}

/**
 * The one-time migration of the hash chain: every credits stream whose last event carries no chain link gets
 * LedgerChainStarted (application/ledger/ledger.ts startChain). Idempotent: a chained stream's last event carries a link, and
 * a ledger that folded a LedgerChainStarted decides nothing more. On PostgreSQL the unchained streams are found
 * with one query (it runs at each API start); on EventStoreDB every account's last event is read (the admin
 * API's `POST /admin/ledger/chain`). Returns how many streams it chained.
 */
export async function chainUnchainedLedgers(deps: {
  sql: Queryable;
  events: EventStore;
  ledger: Ledger;
  accountIds: () => Promise<string[]>;
}): Promise<number> {
  const candidates =
    deps.events.kind === 'postgres'
      ? (
          await deps.sql.query<{ stream_id: string }>(
            `select s.stream_id from es_streams s join es_events e on e.stream_id = s.stream_id and e.revision = s.revision
              where starts_with(s.stream_id, $1) and not (e.metadata ? $2)`,
            [creditsStream.prefix, CHAIN_METADATA],
          )
        ).map((row) => creditsStream.idOf(row.stream_id))
      : await deps.accountIds();
  let chained = 0;
  for (const accountId of candidates) {
    const { revision } = await deps.ledger.head(accountId);
    if (revision < 0) continue;
    const [last] = await deps.events.readStream(creditsStream(accountId), { fromRevision: revision, maxCount: 1 });
    if (await deps.ledger.startChain(accountId, last !== undefined && chainOf(last.metadata) !== null)) chained += 1;
  }
  return chained;
}
