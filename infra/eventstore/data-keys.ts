// Data keys for crypto-shredding (DESIGN §13): one random AES-256 key per stream that holds personal fields,
// kept in the read-model database wrapped by a master key. Deleting a stream's row is what erases its personal
// fields from the event store, wherever the events are (PostgreSQL or EventStoreDB) and however often replayed.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Migration } from '../sql/migrate.js';
import type { Queryable } from '../sql/sql.js';
import type { PayloadKey } from '../temporal/payload-codec.js';

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
];

/**
 * How long a process trusts a key it read: a stream shredded by another process may still be opened here for
 * this long. Shredding in this process takes effect at once.
 */
const CACHE_MS = 30_000;
const CACHE_ENTRIES = 10_000;

interface Cached {
  key: Buffer | null;
  at: number;
}

const aes = (key: Buffer, aad: string) => ({
  seal(plain: Buffer): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(aad));
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64');
  },
  open(sealed: string): Buffer {
    const bytes = Buffer.from(sealed, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12)).setAAD(Buffer.from(aad));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    return Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]);
  },
});

/** AES-256-GCM under a data key, bound to its stream (a sealed field moved to another stream does not open). */
export const sealWith = (key: Buffer, stream: string, plain: string): string => aes(key, stream).seal(Buffer.from(plain, 'utf8'));
export const openWith = (key: Buffer, stream: string, sealed: string): string => aes(key, stream).open(sealed).toString('utf8');

export class DataKeys {
  private readonly cache = new Map<string, Cached>();
  private readonly making = new Map<string, Promise<Buffer>>();

  private readonly byId: Map<string, Buffer>;

  /** `masters`: the first wraps new keys, every one unwraps (DATA_MASTER_KEYS, rotated as the payload keys are). */
  constructor(
    private readonly db: Queryable,
    private readonly masters: readonly PayloadKey[],
    private readonly now: () => number = Date.now,
  ) {
    if (masters.length === 0) throw new Error('at least one master key is needed');
    this.byId = new Map(masters.map((m) => [m.id, m.key]));
  }

  /**
   * The stream's key, made on its first personal field. Concurrent first appends agree on one: in this process
   * they share one request (a batch's events ask at once), across processes the table's key decides.
   */
  keyFor(stream: string): Promise<Buffer> {
    const cached = this.fresh(stream);
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
    const key = row ? this.unwrap(row) : (await this.keysOf([stream])).get(stream);
    if (!key) throw new Error('a stream key vanished as it was made');
    this.remember(stream, key);
    return key;
  }

  /** The keys of these streams; a stream without one (shredded, or never sealed) maps to null. */
  async keysOf(streams: readonly string[]): Promise<Map<string, Buffer | null>> {
    const found = new Map<string, Buffer | null>();
    const missing: string[] = [];
    for (const stream of new Set(streams)) {
      const hit = this.cache.get(stream);
      if (hit && this.now() - hit.at < CACHE_MS) found.set(stream, hit.key);
      else missing.push(stream);
    }
    if (missing.length === 0) return found;
    const rows = await this.db.query<{ stream_id: string; master_id: string; wrapped: string }>(
      'select stream_id, master_id, wrapped from stream_keys where stream_id = any($1::text[])',
      [missing],
    );
    const unwrapped = new Map(rows.map((row) => [row.stream_id, this.unwrap(row)]));
    for (const stream of missing) {
      const key = unwrapped.get(stream) ?? null;
      this.remember(stream, key);
      found.set(stream, key);
    }
    return found;
  }

  /** Deletes the streams' keys: their personal fields can never be read again. */
  async shred(streams: readonly string[]): Promise<void> {
    if (streams.length === 0) return;
    await this.db.query('delete from stream_keys where stream_id = any($1::text[])', [streams]);
    for (const stream of streams) this.remember(stream, null);
  }

  /** Re-wraps keys wrapped by an older master under the current one, so the old master can be retired. */
  async rewrap(batch = 1000): Promise<number> {
    const current = this.masters[0]!;
    let done = 0;
    for (;;) {
      const rows = await this.db.query<{ stream_id: string; master_id: string; wrapped: string }>(
        'select stream_id, master_id, wrapped from stream_keys where master_id <> $1 limit $2',
        [current.id, batch],
      );
      if (rows.length === 0) return done;
      for (const row of rows) {
        const wrapped = aes(current.key, `stream-key:${row.stream_id}`).seal(this.unwrap(row));
        await this.db.query('update stream_keys set master_id = $2, wrapped = $3 where stream_id = $1 and master_id = $4', [
          row.stream_id,
          current.id,
          wrapped,
          row.master_id,
        ]);
      }
      done += rows.length;
    }
  }

  private unwrap(row: { stream_id: string; master_id: string; wrapped: string }): Buffer {
    const master = this.byId.get(row.master_id);
    if (!master) throw new Error(`stream keys are wrapped by master key "${row.master_id}", which DATA_MASTER_KEYS does not hold`);
    return aes(master, `stream-key:${row.stream_id}`).open(row.wrapped);
  }

  private fresh(stream: string): Buffer | null {
    const hit = this.cache.get(stream);
    return hit?.key && this.now() - hit.at < CACHE_MS ? hit.key : null;
  }

  private remember(stream: string, key: Buffer | null) {
    this.cache.delete(stream);
    this.cache.set(stream, { key, at: this.now() });
    if (this.cache.size > CACHE_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
  }
}
