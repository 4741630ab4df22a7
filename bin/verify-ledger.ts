#!/usr/bin/env node
// pvs-verify-ledger: an auditor's check of the credit ledger, needing nothing of the service (no database, no
// network). Reads an audit export (JSONL, `npm run admin -- ledger export --account …`), the signed statements
// (JSON: one statement, an array, or {"statements": […]} as the API and the dashboard give them) and the public
// keys (PEM files, `id=file.pem`, or the /.well-known/pvs-ledger-keys.json document), and prints what holds and the
// first thing that does not. Exit 0 when everything holds, 1 on the first failure, 2 on a usage error.
//
//   npx pvs-verify-ledger export.jsonl statements.json --key public.pem
import { createPublicKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { LedgerStatement } from '../domain/ledger/statement.js';
import { verifyLedger, type VerifyingKeys } from '../domain/ledger/verification.js';

const USAGE = `usage: pvs-verify-ledger <export.jsonl> [statements.json] --key <public.pem | id=public.pem | keys.json> [--key …]

Checks every event of the export (revisions, hash chain links, balances) and every statement (Ed25519 signature,
figures against the events). Prints what holds, then OK, or FAIL with the check and the event or statement that
broke it. See docs/ledger-verification.md.`;

class UsageError extends Error {}

function readKeys(specs: readonly string[]): VerifyingKeys {
  const byId = new Map<string, KeyObject>();
  const any: KeyObject[] = [];
  const validity = new Map<string, { from: string | null; until: string | null }>();
  for (const spec of specs) {
    const at = spec.indexOf('=');
    const [id, file] =
      at > 0 && !spec.slice(0, at).includes('/') ? [spec.slice(0, at), spec.slice(at + 1)] : [null, spec];
    const text = readFileSync(file, 'utf8');
    if (text.trimStart().startsWith('{')) {
      const doc = JSON.parse(text) as {
        keys?: { key_id: string; public_key_pem: string; valid_from?: string | null; valid_until?: string | null }[];
      };
      for (const key of doc.keys ?? []) {
        byId.set(key.key_id, createPublicKey(key.public_key_pem));
        if (key.valid_from !== undefined || key.valid_until !== undefined)
          validity.set(key.key_id, { from: key.valid_from ?? null, until: key.valid_until ?? null });
      }
    } else if (id) byId.set(id, createPublicKey(text));
    else any.push(createPublicKey(text));
  }
  return { byId, any, validity };
}

function readStatements(file: string | undefined): LedgerStatement[] {
  if (!file) return [];
  const value = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  if (Array.isArray(value)) return value as LedgerStatement[];
  const wrapped = (value as { statements?: unknown }).statements;
  return Array.isArray(wrapped) ? (wrapped as LedgerStatement[]) : [value as LedgerStatement];
}

export function main(argv: string[], out: (line: string) => void = (l) => process.stdout.write(`${l}\n`)): number {
  let exported: string[];
  let statements: LedgerStatement[];
  let keys: VerifyingKeys;
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: { key: { type: 'string', multiple: true }, help: { type: 'boolean' } },
      allowPositionals: true,
    });
    if (values.help) {
      out(USAGE);
      return 0;
    }
    if (positionals.length < 1 || positionals.length > 2)
      throw new UsageError('give the export, and the statements if any');
    exported = readFileSync(positionals[0]!, 'utf8').split('\n');
    statements = readStatements(positionals[1]);
    if (statements.length > 0 && !values.key?.length) throw new UsageError('statements need --key');
    keys = readKeys(values.key ?? []);
  } catch (error) {
    out(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const report = verifyLedger(exported, statements, keys);
  for (const line of report.holds) out(`ok    ${line}`);
  if (report.failure) {
    out(`FAIL  ${report.failure.check}: ${report.failure.where}: ${report.failure.message}`);
    return 1;
  }
  out('OK: the export and the statements hold');
  return 0;
}

// Run directly (`node --import tsx bin/verify-ledger.ts …`); the `pvs-verify-ledger` command calls main itself.
if (/verify-ledger\.ts$/.test(process.argv[1] ?? '')) {
  process.exitCode = main(process.argv.slice(2));
}
