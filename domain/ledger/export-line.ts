import { ISO_TIME } from './chain.js';
import { LEDGER_EVENT_TYPES, type LedgerEvent } from './ledger.js';

// A line of the audit export (`GET /api/v1/account/ledger`, `pvs-admin ledger export`) as the verifier reads it:
// `{"stream", "revision", "type", "data", "chain": {"prev", "hash", "version"}, "recorded_at"}`.

export interface ExportedEvent {
  stream: string;
  revision: number;
  type: LedgerEvent['type'];
  data: unknown;
  chain?: unknown;
  recorded_at?: unknown;
}

/** The line's event, or why it is none. */
export function parseExportLine(line: string): ExportedEvent | string {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return 'not a JSON line';
  }
  const e = value as Partial<ExportedEvent>;
  if (
    typeof e !== 'object' ||
    e === null ||
    typeof e.stream !== 'string' ||
    !Number.isSafeInteger(e.revision) ||
    typeof e.type !== 'string' ||
    !(LEDGER_EVENT_TYPES as readonly string[]).includes(e.type) ||
    typeof e.data !== 'object' ||
    e.data === null
  ) {
    return 'not a credits event (stream, revision, type, data)';
  }
  return e as ExportedEvent;
}

/** The time the line says its event was recorded at (a version 2 link covers it), when it is one. */
export function timeOf(e: ExportedEvent): string | undefined {
  return typeof e.recorded_at === 'string' && ISO_TIME.test(e.recorded_at) ? e.recorded_at : undefined;
}
