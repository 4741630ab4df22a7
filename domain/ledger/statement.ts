import { verify as verifySignature, type KeyObject } from 'node:crypto';
import { canonicalJson, GENESIS, linkOf, sha256Hex } from './chain.js';
import { ledgerDecider, reservedOf, type LedgerEvent, type LedgerState } from './ledger.js';

// A signed monthly statement of one account's credits (issue 43), and the walk that computes one: the service
// walks the stream to sign it, the verifier (bin/verify-ledger.ts) walks an export to check it, with this same
// code. A statement names the revisions it covers and the chain links at both ends, so it commits to every event
// of the account up to its end: one edited, removed or reordered event changes the links it signed.

/** 2 (issue 54): statements carry `edition` and `supersedes`; version 1 statements keep verifying as signed. */
export const STATEMENT_VERSION = 2;
export const STATEMENT_ALGORITHM = 'Ed25519';

export interface LedgerStatement {
  version: 1 | typeof STATEMENT_VERSION;
  account_id: string;
  stream: string;
  /** The UTC month, YYYY-MM. */
  period: string;
  /** The revisions of the month's events; an empty month has first_revision = last_revision + 1. */
  first_revision: number;
  last_revision: number;
  event_count: number;
  opening_balance: number;
  closing_balance: number;
  opening_reserved: number;
  closing_reserved: number;
  /**
   * Credits by what moved them, summed over the month: `granted:<reason>`, `charged:<operation>`, `expired`,
   * `reserved:<operation>`, `captured:<operation>`, `released:<operation>`.
   */
  totals: Record<string, number>;
  /** The chain link before the month's first event (GENESIS for an account's first month). */
  opening_chain_head: string;
  /** The chain link of the month's last event: the head the statement vouches for. */
  chain_head: string;
  /** Whether the month had ended when it was signed (a statement asked for mid-month covers the events so far). */
  closed: boolean;
  signed_at: string;
  /**
   * Version 2: the statements of a month are append-only. The first signed is edition 1; signing the month again
   * (a new key, say) makes edition n + 1, which names the one before by its digest (statementDigest), and both
   * stay listed. A verifier refuses two statements of one month whose figures differ.
   */
  edition?: number;
  supersedes?: string | null;
  algorithm: typeof STATEMENT_ALGORITHM;
  key_id: string;
  /** Ed25519 over statementBytes(the statement without `signature`), base64. */
  signature: string;
}

export type UnsignedStatement = Omit<LedgerStatement, 'signature'>;

/** What is signed: the canonical JSON (./chain.ts) of every field but the signature, as UTF-8. */
export function statementBytes(statement: UnsignedStatement | LedgerStatement): Buffer {
  const { signature: _signature, ...signed } = statement as LedgerStatement;
  return Buffer.from(canonicalJson(signed), 'utf8');
}

export function isValidSignature(statement: LedgerStatement, publicKey: KeyObject): boolean {
  try {
    return verifySignature(null, statementBytes(statement), publicKey, Buffer.from(statement.signature, 'base64'));
  } catch {
    return false;
  }
}

/** A statement's digest, by which the next edition names it: SHA-256 of its canonical JSON, signature included. */
export const statementDigest = (statement: LedgerStatement): string => sha256Hex(canonicalJson(statement));

/** An event as a walk reads it: its content, where it sits, and the time its link covers (chain version 2). */
export type WalkedEvent = LedgerEvent & { stream: string; revision: number; recorded_at?: string | undefined };

/** The fold an auditor does: balances, the chain's head, and which operation each open reservation is for. */
export class LedgerWalk {
  state: LedgerState = ledgerDecider.initialState();
  head = GENESIS;
  revision = -1;
  private readonly operations = new Map<string, string>();

  /** The credits `event` moves, by what moved them (before it is folded: a settlement's operation is its reservation's). */
  movements(event: LedgerEvent): [string, number][] {
    switch (event.type) {
      case 'CreditsGranted':
        return [[`granted:${event.data.reason}`, event.data.amount]];
      case 'CreditsExpired':
        return [['expired', event.data.amount]];
      case 'CreditsCharged':
        return [[`charged:${event.data.operation}`, event.data.amount]];
      case 'CreditsReserved':
        return [[`reserved:${event.data.operation}`, event.data.amount]];
      case 'ReservationSettled': {
        const operation = this.operations.get(event.data.reservation_id) ?? 'unknown';
        return [
          [`captured:${operation}`, event.data.captured],
          [`released:${operation}`, event.data.released],
        ];
      }
      case 'LedgerChainStarted':
        return [];
    }
  }

  step(event: WalkedEvent): void {
    if (event.type === 'CreditsReserved') this.operations.set(event.data.reservation_id, event.data.operation);
    else if (event.type === 'ReservationSettled') this.operations.delete(event.data.reservation_id);
    this.state = ledgerDecider.evolve(this.state, event);
    this.head = linkOf(this.head, {
      stream: event.stream,
      revision: event.revision,
      type: event.type,
      data: event.data,
      recorded_at: event.recorded_at,
    });
    this.revision = event.revision;
  }
}

/** A month's figures as a walk passes through it: opened before its first event, closed after its last. */
export class StatementTally {
  readonly first_revision: number;
  readonly opening_balance: number;
  readonly opening_reserved: number;
  readonly opening_chain_head: string;
  readonly totals: Record<string, number> = {};
  event_count = 0;

  constructor(walk: LedgerWalk) {
    this.first_revision = walk.revision + 1;
    this.opening_balance = walk.state.balance;
    this.opening_reserved = reservedOf(walk.state);
    this.opening_chain_head = walk.head;
  }

  /** Counts an event of the month; call before walk.step(event). */
  add(walk: LedgerWalk, event: LedgerEvent): void {
    this.event_count += 1;
    for (const [name, amount] of walk.movements(event)) {
      if (amount !== 0) this.totals[name] = (this.totals[name] ?? 0) + amount;
    }
  }

  /** The statement's figures once the walk has passed the month's last event. */
  close(walk: LedgerWalk) {
    // Sorted names: the statement reads the same however the month's events came.
    const totals = Object.fromEntries(Object.entries(this.totals).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    return {
      first_revision: this.first_revision,
      last_revision: walk.revision,
      event_count: this.event_count,
      opening_balance: this.opening_balance,
      closing_balance: walk.state.balance,
      opening_reserved: this.opening_reserved,
      closing_reserved: reservedOf(walk.state),
      totals,
      opening_chain_head: this.opening_chain_head,
      chain_head: walk.head,
    };
  }
}

/** The month a UTC time falls in, YYYY-MM. */
export const monthOf = (iso: string): string => iso.slice(0, 7);

/** The month after `period` (YYYY-MM). */
export function nextPeriod(period: string): string {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return month === 12
    ? `${String(year + 1).padStart(4, '0')}-01`
    : `${period.slice(0, 4)}-${String(month + 1).padStart(2, '0')}`;
}

/** The fields of a statement that the events determine (what a verifier recomputes and compares). */
export const FIGURES = [
  'first_revision',
  'last_revision',
  'event_count',
  'opening_balance',
  'closing_balance',
  'opening_reserved',
  'closing_reserved',
  'totals',
  'opening_chain_head',
  'chain_head',
] as const;
