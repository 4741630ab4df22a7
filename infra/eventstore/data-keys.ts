// Data keys for crypto-shredding (docs/architecture.md#personal-data): one random AES-256 key per stream that holds personal fields,
// kept in the read-model database wrapped by a master key. Deleting a stream's row is what erases its personal
// fields from the event store, wherever the events are (PostgreSQL or EventStoreDB) and however often replayed.
import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Migration } from '../sql/migrate.js';
import type { Queryable, Sql } from '../sql/sql.js';
import { KeyCache } from './key-cache.js';

export const dataKeyMigrations: Migration[] = [
  {
    id: 'data-keys-001',
    sql: `create table stream_keys (
            stream_id text primary key,
            master_id text not null,
            wrapped text not null,
            created_at timestamptz not null default now()
          );
          create index stream_keys_master on stream_keys (master_id);`,
  },
  {
    // A master key's check value, stored the first time its id is used (issue 39, item 4): a key given later under
    // the same id with other bytes is refused at start instead of wrapping new keys that nothing can open.
    id: 'data-keys-002-master-checks',
    sql: `create table master_key_checks (
            master_id text primary key,
            check_value text not null,
            created_at timestamptz not null default now()
          )`,
  },
];

/** A stream's key could not be opened (wrapped under other bytes than its master's, or damaged). */
export class UnreadableKeyError extends Error {
  constructor(readonly stream: string) {
    super(`the data key of stream ${stream} cannot be unwrapped by its master key`);
    this.name = 'UnreadableKeyError';
  }
}

/** DATA_MASTER_KEYS names a key id whose bytes are not those first used under that id. */
export class WrongMasterKeyError extends Error {
  constructor(readonly masterId: string) {
    super(
      `DATA_MASTER_KEYS: the key with id "${masterId}" is not the key first used under that id (its check value differs); ` +
        'give the original bytes for that id, or a new key under a new id first in the list',
    );
    this.name = 'WrongMasterKeyError';
  }
}

/** A master key and its id, as DATA_MASTER_KEYS lists them (parsed like the payload keys). */
export interface MasterKey {
  id: string;
  key: Buffer;
}

/** A shredded stream's row: its key destroyed (DataKeys.shred). */
const isTombstone = (row: { wrapped: string }) => row.wrapped === '';

const checkValue = (key: Buffer): string =>
  createHmac('sha256', key).update('pvs master key check v1').digest('base64');

/** Where a shred is announced, so every process drops the keys it holds at once (DataKeys.follow). */
export const SHRED_CHANNEL = 'data_key_shreds';

const aes = (key: Buffer, aad: string) => ({
  seal(plain: Buffer): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(aad));
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64');
  },
  open: (sealed: string): Buffer => open(key, aad, sealed),
});

/** The IV, the ciphertext and the tag, as `seal` joins them. GCM's final() adds no bytes: update's are the text. */
function open(key: Buffer, aad: string, sealed: string): Buffer {
  const bytes = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12)).setAAD(Buffer.from(aad));
  decipher.setAuthTag(bytes.subarray(bytes.length - 16));
  const plain = decipher.update(bytes.subarray(12, bytes.length - 16));
  decipher.final();
  return plain;
}

/** AES-256-GCM under a data key, bound to its stream (a sealed field moved to another stream does not open). */
export const sealWith = (key: Buffer, stream: string, plain: string): string =>
  aes(key, stream).seal(Buffer.from(plain, 'utf8'));
export const openWith = (key: Buffer, stream: string, sealed: string): string =>
  open(key, stream, sealed).toString('utf8');

export class DataKeys {
  private readonly cache: KeyCache;
  private readonly making = new Map<string, Promise<Buffer>>();

  private readonly byId: Map<string, Buffer>;

  /** `masters`: the first wraps new keys, every one unwraps (DATA_MASTER_KEYS, rotated as the payload keys are). */
  constructor(
    private readonly db: Queryable,
    private readonly masters: readonly MasterKey[],
    now: () => number = Date.now,
  ) {
    if (masters.length === 0) throw new Error('at least one master key is needed');
    this.cache = new KeyCache(now);
    this.byId = new Map(masters.map((m) => [m.id, m.key]));
  }

  /**
   * The stream's key, made on its first personal field. Concurrent first appends agree on one: in this process
   * they share one request (a batch's events ask at once), across processes the table's key decides.
   */
  keyFor(stream: string): Promise<Buffer> {
    const cached = this.cache.get(stream);
    if (cached) return Promise.resolve(cached);
    let making = this.making.get(stream);
    if (!making) {
      making = this.makeKey(stream).finally(() => this.making.delete(stream));
      this.making.set(stream, making);
    }
    return making;
  }

  /** One round trip: the new row, or the one another append made first. */
  private async makeKey(stream: string): Promise<Buffer> {
    const master = this.masters[0]!;
    const [row] = await this.db.query<{ stream_id: string; master_id: string; wrapped: string }>(
      `with made as (
         insert into stream_keys (stream_id, master_id, wrapped) values ($1, $2, $3) on conflict (stream_id) do nothing
         returning stream_id, master_id, wrapped
       )
       select * from made union all select stream_id, master_id, wrapped from stream_keys where stream_id = $1 limit 1`,
      [stream, master.id, aes(master.key, `stream-key:${stream}`).seal(randomBytes(32))],
    );
    // A conflicting row still being committed by another process is not seen by this statement: read it again.
    if (!row) this.cache.delete(stream);
    // A shredded stream that is written again (a job of a closed account finishing late) is sealed under a key
    // made for this write and kept nowhere: what it writes is erased as it lands, never readable under a new key.
    if (row && isTombstone(row)) return randomBytes(32);
    const key = row ? this.unwrap(row) : (await this.keysOf([stream])).get(stream);
    if (key instanceof UnreadableKeyError) throw key;
    if (!key) throw new Error('a stream key vanished as it was made');
    return this.cache.set(stream, key)!;
  }

  /**
   * Every master key's bytes against the check value stored for its id, storing it for an id seen the first time.
   * Run at start, before anything is wrapped: a wrong key refuses to start, naming its id, and a refused start
   * records nothing (a new id given beside a wrong one is not bound).
   */
  async verifyMasters(): Promise<void> {
    const stored = async () =>
      new Map(
        (
          await this.db.query<{ master_id: string; check_value: string }>(
            'select master_id, check_value from master_key_checks where master_id = any($1::text[])',
            [this.masters.map((m) => m.id)],
          )
        ).map((row) => [row.master_id, row.check_value]),
      );
    const check = (known: Map<string, string>) => {
      for (const master of this.masters) {
        const given = Buffer.from(checkValue(master.key));
        const found = Buffer.from(known.get(master.id) ?? given.toString());
        if (found.length !== given.length || !timingSafeEqual(found, given)) throw new WrongMasterKeyError(master.id);
      }
    };
    check(await stored());
    await this.db.query(
      `insert into master_key_checks (master_id, check_value) select * from unnest($1::text[], $2::text[])
       on conflict (master_id) do nothing`,
      [this.masters.map((m) => m.id), this.masters.map((m) => checkValue(m.key))],
    );
    // Another process may have bound an id first, between the read and the insert.
    check(await stored());
  }

  /**
   * The keys of these streams; a stream without one (shredded, or never sealed) maps to null, and one whose key
   * cannot be unwrapped to an UnreadableKeyError, so that one damaged key fails only what needs it.
   */
  async keysOf(streams: readonly string[]): Promise<Map<string, Buffer | null | UnreadableKeyError>> {
    const found = new Map<string, Buffer | null | UnreadableKeyError>();
    const missing: string[] = [];
    for (const stream of new Set(streams)) {
      const hit = this.cache.get(stream);
      if (hit !== undefined) found.set(stream, hit);
      else missing.push(stream);
    }
    if (missing.length === 0) return found;
    const mark = this.cache.mark();
    const rows = await this.db.query<{ stream_id: string; master_id: string; wrapped: string }>(
      'select stream_id, master_id, wrapped from stream_keys where stream_id = any($1::text[])',
      [missing],
    );
    const unwrapped = new Map(rows.map((row) => [row.stream_id, isTombstone(row) ? null : this.tryUnwrap(row)]));
    for (const stream of missing) {
      const key = unwrapped.get(stream) ?? null;
      // An unreadable key is not cached: the right master may be given by the next start, or another process.
      found.set(stream, key instanceof UnreadableKeyError ? key : this.cache.set(stream, key, mark));
    }
    return found;
  }

  /**
   * Destroys the streams' keys: their personal fields can never be read again. The row stays, emptied, as a
   * tombstone, so that a later write to the stream is not sealed under a new, readable key.
   */
  async shred(streams: readonly string[]): Promise<void> {
    if (streams.length === 0) return;
    await this.db.query(
      `insert into stream_keys (stream_id, master_id, wrapped) select unnest($1::text[]), '', ''
       on conflict (stream_id) do update set master_id = '', wrapped = ''`,
      [streams],
    );
    for (const stream of streams) this.cache.set(stream, null);
    // Once committed: every process that follows the channel drops what it holds.
    await this.db.query('select pg_notify($1, $2)', [SHRED_CHANNEL, '']);
  }

  /**
   * Empties this process's cache whenever any process shreds a key, so a shredded stream stops opening everywhere
   * at once. Resolves to the unsubscribe function.
   */
  follow(sql: Pick<Sql, 'listen'>): Promise<() => Promise<void>> {
    return sql.listen(SHRED_CHANNEL, () => this.cache.clear());
  }

  /**
   * Re-wraps keys wrapped by an older master under the current one, so the old master can be retired. A key that
   * does not open is left as it is (its stream reads as unreadable, by name) rather than stopping the start.
   */
  async rewrap(batch = 1000): Promise<number> {
    const current = this.masters[0]!;
    let done = 0;
    let after = '';
    for (;;) {
      const rows = await this.db.query<{ stream_id: string; master_id: string; wrapped: string }>(
        `select stream_id, master_id, wrapped from stream_keys where master_id <> $1 and wrapped <> '' and stream_id > $2 order by stream_id limit $3`,
        [current.id, after, batch],
      );
      if (rows.length === 0) return done;
      for (const row of rows) {
        const key = this.tryUnwrap(row);
        if (key instanceof UnreadableKeyError) continue;
        await this.db.query(
          'update stream_keys set master_id = $2, wrapped = $3 where stream_id = $1 and master_id = $4',
          [row.stream_id, current.id, aes(current.key, `stream-key:${row.stream_id}`).seal(key), row.master_id],
        );
        done += 1;
      }
      after = rows[rows.length - 1]!.stream_id;
    }
  }

  private unwrap(row: { stream_id: string; master_id: string; wrapped: string }): Buffer {
    const master = this.byId.get(row.master_id);
    if (!master)
      throw new Error(`stream keys are wrapped by master key "${row.master_id}", which DATA_MASTER_KEYS does not hold`);
    try {
      return aes(master, `stream-key:${row.stream_id}`).open(row.wrapped);
    } catch {
      throw new UnreadableKeyError(row.stream_id);
    }
  }

  private tryUnwrap(row: { stream_id: string; master_id: string; wrapped: string }): Buffer | UnreadableKeyError {
    try {
      return this.unwrap(row);
    } catch (error) {
      if (error instanceof UnreadableKeyError) return error;
      throw error;
    }
  }
}
