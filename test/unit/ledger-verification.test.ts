// The verifier an auditor runs (bin/verify-ledger.ts) on an export and signed statements built here with the
// service's own chain and statement code: what it accepts, and each kind of tampering it must name.
import { createHash, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../bin/verify-ledger.js';
import { canonicalJson, GENESIS, linkOf } from '../../domain/ledger/chain.js';
import type { LedgerEvent } from '../../domain/ledger/ledger.js';
import {
  LedgerWalk,
  StatementTally,
  statementBytes,
  statementDigest,
  type LedgerStatement,
  type UnsignedStatement,
} from '../../domain/ledger/statement.js';

const stream = 'credits-acct_audit';

/** Two months of an account's credits: November's allowance and charges, December's rollover and a job. */
const months: { period: string; events: LedgerEvent[] }[] = [
  {
    period: '2026-11',
    events: [
      { type: 'CreditsGranted', data: { amount: 10, reason: 'monthly_allowance', period: '2026-11' } },
      { type: 'CreditsCharged', data: { amount: 1, operation: 'verify', reference: 'req_1' } },
      { type: 'CreditsCharged', data: { amount: 1, operation: 'verify', reference: 'req_2' } },
      { type: 'CreditsReserved', data: { reservation_id: 'job_1', amount: 2, operation: 'batch', reference: 'job_1' } },
    ],
  },
  {
    period: '2026-12',
    events: [
      { type: 'CreditsExpired', data: { amount: 4, period: '2026-11' } },
      { type: 'CreditsGranted', data: { amount: 10, reason: 'monthly_allowance', period: '2026-12' } },
      { type: 'ReservationSettled', data: { reservation_id: 'job_1', captured: 1, released: 1 } },
      { type: 'CreditsCharged', data: { amount: 3, operation: 'verify', reference: 'req_3' } },
    ],
  },
  {
    period: '2027-01',
    events: [
      { type: 'CreditsExpired', data: { amount: 10, period: '2026-12' } },
      { type: 'CreditsGranted', data: { amount: 10, reason: 'monthly_allowance', period: '2027-01' } },
    ],
  },
];

const keyPair = () => generateKeyPairSync('ed25519');
const ours = keyPair();
const theirs = keyPair();

function signWith(unsigned: UnsignedStatement, privateKey: KeyObject): LedgerStatement {
  return { ...unsigned, signature: sign(null, statementBytes(unsigned), privateKey).toString('base64') };
}

/** The time the `i`th event of `period` was recorded at. */
const timeIn = (period: string, i: number) => `${period}-1${i}T08:00:00.000Z`;

/** The export's lines and the two months' statements, as the service writes them (chain version 2). */
function ledger() {
  const walk = new LedgerWalk();
  const lines: Record<string, unknown>[] = [];
  const statements: LedgerStatement[] = [];
  for (const month of months) {
    const tally = new StatementTally(walk);
    for (const [i, event] of month.events.entries()) {
      // A copy: tests edit the lines' data.
      const placed = {
        ...structuredClone(event),
        stream,
        revision: walk.revision + 1,
        recorded_at: timeIn(month.period, i),
      };
      const prev = walk.head;
      tally.add(walk, placed);
      walk.step(placed);
      lines.push({
        stream,
        revision: placed.revision,
        type: event.type,
        data: placed.data,
        chain: { prev, hash: walk.head, version: 2 },
        recorded_at: placed.recorded_at,
      });
    }
    statements.push(signWith(unsignedOf(month.period, tally.close(walk)), ours.privateKey));
  }
  return { lines, statements };
}

function unsignedOf(period: string, figures: ReturnType<StatementTally['close']>): UnsignedStatement {
  return {
    version: 2,
    account_id: 'acct_audit',
    stream,
    period,
    ...figures,
    closed: true,
    signed_at: '2027-01-01T00:10:00.000Z',
    edition: 1,
    supersedes: null,
    algorithm: 'Ed25519',
    key_id: 'l1',
  };
}

/** A statement as `jsonb` gives it back: every object's members in another order. */
function reordered(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reordered);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([k, v]) => [k, reordered(v)]),
  );
}

const dir = mkdtempSync(path.join(tmpdir(), 'pvs-verify-'));
writeFileSync(path.join(dir, 'public.pem'), ours.publicKey.export({ format: 'pem', type: 'spki' }));

function verify(lines: Record<string, unknown>[] | string[], statements: LedgerStatement[]) {
  const name = `${Math.random().toString(36).slice(2)}`;
  writeFileSync(
    path.join(dir, `${name}.jsonl`),
    lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n') + '\n',
  );
  writeFileSync(path.join(dir, `${name}.json`), JSON.stringify({ statements }));
  const out: string[] = [];
  const code = main(
    [path.join(dir, `${name}.jsonl`), path.join(dir, `${name}.json`), '--key', `l1=${path.join(dir, 'public.pem')}`],
    (line) => out.push(line),
  );
  return { code, out: out.join('\n') };
}

describe('canonical JSON and the chain', () => {
  it('writes members sorted by UTF-16 code units, without spaces, as RFC 8785 does for this subset', () => {
    expect(canonicalJson({ b: 1, a: [true, null, 'x\u00e9"'], é: { z: -0.5, y: 1e21 }, Z: undefined })).toBe(
      '{"a":[true,null,"xé\\""],"b":1,"é":{"y":1e+21,"z":-0.5}}',
    );
    expect(() => canonicalJson({ n: Number.NaN })).toThrow(/finite/);
  });

  it('links each event to the one before, from the genesis', () => {
    const first = linkOf(GENESIS, { stream, revision: 0, type: 'CreditsGranted', data: { amount: 1 } });
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(linkOf(first, { stream, revision: 1, type: 'CreditsGranted', data: { amount: 1 } })).not.toBe(first);
    // The same content elsewhere in the stream is another link: the revision is hashed.
    expect(linkOf(GENESIS, { stream, revision: 1, type: 'CreditsGranted', data: { amount: 1 } })).not.toBe(first);
  });

  it('is SHA-256 of the canonical JSON of the object docs/ledger-verification.md names, in both versions', () => {
    const sha = (value: unknown) => createHash('sha256').update(canonicalJson(value), 'utf8').digest('hex');
    const prev = 'ab'.repeat(32);
    const data = { reference: 'réf "1"\u2028', amount: 3, nested: { z: [1, null], a: false } };
    for (const at of [undefined, '2026-11-29T21:04:46.123Z']) {
      for (const content of [data, undefined]) {
        const event = { stream, revision: 41, type: 'CreditsCharged', data: content, recorded_at: at };
        const object = { data: content, prev, revision: 41, stream, type: 'CreditsCharged' };
        expect(linkOf(prev, event)).toBe(sha(at === undefined ? object : { ...object, recorded_at: at, version: 2 }));
      }
    }
  });
});

describe('pvs-verify-ledger', () => {
  it('accepts the export and the statements as written, saying what holds', () => {
    const { lines, statements } = ledger();
    const { code, out } = verify(lines, statements);
    expect(out).toContain('OK: the export and the statements hold');
    expect(out).toContain('statement credits-acct_audit 2026-12: revisions 4-7');
    expect(statements[1]).toMatchObject({
      opening_balance: 8,
      closing_balance: 10,
      totals: {
        'captured:batch': 1,
        'charged:verify': 3,
        expired: 4,
        'granted:monthly_allowance': 10,
        'released:batch': 1,
      },
    });
    expect(code).toBe(0);
  });

  it('names an edited amount: the event whose content no longer hashes to its link', () => {
    const { lines, statements } = ledger();
    (lines[2]!.data as { amount: number }).amount = 0;
    const { code, out } = verify(lines, statements);
    expect(out).toMatch(/FAIL {2}hash: credits-acct_audit@2 \(line 3\)/);
    expect(code).toBe(1);
  });

  it('names a removed event: the revision that follows the gap', () => {
    const { lines, statements } = ledger();
    lines.splice(5, 1);
    const { code, out } = verify(lines, statements);
    expect(out).toMatch(
      /FAIL {2}sequence: credits-acct_audit@6 \(line 6\): revision 6 follows 4: 1 event\(s\) missing/,
    );
    expect(code).toBe(1);
  });

  it('names a removed event whose revisions were renumbered to hide the gap: the link that breaks', () => {
    const { lines, statements } = ledger();
    lines.splice(5, 1);
    for (const [i, line] of lines.entries()) line.revision = i;
    const { out } = verify(lines, statements);
    expect(out).toMatch(/FAIL {2}(hash|link): credits-acct_audit@5 \(line 6\)/);
  });

  it('names a reordered pair', () => {
    const { lines, statements } = ledger();
    [lines[1], lines[2]] = [lines[2]!, lines[1]!];
    const { code, out } = verify(lines, statements);
    expect(out).toMatch(/FAIL {2}sequence: credits-acct_audit@2 \(line 2\): revision 2 follows 0/);
    expect(code).toBe(1);
    // Renumbered to look in order, the pair still breaks the chain.
    [lines[1]!.revision, lines[2]!.revision] = [1, 2];
    expect(verify(lines, statements).out).toMatch(/FAIL {2}(hash|link): credits-acct_audit@1 \(line 2\)/);
  });

  it('names a replaced statement: its figures changed under the old signature', () => {
    const { lines, statements } = ledger();
    statements[0] = { ...statements[0]!, closing_balance: 20 };
    const { code, out } = verify(lines, statements);
    expect(out).toMatch(/FAIL {2}signature: statement credits-acct_audit 2026-11/);
    expect(code).toBe(1);
  });

  it('names a statement signed by another key, under our key id or another', () => {
    const { lines, statements } = ledger();
    const { signature: _s, ...unsigned } = { ...statements[1]!, closing_balance: 99 };
    const forged = verify(lines, [statements[0]!, signWith(unsigned, theirs.privateKey)]);
    expect(forged.out).toMatch(/FAIL {2}signature: statement credits-acct_audit 2026-12: .*signed by another key/);
    expect(forged.code).toBe(1);
    const unknown = verify(lines, [signWith({ ...unsigned, key_id: 'theirs' }, theirs.privateKey)]);
    expect(unknown.out).toMatch(/FAIL {2}key: statement credits-acct_audit 2026-12/);
  });

  it('names a validly signed statement the export does not bear out (events dropped from the end)', () => {
    const { lines, statements } = ledger();
    const { code, out } = verify(lines.slice(0, 6), statements);
    expect(out).toMatch(/FAIL {2}coverage: statement credits-acct_audit 2026-12/);
    expect(code).toBe(1);
  });

  it('refuses a line that is not a credits event', () => {
    const { lines, statements } = ledger();
    const { code, out } = verify([JSON.stringify(lines[0]), '{"stream":1}'], statements);
    expect(out).toMatch(/FAIL {2}format: line 2/);
    expect(code).toBe(1);
  });
});

/** The lines' links recomputed from their content, as someone rewriting history with the chain's code would. */
function rechained(lines: Record<string, unknown>[]) {
  let head = GENESIS;
  return lines.map((line) => {
    const prev = head;
    head = linkOf(prev, line as unknown as Parameters<typeof linkOf>[1]);
    return { ...line, chain: { prev, hash: head, version: 2 } };
  });
}

const strip = ({ signature: _s, ...unsigned }: LedgerStatement): UnsignedStatement => unsigned;

describe('pvs-verify-ledger, issue 54: what the service serves, and every rewrite', () => {
  it('accepts statements as jsonb gives them back: the same figures with their members in another order', () => {
    const { lines, statements } = ledger();
    const served = statements.map((s) => reordered(s) as LedgerStatement);
    expect(Object.keys(served[1]!.totals)[0]).toBe('released:batch');
    const { code, out } = verify(lines, served);
    expect(out).toContain('OK: the export and the statements hold');
    expect(code).toBe(0);
  });

  it('names a moved time: the link covers it', () => {
    const { lines, statements } = ledger();
    lines[3]!.recorded_at = '2026-12-01T00:00:01.000Z';
    expect(verify(lines, statements).out).toMatch(/FAIL {2}hash: credits-acct_audit@3 \(line 4\)/);
  });

  it('names an event moved into another month with its links recomputed: the month it is counted in', () => {
    const { lines, statements } = ledger();
    lines[4]!.recorded_at = '2026-11-30T23:00:00.000Z';
    const { code, out } = verify(rechained(lines), statements);
    expect(out).toMatch(
      /FAIL {2}period: credits-acct_audit@4 \(line 5\): .*after the closed statement credits-acct_audit 2026-11 ended/,
    );
    expect(code).toBe(1);
  });

  it('names a missing month', () => {
    const { lines, statements } = ledger();
    const { code, out } = verify(lines, [statements[0]!, statements[2]!]);
    expect(out).toMatch(/FAIL {2}gap: statement credits-acct_audit 2026-12: missing: .* none covers 2026-12/);
    expect(code).toBe(1);
  });

  it('accepts a month signed again as a new edition naming the one before', () => {
    const { lines, statements } = ledger();
    const again = signWith(
      {
        ...strip(statements[0]!),
        signed_at: '2027-02-01T00:00:00.000Z',
        edition: 2,
        supersedes: statementDigest(statements[0]!),
      },
      ours.privateKey,
    );
    expect(verify(lines, [...statements, again]).code).toBe(0);
    // An edition that names another statement than the one before it.
    const stray = signWith({ ...strip(again), supersedes: 'f'.repeat(64) }, ours.privateKey);
    expect(verify(lines, [...statements, stray]).out).toMatch(
      /FAIL {2}duplicate: statement credits-acct_audit 2026-11: edition 2 does not name edition 1/,
    );
  });

  it('names two statements of one period that disagree, each validly signed', () => {
    const { lines, statements } = ledger();
    const other = signWith(
      { ...strip(statements[0]!), closing_balance: 20, edition: 2, supersedes: statementDigest(statements[0]!) },
      ours.privateKey,
    );
    const { code, out } = verify(lines, [...statements, other]);
    expect(out).toMatch(
      /FAIL {2}duplicate: statement credits-acct_audit 2026-11: two statements of the month disagree/,
    );
    expect(code).toBe(1);
  });

  it('names a replaced statement: the one the customer held and the one served now', () => {
    const { lines, statements } = ledger();
    // History rewritten (a charge removed, the links recomputed) and the month signed again over it, as edition 1.
    const rewritten = rechained(lines.filter((_, i) => i !== 1).map((line, i) => ({ ...line, revision: i })));
    const walk = new LedgerWalk();
    const tally = new StatementTally(walk);
    for (const line of rewritten.slice(0, 3)) {
      const event = line as unknown as Parameters<LedgerWalk['step']>[0];
      tally.add(walk, event);
      walk.step(event);
    }
    const replacement = signWith(unsignedOf('2026-11', tally.close(walk)), ours.privateKey);
    const { code, out } = verify(rewritten, [statements[0]!, replacement]);
    expect(out).toMatch(/FAIL {2}duplicate: statement credits-acct_audit 2026-11/);
    expect(code).toBe(1);
    // With only the statement the customer held: its figures no longer match.
    expect(verify(rewritten, [statements[0]!]).out).toMatch(
      /FAIL {2}(figures: statement credits-acct_audit 2026-11|period: credits-acct_audit@3)/,
    );
  });

  it('names a history re-chained after a statement the customer holds', () => {
    const { lines, statements } = ledger();
    (lines[2]!.data as { amount: number }).amount = 2;
    const { code, out } = verify(rechained(lines), statements);
    expect(out).toMatch(/FAIL {2}figures: statement credits-acct_audit 2026-11: /);
    expect(code).toBe(1);
  });

  it('names a statement that does not open where the month before closed', () => {
    const { lines, statements } = ledger();
    const moved = signWith({ ...strip(statements[1]!), opening_balance: 9 }, ours.privateKey);
    expect(verify(lines, [statements[0]!, moved, statements[2]!]).out).toMatch(
      /FAIL {2}continuity: statement credits-acct_audit 2026-12: opening_balance is 9, but 2026-11 closed at 8/,
    );
  });

  it('names links removed: a stream with none, and one whose chain starts without its anchor', () => {
    const { lines } = ledger();
    const bare = lines.map(({ chain: _c, ...line }) => line);
    expect(verify(bare, []).out).toMatch(
      /FAIL {2}unchained: credits-acct_audit: no event of the stream carries a chain link/,
    );
    // Stripped, then the service went on chaining from the edited history.
    const head = bare
      .slice(0, 6)
      .reduce<string>((h, line) => linkOf(h, line as unknown as Parameters<typeof linkOf>[1]), GENESIS);
    const next = {
      ...lines[6]!,
      chain: { prev: head, hash: linkOf(head, lines[6] as unknown as Parameters<typeof linkOf>[1]), version: 2 },
    };
    expect(verify([...bare.slice(0, 6), next], []).out).toMatch(
      /FAIL {2}unchained: credits-acct_audit@6 \(line 7\): the chain starts here, after 6 event\(s\) without links/,
    );
  });

  it('verifies version 1 links as written, and refuses one after version 2', () => {
    const { lines } = ledger();
    let head = GENESIS;
    const v1 = lines.map((line) => {
      const prev = head;
      const { recorded_at: _t, ...content } = line;
      head = linkOf(prev, content as unknown as Parameters<typeof linkOf>[1]);
      return { ...line, chain: { prev, hash: head } };
    });
    expect(verify(v1, []).code).toBe(0);
    const mixed = [...lines.slice(0, 2), ...v1.slice(2)];
    expect(verify(mixed, []).out).toMatch(/FAIL {2}(unchained|link): credits-acct_audit@2/);
  });
});
