// Signed monthly statements of the credit ledger (issues 43, 54): computed by walking an account's credits stream
// (domain/ledger/statement.ts), signed with the first LEDGER_SIGNING_KEY, kept as the text that was signed. Only a
// month that has ended, within the account's life, is signed. Statements are append-only: signing a month again
// adds an edition naming the one before (both stay listed), it never replaces one. The monthly Schedule
// (./statements-schedule.ts) signs the month just closed for every account; the admin API signs one on demand.
import { sign } from 'node:crypto';
import { chainOf } from '../../domain/ledger/chain.js';
import { DomainError } from '../../domain/errors.js';
import { creditsStream } from '../../domain/ledger/ledger.js';
import {
  LedgerWalk,
  monthOf,
  StatementTally,
  STATEMENT_ALGORITHM,
  STATEMENT_VERSION,
  statementBytes,
  statementDigest,
  type LedgerStatement,
} from '../../domain/ledger/statement.js';
import { periodOf } from '../../domain/plans.js';
import { eventPages, type EventStore, type StoredEvent } from '../../infra/eventstore/types.js';
import type { Migration } from '../../infra/sql/migrate.js';
import type { Queryable, Sql } from '../../infra/sql/sql.js';
import type { SigningKey } from './signing-keys.js';

export { signingKeys, type SigningKey } from './signing-keys.js';

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
  {
    // Append-only editions, each kept as the text that was signed (jsonb reorders an object's members).
    id: 'ledger-statements-002',
    sql: `alter table ledger_statements add column edition integer not null default 1;
          alter table ledger_statements add column document text;
          update ledger_statements set document = statement::text;
          alter table ledger_statements alter column document set not null;
          alter table ledger_statements drop constraint ledger_statements_pkey;
          alter table ledger_statements add primary key (account_id, period, edition);`,
  },
];

export interface StatementDeps {
  sql: Sql;
  events: EventStore;
  keys: readonly SigningKey[];
  /**
   * Told of each statement signed, in the transaction that stores it (the account's notice is queued there, so a
   * statement is never kept without its notice: a retried close skips a month already signed). What it returns
   * runs after the commit (starting the mail at once; the workers' sweep starts it otherwise).
   */
  signed?: (statement: LedgerStatement, tx: Queryable) => Promise<(() => Promise<void>) | void>;
}

const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The month before `period`. */
export const previousPeriod = (period: string): string => {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return month === 1
    ? `${String(year - 1).padStart(4, '0')}-12`
    : `${period.slice(0, 5)}${String(month - 1).padStart(2, '0')}`;
};

/** The time an event is counted at: the one its version 2 link covers, else the store's. */
const timeOf = (event: StoredEvent) => chainOf(event.metadata)?.at ?? event.created.toISOString();

/** Why `period` cannot be signed now for an account whose ledger opened in `opened` (null: no events), or null. */
export function periodProblem(period: string, opened: string | null, now: Date): string | null {
  if (!PERIOD.test(period)) return 'period must be a month, YYYY-MM.';
  if (period >= periodOf(now)) return `${period} has not ended: a month is signed once it is over.`;
  if (opened === null || period < opened)
    return `The account's ledger opened ${opened ? `in ${opened}` : 'after it'}: there is no statement of ${period}.`;
  return null;
}

/** The statement of `period`, figured from the events: the range of revisions the times recorded put in it. */
async function figure(events: EventStore, accountId: string, period: string) {
  const walk = new LedgerWalk();
  let tally: StatementTally | null = null;
  let month: string | null = null;
  let opened: string | null = null;
  walking: for await (const page of eventPages(events, creditsStream, accountId)) {
    for (const event of page) {
      const at = timeOf(event);
      opened ??= monthOf(at);
      // A month runs from the first event recorded in it to the last before one recorded in a later month: the
      // running latest month, so an event committed a moment out of clock order still lands in exactly one.
      if (month === null || monthOf(at) > month) month = monthOf(at);
      if (tally === null && month >= period) tally = new StatementTally(walk);
      if (month > period) break walking;
      tally?.add(walk, event);
      const link = chainOf(event.metadata);
      walk.step({ ...event, recorded_at: link?.version === 2 ? link.at : undefined });
    }
  }
  return { opened, figures: (tally ?? new StatementTally(walk)).close(walk) };
}

/**
 * Signs the statement of an ended month: edition 1, or the next edition after those already signed, naming the
 * last. A period outside the account's life is refused (DomainError invalid_request).
 */
export async function signStatement(
  deps: StatementDeps,
  accountId: string,
  period: string,
  now: Date,
): Promise<LedgerStatement> {
  const key = deps.keys[0];
  if (!key) throw new Error('no ledger signing key');
  const { opened, figures } = PERIOD.test(period)
    ? await figure(deps.events, accountId, period)
    : { opened: null, figures: null };
  const problem = periodProblem(period, opened, now);
  if (problem || !figures) throw new DomainError('invalid_request', problem ?? 'period must be a month, YYYY-MM.');
  for (let attempt = 0; ; attempt += 1) {
    const [before] = await findStatements(deps.sql, accountId, period);
    const unsigned = {
      version: STATEMENT_VERSION,
      account_id: accountId,
      stream: creditsStream(accountId),
      period,
      ...figures,
      closed: true,
      signed_at: now.toISOString(),
      edition: (before?.edition ?? (before ? 1 : 0)) + 1,
      supersedes: before ? statementDigest(before) : null,
      algorithm: STATEMENT_ALGORITHM,
      key_id: key.id,
    } as const;
    const statement: LedgerStatement = {
      ...unsigned,
      signature: sign(null, statementBytes(unsigned), key.privateKey).toString('base64'),
    };
    const document = JSON.stringify(statement);
    const stored = await deps.sql.transaction(async (tx) => {
      const inserted = await tx.query(
        `insert into ledger_statements (account_id, period, edition, statement, document, signed_at)
         values ($1, $2, $3, $4::text::jsonb, $4, $5) on conflict do nothing returning 1`,
        [accountId, period, unsigned.edition, document, now],
      );
      return inserted.length === 0 ? null : { after: await deps.signed?.(statement, tx) };
    });
    // Another signer took this edition meanwhile: sign the next one over it.
    if (!stored && attempt < 5) continue;
    if (!stored) throw new Error(`statement ${accountId} ${period}: editions kept colliding`);
    await stored.after?.();
    return statement;
  }
}

/**
 * The month's close: the statement of the month before `now` for every account whose ledger had opened by then,
 * except those already signed (a retried run, or a second Schedule run, signs nothing twice). Returns how many it
 * signed.
 */
export async function signClosedMonth(
  deps: StatementDeps & { accountIds: () => Promise<string[]> },
  now: Date,
): Promise<{ period: string; signed: number }> {
  const period = previousPeriod(periodOf(now));
  const done = new Set(
    (
      await deps.sql.query<{ account_id: string }>(
        `select distinct account_id from ledger_statements where period = $1 and (statement->>'closed')::boolean`,
        [period],
      )
    ).map((row) => row.account_id),
  );
  let signed = 0;
  for (const accountId of await deps.accountIds()) {
    if (done.has(accountId)) continue;
    try {
      await signStatement(deps, accountId, period, now);
      signed += 1;
    } catch (error) {
      // An account opened after the month has no statement of it.
      if (!(error instanceof DomainError)) throw error;
    }
  }
  return { period, signed };
}

const parsed = (rows: { document: string }[]) => rows.map((row) => JSON.parse(row.document) as LedgerStatement);

/** An account's statements, every edition, newest month first (and a month's newest edition first). */
export async function listStatements(db: Queryable, accountId: string): Promise<LedgerStatement[]> {
  return parsed(
    await db.query<{ document: string }>(
      'select document from ledger_statements where account_id = $1 order by period desc, edition desc',
      [accountId],
    ),
  );
}

/** The editions of one month's statement, newest first (none: an empty list). */
export async function findStatements(db: Queryable, accountId: string, period: string): Promise<LedgerStatement[]> {
  return parsed(
    await db.query<{ document: string }>(
      'select document from ledger_statements where account_id = $1 and period = $2 order by edition desc',
      [accountId, period],
    ),
  );
}
