// The keys that sign the ledger's statements (LEDGER_SIGNING_KEY: `id=base64 seed,…`, the first signs) and the
// document that publishes them, with the dates each was the signing key (issue 54): a statement dated outside its
// key's validity was not signed by the service while that key was in use.
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { STATEMENT_ALGORITHM } from '../../domain/ledger/statement.js';
import type { Migration } from '../../infra/sql/migrate.js';
import type { Queryable } from '../../infra/sql/sql.js';
import type { PayloadKey } from '../../infra/temporal/payload-codec.js';

export const signingKeyMigrations: Migration[] = [
  {
    id: 'ledger-signing-keys-001',
    sql: `create table ledger_signing_keys (
            key_id text primary key,
            valid_from timestamptz not null,
            valid_until timestamptz
          );`,
  },
];

export interface SigningKey {
  id: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
}

// PKCS#8 wrapping of a raw Ed25519 seed (RFC 8410): this prefix, then the 32 bytes.
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** LEDGER_SIGNING_KEY's entries (id and 32-byte seed) as Ed25519 keys; the first signs. */
export function signingKeys(seeds: readonly PayloadKey[]): SigningKey[] {
  return seeds.map(({ id, key }) => {
    const privateKey = createPrivateKey({
      key: Buffer.concat([ED25519_PKCS8_PREFIX, key]),
      format: 'der',
      type: 'pkcs8',
    });
    return { id, privateKey, publicKey: createPublicKey(privateKey) };
  });
}

/**
 * Records which key signs from now: the first key's validity starts (once), and a key that signed before it ends
 * (once). Run at each start: a rotation is dated by the first start that signs with the new key.
 */
export async function recordSigningKey(db: Queryable, keys: readonly SigningKey[], now: Date): Promise<void> {
  const current = keys[0];
  if (!current) return;
  await db.query(
    // From its first statement when it signed before its dates were kept (a deployment older than them).
    `insert into ledger_signing_keys (key_id, valid_from)
       select $1, least($2::timestamptz, (select min(signed_at) from ledger_statements where statement->>'key_id' = $1))
     on conflict (key_id) do nothing`,
    [current.id, now],
  );
  await db.query(
    `update ledger_signing_keys set valid_until = $2 where key_id <> $1 and valid_until is null and valid_from <= $2`,
    [current.id, now],
  );
}

export interface PublishedKey {
  key_id: string;
  algorithm: typeof STATEMENT_ALGORITHM;
  public_key_pem: string;
  /** When it became the signing key (null: never recorded as one). */
  valid_from: string | null;
  /** When another replaced it (null: it still signs, or never did). */
  valid_until: string | null;
}

/** The document at /.well-known/pvs-ledger-keys.json: every key a statement may name, as PEM, with its dates. */
export async function publishedKeys(db: Queryable, keys: readonly SigningKey[]): Promise<{ keys: PublishedKey[] }> {
  const rows = await db.query<{ key_id: string; valid_from: Date; valid_until: Date | null }>(
    'select key_id, valid_from, valid_until from ledger_signing_keys',
  );
  const dates = new Map(rows.map((row) => [row.key_id, row]));
  return {
    keys: keys.map((key) => ({
      key_id: key.id,
      algorithm: STATEMENT_ALGORITHM,
      public_key_pem: key.publicKey.export({ format: 'pem', type: 'spki' }).toString(),
      valid_from: dates.get(key.id)?.valid_from.toISOString() ?? null,
      valid_until: dates.get(key.id)?.valid_until?.toISOString() ?? null,
    })),
  };
}
