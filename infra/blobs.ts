// Uploaded documents (docs/architecture.md#personal-data), one per job, kept in the service's database: PostgreSQL
// when DATABASE_URL is set, so every process on every host reaches them without a shared volume, and the embedded
// database under DATA_DIR otherwise. The API puts a PDF here once its job is admitted and hands the workflow only
// the id, so document bytes never enter workflow history.
//
// Each document is sealed under its job's data key (infra/eventstore/data-keys.ts): shredding that key, as
// retention and a closed account do, erases the document wherever a copy of the table lies (a backup, a replica),
// and the row itself goes with the job's erasure or the account's close.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { DataKeys } from './eventstore/data-keys.js';
import { UnreadableKeyError } from './eventstore/data-keys.js';
import { pageImageMigrations } from './page-images.js';
import type { Migration } from './sql/migrate.js';
import type { Queryable } from './sql/sql.js';

export const blobMigrations: Migration[] = [
  {
    id: 'documents-001',
    sql: `create table documents (
            blob_id text primary key,
            stream_id text not null,
            account_id text not null,
            sealed bytea not null,
            stored_at timestamptz not null default now()
          );
          create index documents_stream on documents (stream_id);
          create index documents_account on documents (account_id);`,
  },
  // The pages drawn of the documents, erased with them.
  ...pageImageMigrations,
];

/** Whose a document is: the job stream whose data key seals it, and the account whose close deletes it. */
export interface BlobOwner {
  stream: string;
  accountId: string;
}

export interface BlobStore {
  /** Stores a job's document under `id` (a lower-case hex SHA-256 the caller derived from the job). Idempotent. */
  put(id: string, bytes: Uint8Array, owner: BlobOwner): Promise<void>;
  /** The bytes of a document; BlobNotFoundError when there is none, or its key has been shredded. */
  get(id: string): Promise<Buffer>;
  /** Removes a document; removing one that is not there is not an error. */
  delete(id: string): Promise<void>;
  /** Removes the documents of these streams (jobs erased), and the pages drawn of them (./page-images.ts). */
  deleteStreams(streams: readonly string[]): Promise<number>;
  /** Removes every document of the account (closed). */
  deleteAccount(accountId: string): Promise<number>;
  /** Every document with when it was stored, in no particular order. */
  list(): AsyncIterable<{ id: string; storedAt: Date }>;
}

export class BlobNotFoundError extends Error {
  constructor(readonly id: string) {
    super(`blob ${id} not found`);
    this.name = 'BlobNotFoundError';
  }
}

const ID = /^[0-9a-f]{64}$/;

export const isBlobId = (id: string): boolean => ID.test(id);

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Bound to its stream and id: a sealed document copied under another job's row does not open. */
const aadOf = (stream: string, id: string) => Buffer.from(`document:${stream}:${id}`);

function seal(key: Buffer, aad: Buffer, plain: Uint8Array): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(aad);
  return Buffer.concat([iv, cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
}

function open(key: Buffer, aad: Buffer, sealed: Buffer): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV_BYTES)).setAAD(aad);
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES, sealed.length - TAG_BYTES)), decipher.final()]);
}

/** Documents in the `documents` table, sealed under their jobs' data keys. */
export function sqlBlobStore(db: Queryable, keys: Pick<DataKeys, 'keyFor' | 'keysOf'>): BlobStore {
  return {
    async put(id, bytes, owner) {
      if (!isBlobId(id)) throw new Error('a blob id is a lower-case hex SHA-256');
      const key = await keys.keyFor(owner.stream);
      await db.query(
        `insert into documents (blob_id, stream_id, account_id, sealed) values ($1, $2, $3, $4)
         on conflict (blob_id) do nothing`,
        [id, owner.stream, owner.accountId, seal(key, aadOf(owner.stream, id), bytes)],
      );
    },
    async get(id) {
      if (!isBlobId(id)) throw new BlobNotFoundError(id);
      const [row] = await db.query<{ stream_id: string; sealed: Uint8Array }>(
        'select stream_id, sealed from documents where blob_id = $1',
        [id],
      );
      if (!row) throw new BlobNotFoundError(id);
      const key = (await keys.keysOf([row.stream_id])).get(row.stream_id);
      if (key instanceof UnreadableKeyError) throw key;
      // Shredded: the document is erased, whether or not its row has gone yet.
      if (!key) throw new BlobNotFoundError(id);
      return open(key, aadOf(row.stream_id, id), Buffer.from(row.sealed));
    },
    async delete(id) {
      if (!isBlobId(id)) return;
      await db.query('delete from documents where blob_id = $1', [id]);
    },
    async deleteStreams(streams) {
      if (streams.length === 0) return 0;
      // The pages drawn of these jobs' documents (./page-images.ts) go with them.
      await db.query('delete from page_images where stream_id = any($1::text[])', [streams]);
      const rows = await db.query('delete from documents where stream_id = any($1::text[]) returning blob_id', [
        streams,
      ]);
      return rows.length;
    },
    async deleteAccount(accountId) {
      await db.query('delete from page_images where account_id = $1', [accountId]);
      const rows = await db.query('delete from documents where account_id = $1 returning blob_id', [accountId]);
      return rows.length;
    },
    async *list() {
      // A page at a time in id order, so a large table is never read whole.
      for (let after = ''; ;) {
        const page = await db.query<{ blob_id: string; stored_at: Date | string }>(
          'select blob_id, stored_at from documents where blob_id > $1 order by blob_id limit 500',
          [after],
        );
        if (page.length === 0) return;
        for (const row of page) yield { id: row.blob_id, storedAt: new Date(row.stored_at) };
        after = page[page.length - 1]!.blob_id;
      }
    },
  };
}

/**
 * Documents kept as plain files by earlier versions (DATA_DIR/blobs/xx/<sha256>, issue 54 retired that store) are
 * moved into the store once: a file some pending job still needs is sealed under that job's key, and every file
 * is then deleted, so none outlives the erasure of its job. `ownerOf` names a pending job that refers to the id.
 */
export async function moveFileBlobs(
  dir: string,
  store: BlobStore,
  ownerOf: (id: string) => Promise<BlobOwner | null>,
): Promise<number> {
  const shards = await readdir(dir).catch(() => [] as string[]);
  let moved = 0;
  for (const shard of shards) {
    const names = await readdir(path.join(dir, shard)).catch(() => [] as string[]);
    for (const name of names) {
      const file = path.join(dir, shard, name);
      const owner = isBlobId(name) ? await ownerOf(name) : null;
      if (owner) {
        await store.put(name, await readFile(file), owner);
        moved += 1;
      }
      await rm(file, { force: true });
    }
    await rm(path.join(dir, shard), { recursive: true, force: true });
  }
  await rm(dir, { recursive: true, force: true });
  return moved;
}
