import { canonicalJson } from './chain.js';
import { FIGURES, nextPeriod, statementDigest, type LedgerStatement } from './statement.js';

// What a set of statements must hold among themselves, before any event is read (issue 54): one account's months
// are a run without a gap, each opening where the one before closed, and a month signed twice says the same thing
// twice. A rewritten history re-signed, or a month left out of what a customer is given, shows here even when the
// export given with them was rewritten to match.

export interface SetProblem {
  check: 'duplicate' | 'gap' | 'continuity';
  where: string;
  message: string;
}

const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;
const figuresOf = (s: LedgerStatement) =>
  canonicalJson(Object.fromEntries(FIGURES.map((field) => [field, (s as unknown as Record<string, unknown>)[field]])));
const named = (s: LedgerStatement) => `statement ${String(s.stream)} ${String(s.period)}`;
const edition = (s: LedgerStatement) => s.edition ?? 1;

/** Two statements of one month: the same figures, and a later edition names the one before it when both are here. */
function checkMonth(signed: LedgerStatement[]): SetProblem | null {
  const [first] = signed;
  for (const other of signed.slice(1)) {
    if (figuresOf(other) !== figuresOf(first!))
      return {
        check: 'duplicate',
        where: named(first!),
        message: `two statements of the month disagree (signed ${first!.signed_at} and ${other.signed_at}): one of them was made over another history`,
      };
  }
  const byEdition = new Map<number, LedgerStatement>();
  for (const s of signed) {
    const seen = byEdition.get(edition(s));
    if (seen && canonicalJson(seen) !== canonicalJson(s))
      return {
        check: 'duplicate',
        where: named(s),
        message: `two different statements claim edition ${edition(s)}: one replaced the other`,
      };
    byEdition.set(edition(s), s);
  }
  for (const [n, s] of byEdition) {
    const before = byEdition.get(n - 1);
    if (before && s.supersedes !== statementDigest(before))
      return {
        check: 'duplicate',
        where: named(s),
        message: `edition ${n} does not name edition ${n - 1} as the one it follows: it was signed over another`,
      };
  }
  return null;
}

/** Checks the statements of every account given: months consecutive, figures that follow on, months signed twice. */
export function checkStatementSet(statements: readonly LedgerStatement[]): SetProblem | null {
  const byStream = new Map<string, Map<string, LedgerStatement[]>>();
  for (const s of statements) {
    if (typeof s.period !== 'string' || !PERIOD.test(s.period))
      return { check: 'gap', where: named(s), message: `its period ${JSON.stringify(s.period)} is not a month` };
    const months = byStream.get(s.stream) ?? new Map<string, LedgerStatement[]>();
    byStream.set(s.stream, months);
    months.set(s.period, [...(months.get(s.period) ?? []), s]);
  }
  for (const months of byStream.values()) {
    const periods = [...months.keys()].sort();
    for (const period of periods) {
      const problem = checkMonth(months.get(period)!);
      if (problem) return problem;
    }
    for (let i = 1; i < periods.length; i += 1) {
      const [before, after] = [months.get(periods[i - 1]!)![0]!, months.get(periods[i]!)![0]!];
      const expected = nextPeriod(before.period);
      if (after.period !== expected)
        return {
          check: 'gap',
          where: `statement ${after.stream} ${expected}`,
          message: `missing: the statements run from ${periods[0]} to ${periods.at(-1)}, and none covers ${expected}`,
        };
      // A month signed before it ended (version 1's on-demand statements) ends nowhere in particular.
      if (!before.closed) continue;
      const pairs: [string, unknown, unknown][] = [
        ['first_revision', after.first_revision, before.last_revision + 1],
        ['opening_balance', after.opening_balance, before.closing_balance],
        ['opening_reserved', after.opening_reserved, before.closing_reserved],
        ['opening_chain_head', after.opening_chain_head, before.chain_head],
      ];
      for (const [field, opened, closed] of pairs) {
        if (opened !== closed)
          return {
            check: 'continuity',
            where: named(after),
            message: `${field} is ${JSON.stringify(opened)}, but ${before.period} closed at ${JSON.stringify(closed)}: the history between them was changed`,
          };
      }
    }
  }
  return null;
}
