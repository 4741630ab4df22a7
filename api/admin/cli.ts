import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { dateError, isIsoDate } from '../../domain/datasets/dates.js';
import { reconciliationRow, table } from './cli-tables.js';
import { isSound, type Reconciliation } from './ledger-audit.js';

// The operator's CLI (`npx pvs-admin …`, or `npm run admin -- …`): a thin client of the admin API of a running service. Every command
// prints JSON on stdout (audit export prints CSV); ledger commands also draw a table on stderr and exit 1 on any
// mismatch.

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

const stdio: CliIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

const USAGE = `usage: npx pvs-admin <command> [options]     (or: npm run -s admin -- <command> [options])

  account create --email E [--name N] [--plan free|pro|growth|enterprise]
                 [--monthly-credits N] [--requests-per-minute N] [--requests-per-month N]
  account show --account ID
  account plan --account ID --plan P [--monthly-credits N] [--requests-per-minute N] [--requests-per-month N]
  key create --account ID --mode live|test [--scopes verify,jobs,batches,documents]
  key revoke --key-id ID
  credits grant --account ID --amount N [--reason top_up|adjustment]
  credits balance --account ID
  ledger replay --account ID
  ledger reconcile
  ledger export --account ID          (JSONL, for pvs-verify-ledger)
  ledger statement --account ID [--period YYYY-MM]
  ledger chain
  webhook-secret --account ID [--rotate]
  audit export --account ID --since YYYY-MM-DD
  extraction corrections --since YYYY-MM-DD  (JSONL training examples; text only of TRAINING_TEXT_ACCOUNTS)
  projections list
  projections parked [--projection NAME]
  projections replay --projection NAME [--position HI/LO]

Every command prints the admin API's JSON answer on stdout (snake_case fields), and nothing else, so that it
can be piped (npm run without -s prints its own banner on stdout first); audit export prints CSV (a
header line, then the account's per-call audit entries from that UTC day on, oldest first). ledger replay and ledger
reconcile also draw a table on stderr and exit 1 when the read model disagrees with the events or a
reservation is open longer than any job runs. projections list and parked draw a table on stderr too; list exits
1 while a read model has parked events, replay while an event still fails (it stays parked).

Environment: ADMIN_URL (the admin API; default: the URL the running service wrote to $DATA_DIR/admin-url,
which is ADMIN_LISTEN's listener when set, else the API's), API_URL (the same, kept for older scripts),
ADMIN_TOKEN (default read from $DATA_DIR/admin-token); DATA_DIR default .data, PORT default 3000.`;

class UsageError extends Error {}

const OPTIONS = {
  email: { type: 'string' },
  name: { type: 'string' },
  plan: { type: 'string' },
  account: { type: 'string' },
  mode: { type: 'string' },
  scopes: { type: 'string' },
  'key-id': { type: 'string' },
  amount: { type: 'string' },
  reason: { type: 'string' },
  'monthly-credits': { type: 'string' },
  'requests-per-minute': { type: 'string' },
  'requests-per-month': { type: 'string' },
  rotate: { type: 'boolean' },
  since: { type: 'string' },
  projection: { type: 'string' },
  position: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  period: { type: 'string' },
} as const;

type Values = Partial<Record<keyof typeof OPTIONS, string | boolean>>;

const need = (values: Values, name: keyof typeof OPTIONS): string => {
  const value = values[name];
  if (typeof value !== 'string' || value === '') throw new UsageError(`--${name} is required`);
  return value;
};

const integer = (values: Values, name: keyof typeof OPTIONS): number | undefined => {
  const value = values[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^-?\d+$/.test(value)) throw new UsageError(`--${name} must be an integer`);
  return Number(value);
};

const limits = (values: Values) => ({
  monthly_credits: integer(values, 'monthly-credits'),
  requests_per_minute: integer(values, 'requests-per-minute'),
  requests_per_month: integer(values, 'requests-per-month'),
});

interface Request {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

/** Maps a command line to one admin API request. */
function toRequest(command: string, values: Values): Request {
  const id = () => encodeURIComponent(need(values, 'account'));
  switch (command) {
    case 'account create':
      return {
        method: 'POST',
        path: '/admin/accounts',
        body: { email: need(values, 'email'), name: values.name, plan: values.plan, ...limits(values) },
      };
    case 'account show':
      return { method: 'GET', path: `/admin/accounts/${id()}` };
    case 'account plan':
      return {
        method: 'POST',
        path: `/admin/accounts/${id()}/plan`,
        body: { plan: need(values, 'plan'), ...limits(values) },
      };
    case 'key create': {
      const scopes =
        typeof values.scopes === 'string'
          ? values.scopes
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
          : undefined;
      return { method: 'POST', path: `/admin/accounts/${id()}/keys`, body: { mode: need(values, 'mode'), scopes } };
    }
    case 'key revoke':
      return { method: 'POST', path: `/admin/keys/${encodeURIComponent(need(values, 'key-id'))}/revoke` };
    case 'credits grant':
      return {
        method: 'POST',
        path: `/admin/accounts/${id()}/credits`,
        body: { amount: integer(values, 'amount') ?? need(values, 'amount'), reason: values.reason },
      };
    case 'credits balance':
      return { method: 'GET', path: `/admin/accounts/${id()}/credits` };
    case 'ledger replay':
      return { method: 'GET', path: `/admin/ledger/replay?account=${id()}` };
    case 'ledger reconcile':
      return { method: 'GET', path: '/admin/ledger/reconcile' };
    case 'ledger export':
      return { method: 'GET', path: `/admin/ledger/export?account=${id()}` };
    case 'ledger statement':
      return {
        method: 'POST',
        path: '/admin/ledger/statements',
        body: { account: need(values, 'account'), period: values.period },
      };
    case 'ledger chain':
      return { method: 'POST', path: '/admin/ledger/chain' };
    case 'webhook-secret':
      return { method: 'POST', path: `/admin/accounts/${id()}/webhook-secret${values.rotate ? '/rotate' : ''}` };
    case 'audit export': {
      const since = need(values, 'since');
      if (!isIsoDate(since)) throw new UsageError(dateError('--since'));
      return { method: 'GET', path: `/admin/accounts/${id()}/audit?since=${since}` };
    }
    case 'extraction corrections': {
      const since = need(values, 'since');
      if (!isIsoDate(since)) throw new UsageError(dateError('--since'));
      return { method: 'GET', path: `/admin/extraction/corrections?since=${since}` };
    }
    case 'projections list':
      return { method: 'GET', path: '/admin/projections' };
    case 'projections parked':
      return {
        method: 'GET',
        path: `/admin/projections/parked${typeof values.projection === 'string' ? `?projection=${encodeURIComponent(values.projection)}` : ''}`,
      };
    case 'projections replay':
      return {
        method: 'POST',
        path: `/admin/projections/${encodeURIComponent(need(values, 'projection'))}/replay`,
        body: typeof values.position === 'string' ? { position: values.position } : {},
      };
    default:
      throw new UsageError(`unknown command: ${command || '(none)'}`);
  }
}

/** The file in DATA_DIR where a running API writes the base URL of its admin API (bin/service.ts). */
export const ADMIN_URL_FILE = 'admin-url';

/**
 * Where the admin API is: ADMIN_URL, else API_URL (older scripts), else what the running service wrote to
 * DATA_DIR/admin-url (its ADMIN_LISTEN listener, or its API listener), else http://localhost:$PORT.
 */
export function adminUrl(env: NodeJS.ProcessEnv, dataDir = path.resolve(env.DATA_DIR || '.data')): string {
  let url = env.ADMIN_URL || env.API_URL;
  if (!url) {
    try {
      url = readFileSync(path.join(dataDir, ADMIN_URL_FILE), 'utf8').trim() || undefined;
    } catch {
      url = undefined;
    }
  }
  return (url ?? `http://localhost:${env.PORT || 3000}`).replace(/\/$/, '');
}

/** Returns the process exit code: 0 done, 1 failed or mismatched, 2 usage. */
export async function runAdminCli(argv: string[], env: NodeJS.ProcessEnv, io: CliIo = stdio): Promise<number> {
  let request: Request;
  let command: string;
  try {
    const { values, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
    command = positionals.join(' ');
    if (values.help || command === 'help') {
      io.out(USAGE);
      return 0;
    }
    if (command === '') {
      io.err(USAGE);
      return 2;
    }
    request = toRequest(command, values);
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }

  const dataDir = path.resolve(env.DATA_DIR || '.data');
  const apiUrl = adminUrl(env, dataDir);
  let token = env.ADMIN_TOKEN;
  if (!token) {
    const file = path.join(dataDir, 'admin-token');
    try {
      token = readFileSync(file, 'utf8').trim();
    } catch {
      io.err(`No ADMIN_TOKEN and no ${file}: set ADMIN_TOKEN, or run from the directory of the running service.`);
      return 1;
    }
  }

  let response: Response;
  try {
    response = await fetch(apiUrl + request.path, {
      method: request.method,
      headers: { authorization: `Bearer ${token}`, ...(request.body ? { 'content-type': 'application/json' } : {}) },
      ...(request.body ? { body: JSON.stringify(request.body) } : {}),
    });
  } catch {
    io.err(`Cannot reach the admin API at ${apiUrl}. Is the service running (npm run dev)? Set ADMIN_URL otherwise.`);
    return 1;
  }
  const text = await response.text();
  if (!response.ok) {
    io.err(text);
    return 1;
  }
  if (command === 'audit export' || command === 'ledger export' || command === 'extraction corrections') {
    io.out(text.replace(/\n$/, ''));
    return 0;
  }
  const body = JSON.parse(text) as Record<string, unknown>;
  io.out(JSON.stringify(body, null, 2));
  if (command === 'ledger reconcile') {
    const rows = body.rows as Reconciliation[];
    io.err(table(rows.map(reconciliationRow)));
    return rows.every(isSound) ? 0 : 1;
  }
  if (command === 'projections list') {
    const rows = body.projections as { status: string }[];
    io.err(table(rows as Record<string, unknown>[]));
    return rows.every((row) => row.status === 'ok') ? 0 : 1;
  }
  if (command === 'projections parked') {
    io.err(table(body.parked as Record<string, unknown>[]));
    return 0;
  }
  if (command === 'projections replay') return (body.failed as unknown[]).length === 0 ? 0 : 1;
  if (command === 'ledger replay') {
    io.err(table(body.rows as Record<string, unknown>[]));
    const reconciliation = body.reconciliation as Reconciliation;
    io.err(table([reconciliationRow(reconciliation)]));
    return isSound(reconciliation) ? 0 : 1;
  }
  return 0;
}
