// The pages of a job's document drawn for a person (issue 56): the dashboard's job page shows each one with the
// extracted fields' boxes over it. Kept as the document is (./blobs.ts): in the service's database, sealed under
// the job's data key, so that shredding the key erases them wherever a copy of the table lies, and their rows go
// with the job's erasure or the account's close (the blob store's deleteStreams and deleteAccount delete them).
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { DataKeys } from './eventstore/data-keys.js';
import { UnreadableKeyError } from './eventstore/data-keys.js';
import type { Migration } from './sql/migrate.js';
import type { Queryable } from './sql/sql.js';

export const pageImageMigrations: Migration[] = [
  {
    id: 'page-images-001',
    sql: `create table page_images (
            stream_id text not null,
            page integer not null,
            account_id text not null,
            width integer not null,
            height integer not null,
            sealed bytea not null,
            stored_at timestamptz not null default now(),
            primary key (stream_id, page)
          );
          create index page_images_account on page_images (account_id);`,
  },
];

/** A drawn page: a PNG and its size in pixels. */
export interface PageImage {
  png: Buffer;
  width: number;
  height: number;
}

export interface PageImages {
  /** Stores page `page` (from 1) of the job's document; a page stored already is kept. */
  put(owner: { stream: string; accountId: string }, page: number, image: PageImage): Promise<void>;
  /** The page's image; null when there is none, or the job's key has been shredded. */
  get(stream: string, page: number): Promise<PageImage | null>;
  /** The pages stored for the job, in order, with their sizes. */
  list(stream: string): Promise<{ page: number; width: number; height: number }[]>;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Bound to its job and page: a sealed image copied under another row does not open. */
const aadOf = (stream: string, page: number) => Buffer.from(`page-image:${stream}:${page}`);

export function sqlPageImages(db: Queryable, keys: Pick<DataKeys, 'keyFor' | 'keysOf'>): PageImages {
  return {
    async put(owner, page, image) {
      const key = await keys.keyFor(owner.stream);
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(aadOf(owner.stream, page));
      const sealed = Buffer.concat([iv, cipher.update(image.png), cipher.final(), cipher.getAuthTag()]);
      await db.query(
        `insert into page_images (stream_id, page, account_id, width, height, sealed) values ($1, $2, $3, $4, $5, $6)
         on conflict (stream_id, page) do nothing`,
        [owner.stream, page, owner.accountId, image.width, image.height, sealed],
      );
    },
    async get(stream, page) {
      const [row] = await db.query<{ width: number; height: number; sealed: Uint8Array }>(
        'select width, height, sealed from page_images where stream_id = $1 and page = $2',
        [stream, page],
      );
      if (!row) return null;
      const key = (await keys.keysOf([stream])).get(stream);
      if (key instanceof UnreadableKeyError) throw key;
      if (!key) return null;
      const sealed = Buffer.from(row.sealed);
      const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV_BYTES)).setAAD(aadOf(stream, page));
      decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
      const png = Buffer.concat([
        decipher.update(sealed.subarray(IV_BYTES, sealed.length - TAG_BYTES)),
        decipher.final(),
      ]);
      return { png, width: row.width, height: row.height };
    },
    async list(stream) {
      return db.query<{ page: number; width: number; height: number }>(
        'select page, width, height from page_images where stream_id = $1 order by page',
        [stream],
      );
    },
  };
}
