// The verifier an auditor runs (bin/verify-ledger.ts) on an export and signed statements built here with the
// service's own chain and statement code: what it accepts, and each kind of tampering it must name.
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
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
];

const keyPair = () => generateKeyPairSync('ed25519');
const ours = keyPair();
const theirs = keyPair();

function signWith(unsigned: UnsignedStatement, privateKey: KeyObject): LedgerStatement {
  return { ...unsigned, signature: sign(null, statementBytes(unsigned), privateKey).toString('base64') };
}

/** The export's lines and the two months' statements, as the service writes them. */
function ledger() {
  const walk = new LedgerWalk();
  const lines: Record<string, unknown>[] = [];
  const statements: LedgerStatement[] = [];
  for (const month of months) {
    const tally = new StatementTally(walk);
    for (const event of month.events) {
      const placed = { ...event, stream, revision: walk.revision + 1 };
      const prev = walk.head;
      tally.add(walk, placed);
      walk.step(placed);
      lines.push({
        stream,
        revision: placed.revision,
        type: event.type,
        data: event.data,
        chain: { prev, hash: walk.head },
        recorded_at: '2026-11-20T00:00:00.000Z',
      });
    }
    const unsigned: UnsignedStatement = {
      version: 1,
      account_id: 'acct_audit',
      stream,
      period: month.period,
      ...tally.close(walk),
      closed: true,
      signed_at: '2027-01-01T00:10:00.000Z',
      algorithm: 'Ed25519',
      key_id: 'l1',
    };
    statements.push(signWith(unsigned, ours.privateKey));
  }
  return { lines, statements };
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
