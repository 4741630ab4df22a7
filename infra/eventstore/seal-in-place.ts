// The one-off migration that brought crypto-shredding to events written before it (docs/architecture.md#personal-data): every stored
// event with personal fields in clear is rewritten, in place and under its own id, revision and position, with
// those fields sealed under its stream's key. Streams whose data is already due to go (closed accounts, erased
// jobs and batches) then lose their keys, so no clear copy of anything survives. It runs when a process opens
// the PostgreSQL store, once: a marker in schema_migrations records that it finished; running it again (two
// processes starting together) finds nothing left to seal. EventStoreDB's events are immutable: see docs/architecture.md#personal-data.
import { personalEventTypes } from '../../domain/personal-data.js';
import type { Sql } from '../sql/sql.js';
import type { DataKeys } from './data-keys.js';
import { SEALED_FIELD, sealData } from './sealed.js';

// A field added to the personal-data map (domain/personal-data.ts) comes with a new marker, so the events
// written before it are sealed the same way; the scan skips what is already sealed.
/** 003: keys' labels (KeyActivated's name), added to the map by issue 39 item 3. */
export const SEALED_IN_PLACE_MARKER = 'eventstore-003-sealed-in-place-key-names';

export interface SealInPlaceOptions {
  /** The keyed hash an address is looked up by: added to contacts written before it existed. */
  addressHash(email: string): string;
  batchSize?: number;
}

/** Seals what is still clear; returns how many events were rewritten (0 once done). */
export async function sealEventsInPlace(sql: Sql, keys: DataKeys, options: SealInPlaceOptions): Promise<number> {
  const [done] = await sql.query<{ id: string }>('select id from schema_migrations where id = $1', [
    SEALED_IN_PLACE_MARKER,
  ]);
  if (done) return 0;
  const kinds = personalEventTypes();
  const where = kinds
    .map((_, i) => `(stream_id like $${2 * i + 3} and type = any($${2 * i + 4}::text[]))`)
    .join(' or ');
  const kindParams = kinds.flatMap((kind) => [`${kind.prefix.replace(/[%_\\]/g, '\\$&')}%`, kind.types]);
  let after = 0n;
  let sealed = 0;
  for (;;) {
    const rows = await sql.query<{ position: string; stream_id: string; type: string; data: Record<string, unknown> }>(
      `select position, stream_id, type, data from es_events
        where position > $1 and not (data ? '${SEALED_FIELD}') and (${where})
        order by position limit $2`,
      [after.toString(), options.batchSize ?? 500, ...kindParams],
    );
    if (rows.length === 0) break;
    for (const row of rows) {
      const data = row.type === 'AccountOpened' ? withAddressHash(row.data, options.addressHash) : row.data;
      const stored = await sealData(keys, row.stream_id, row.type, data);
      await sql.query(
        `update es_events set data = $2::text::jsonb where position = $1 and not (data ? '${SEALED_FIELD}')`,
        [row.position, JSON.stringify(stored)],
      );
      sealed += 1;
    }
    after = BigInt(rows[rows.length - 1]!.position);
  }
  await sql.query('insert into schema_migrations (id) values ($1) on conflict (id) do nothing', [
    SEALED_IN_PLACE_MARKER,
  ]);
  return sealed;
}

function withAddressHash(
  data: Record<string, unknown>,
  addressHash: (email: string) => string,
): Record<string, unknown> {
  const contact = data.contact as { email?: string; email_hash?: string } | undefined;
  if (!contact?.email || contact.email_hash) return data;
  return { ...data, contact: { ...contact, email_hash: addressHash(contact.email) } };
}
