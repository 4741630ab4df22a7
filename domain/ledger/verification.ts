import type { KeyObject } from 'node:crypto';
import { canonicalJson, chainOf, GENESIS, linkOf } from './chain.js';
import { parseExportLine, timeOf, type ExportedEvent } from './export-line.js';
import { availableOf, type LedgerEvent } from './ledger.js';
import { FIGURES, isValidSignature, LedgerWalk, monthOf, StatementTally, type LedgerStatement } from './statement.js';
import { checkStatementSet } from './statement-set.js';

// What an auditor's verifier checks (bin/verify-ledger.ts), without a database or a network: an audit export
// (one JSON line per credits event, `npm run admin -- ledger export`) and signed statements. Every hash and chain
// link is recomputed, every balance folded, every statement's figures compared and its signature checked. It stops
// at the first thing that does not hold and names it: which check, which event or statement.

export type Check =
  | 'format'
  | 'sequence'
  | 'hash'
  | 'link'
  | 'unchained'
  | 'anchor'
  | 'balance'
  | 'key'
  | 'signature'
  | 'coverage'
  | 'figures'
  | 'period'
  | 'duplicate'
  | 'gap'
  | 'continuity';

export interface Failure {
  check: Check;
  /** Where: `credits-acct_1@12 (line 13)`, or `statement credits-acct_1 2026-11`. */
  where: string;
  message: string;
}

export interface VerificationReport {
  /** What held, one line each. */
  holds: string[];
  failure: Failure | null;
}

/** Public keys by key id; `any`: a key given without an id (a bare PEM), tried for every statement. */
export interface VerifyingKeys {
  byId: ReadonlyMap<string, KeyObject>;
  any: readonly KeyObject[];
  /** When each key was the signing key, as the keys document gives it (ISO times; null: open-ended). */
  validity?: ReadonlyMap<string, { from: string | null; until: string | null }>;
}

class Stop extends Error {
  constructor(readonly failure: Failure) {
    super(failure.message);
  }
}

const fail = (check: Check, where: string, message: string): never => {
  throw new Stop({ check, where, message });
};

const statementName = (s: LedgerStatement) => `statement ${String(s.stream)} ${String(s.period)}`;

function parseLine(line: string, n: number): ExportedEvent {
  const parsed = parseExportLine(line);
  return typeof parsed === 'string' ? fail('format', `line ${n}`, parsed) : parsed;
}

interface StreamWalk {
  walk: LedgerWalk;
  /** A link was seen in this stream: every later event must carry one. */
  chained: boolean;
  /** The chain version of the last link seen: after a version 2 link, none of version 1. */
  version: number;
  open: Map<LedgerStatement, StatementTally>;
  /** The latest month recorded so far: an event belongs to it (a range of revisions per month, as signed). */
  month: string | null;
  /** Closed statements that ended at the last event: the next event must belong to a later month. */
  ended: LedgerStatement[];
}

/** The same figure, whatever order its members were stored in (a statement read back from `jsonb`, say). */
const sameFigure = (a: unknown, b: unknown): boolean => canonicalJson(a) === canonicalJson(b);

/** Checks the export's lines and the statements; `lines` may hold empty ones (ignored). */
export function verifyLedger(
  lines: readonly string[],
  statements: readonly LedgerStatement[],
  keys: VerifyingKeys,
): VerificationReport {
  const holds: string[] = [];
  try {
    // The signatures first: a statement that is not ours is worth nothing, whatever the export says.
    for (const statement of statements) {
      const name = statementName(statement);
      const named = keys.byId.get(statement.key_id);
      const candidates = named ? [named] : keys.any;
      if (candidates.length === 0)
        fail('key', name, `signed by key ${JSON.stringify(statement.key_id)}, which none of the given keys is`);
      const valid = keys.validity?.get(statement.key_id);
      const signedAt = String(statement.signed_at);
      if (valid && ((valid.from !== null && signedAt < valid.from) || (valid.until !== null && signedAt > valid.until)))
        fail(
          'key',
          name,
          `dated ${signedAt}, when key ${JSON.stringify(statement.key_id)} was not the signing key (${valid.from ?? '…'} to ${valid.until ?? 'now'})`,
        );
      if (!candidates.some((key) => isValidSignature(statement, key))) {
        fail(
          'signature',
          name,
          `the Ed25519 signature does not hold under key ${JSON.stringify(statement.key_id)}: the statement was changed or signed by another key`,
        );
      }
    }
    if (statements.length > 0)
      holds.push(`signatures: ${statements.length} statement(s), each signed by its published key`);
    const problem = checkStatementSet(statements);
    if (problem) fail(problem.check, problem.where, problem.message);
    if (statements.length > 0)
      holds.push('statements: one account’s months run without a gap, each opening where the one before closed');

    const streams = new Map<string, StreamWalk>();
    const byEnd = new Map<string, LedgerStatement[]>();
    const byStart = new Map<string, LedgerStatement[]>();
    for (const s of statements) {
      const push = (map: Map<string, LedgerStatement[]>, key: string) => map.set(key, [...(map.get(key) ?? []), s]);
      push(byEnd, `${s.stream}@${s.last_revision}`);
      if (s.event_count > 0) push(byStart, `${s.stream}@${s.first_revision}`);
    }
    const closeStatements = (stream: string, w: StreamWalk) => {
      for (const s of byEnd.get(`${stream}@${w.walk.revision}`) ?? []) {
        const tally = w.open.get(s) ?? new StatementTally(w.walk);
        w.open.delete(s);
        const figures = tally.close(w.walk) as Record<string, unknown>;
        for (const field of FIGURES) {
          if (!sameFigure(figures[field], (s as unknown as Record<string, unknown>)[field])) {
            fail(
              'figures',
              statementName(s),
              `${field} is ${JSON.stringify((s as unknown as Record<string, unknown>)[field])} in the statement, ${JSON.stringify(figures[field])} from the events`,
            );
          }
        }
        // The events' months, as the statement cut them: all of them in its month, none before it.
        const month = w.month ?? '';
        if (s.event_count > 0 ? month !== s.period : month >= s.period)
          fail(
            'period',
            statementName(s),
            `its last event is counted in ${month || 'no month'} by the times recorded: events were moved between months`,
          );
        if (s.closed) w.ended.push(s);
        holds.push(
          `${statementName(s)}: revisions ${s.first_revision}-${s.last_revision}, balances, totals and chain head ${s.chain_head.slice(0, 12)}… match the events`,
        );
        verified.add(s);
      }
    };
    const verified = new Set<LedgerStatement>();

    let events = 0;
    lines.forEach((line, index) => {
      if (line.trim() === '') return;
      const n = index + 1;
      const e = parseLine(line, n);
      const where = `${e.stream}@${e.revision} (line ${n})`;
      let w = streams.get(e.stream);
      if (!w) {
        w = { walk: new LedgerWalk(), chained: false, version: 0, open: new Map(), month: null, ended: [] };
        streams.set(e.stream, w);
        closeStatements(e.stream, w); // an account's months before its first event
      }
      if (e.revision !== w.walk.revision + 1) {
        fail(
          'sequence',
          where,
          e.revision > w.walk.revision + 1
            ? `revision ${e.revision} follows ${w.walk.revision}: ${e.revision - w.walk.revision - 1} event(s) missing`
            : `revision ${e.revision} follows ${w.walk.revision}: out of order or repeated`,
        );
      }
      const event = e as unknown as LedgerEvent & { stream: string; revision: number };
      // Before the link: an event written before the chain and changed since shows here first, as the head the
      // migration recorded.
      if (event.type === 'LedgerChainStarted') {
        if (event.data.through_revision !== w.walk.revision || event.data.head !== w.walk.head) {
          fail(
            'anchor',
            where,
            `records the chain head ${String(event.data.head).slice(0, 12)}… at revision ${event.data.through_revision}; the events before it fold to ${w.walk.head.slice(0, 12)}… at ${w.walk.revision}`,
          );
        }
      }
      const at = timeOf(e);
      const link = chainOf({ chain: { ...(e.chain as object), at } });
      const expected = linkOf(w.walk.head, { ...event, recorded_at: link?.version === 2 ? at : undefined });
      if (link) {
        if (!w.chained && w.walk.revision >= 0 && event.type !== 'LedgerChainStarted')
          fail(
            'unchained',
            where,
            `the chain starts here, after ${w.walk.revision + 1} event(s) without links, and not with the LedgerChainStarted that anchors them: links were removed`,
          );
        if (link.version < w.version)
          fail('unchained', where, 'carries a version 1 link after version 2 links: its recorded time is not covered');
        w.version = link.version;
        if (link.prev !== w.walk.head)
          fail(
            'link',
            where,
            `its chain.prev ${link.prev.slice(0, 12)}… is not the previous event's link ${w.walk.head.slice(0, 12)}…`,
          );
        if (link.hash !== expected)
          fail(
            'hash',
            where,
            `its content hashes to ${expected.slice(0, 12)}…, its chain.hash says ${link.hash.slice(0, 12)}…: the event was changed`,
          );
        w.chained = true;
      } else if (w.chained || e.chain !== undefined) {
        fail('unchained', where, 'carries no valid chain link after the chain started');
      }
      if (at !== undefined && (w.month === null || monthOf(at) > w.month)) w.month = monthOf(at);
      for (const s of w.ended.splice(0)) {
        if (w.month !== null && w.month <= s.period)
          fail(
            'period',
            where,
            `recorded at ${String(e.recorded_at)}, in ${s.period} by the times recorded, after the closed ${statementName(s)} ended: events were moved between months`,
          );
      }
      for (const s of byStart.get(`${e.stream}@${e.revision}`) ?? []) {
        if (w.month !== s.period)
          fail(
            'period',
            where,
            `recorded at ${String(e.recorded_at)}, in ${w.month ?? 'no month'}, but ${statementName(s)} opens with it: events were moved between months`,
          );
        w.open.set(s, new StatementTally(w.walk));
      }
      for (const [s, tally] of w.open) {
        if (w.month !== s.period)
          fail(
            'period',
            where,
            `recorded at ${String(e.recorded_at)}, in ${w.month ?? 'no month'}, but ${statementName(s)} counts it: events were moved between months`,
          );
        tally.add(w.walk, event);
      }
      w.walk.step({ ...event, recorded_at: link?.version === 2 ? at : undefined });
      if (availableOf(w.walk.state) < 0)
        fail(
          'balance',
          where,
          `leaves ${availableOf(w.walk.state)} credits available: more was spent than the ledger held`,
        );
      events += 1;
      closeStatements(e.stream, w);
    });
    for (const s of statements) {
      if (!verified.has(s))
        fail(
          'coverage',
          statementName(s),
          `covers revisions up to ${s.last_revision}, which the export does not reach (events removed from its end, or another account's export)`,
        );
    }
    for (const [stream, w] of streams) {
      if (!w.chained) fail('unchained', stream, 'no event of the stream carries a chain link: its links were removed');
    }
    const chained = streams.size;
    holds.unshift(
      `events: ${events} in ${streams.size} stream(s), revisions consecutive from 0, every hash recomputed and every chain link holds (${chained} stream(s) chained)`,
      `balances: folded from the events, never below what was reserved`,
    );
    for (const [stream, w] of streams)
      holds.push(
        `${stream}: head ${w.walk.head === GENESIS ? 'genesis' : w.walk.head} at revision ${w.walk.revision}, balance ${w.walk.state.balance}`,
      );
    return { holds, failure: null };
  } catch (error) {
    if (error instanceof Stop) return { holds, failure: error.failure };
    throw error;
  }
}
