import { chainOf } from '../../domain/ledger/chain.js';
import { creditsStream } from '../../domain/ledger/ledger.js';
import { eventPages, type EventStore, type StoredEvent } from '../../infra/eventstore/types.js';

/**
 * An event as a line of the audit export (domain/ledger/export-line.ts): what the chain covers (stream, revision,
 * type, data, and from version 2 the time), the link its metadata carries (absent on events from before the chain)
 * and when it was recorded: the time its version 2 link covers, else the store's.
 */
export function exportLine(event: StoredEvent): string {
  const link = chainOf(event.metadata);
  const chain = link ? { prev: link.prev, hash: link.hash, ...(link.version === 2 ? { version: 2 } : {}) } : null;
  return `${JSON.stringify({
    stream: event.stream,
    revision: event.revision,
    type: event.type,
    data: event.data,
    ...(chain ? { chain } : {}),
    recorded_at: link?.at ?? event.created.toISOString(),
  })}\n`;
}

/**
 * The audit export (JSONL) the verifier reads (bin/verify-ledger.ts): one line per credits event, oldest first. Yields
 * a page of lines at a time, so that an account of a million events is written as it is read.
 */
export async function* exportPages(events: EventStore, accountId: string): AsyncGenerator<string> {
  for await (const page of eventPages(events, creditsStream, accountId)) yield page.map(exportLine).join('');
}
