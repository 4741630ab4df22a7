// The document store (infra/blobs.ts) on each database the service runs on: a job's PDF is sealed under the job's
// data key, so the table never holds its bytes in clear and a shredded key erases it even where the row is still
// there; a job's erasure and its account's close delete the rows. On PostgreSQL, a key shredded by one process
// stops opening in another at once (the shred notification), not after the 30 s its cache would keep it.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobNotFoundError, blobMigrations, moveFileBlobs, sqlBlobStore, type BlobStore } from '../../infra/blobs.js';
import { DataKeys, dataKeyMigrations, type MasterKey } from '../../infra/eventstore/data-keys.js';
import { migrate } from '../../infra/sql/migrate.js';
import { openPostgres } from '../../infra/sql/postgres.js';
import type { Sql } from '../../infra/sql/sql.js';
import { dumpDatabase } from '../support/dump.js';
import { testDatabases, type OpenedTestDatabase } from '../support/sql.js';

const masters: MasterKey[] = [{ id: 'm1', key: randomBytes(32) }];
const idOf = (name: string) => createHash('sha256').update(name).digest('hex');
const pdf = () => Buffer.concat([Buffer.from('%PDF-1.7 policy '), randomBytes(4096)]);

/** Whether any row of any table holds these bytes, as a dump shows bytea (hex) or text. */
async function anyRowHolds(sql: Sql, bytes: Buffer): Promise<boolean> {
  const needles = [bytes.subarray(1000, 1064).toString('hex'), bytes.subarray(1000, 1064).toString('base64')];
  for (const rows of (await dumpDatabase(sql)).values())
    if (rows.some((row) => needles.some((needle) => row.toLowerCase().includes(needle.toLowerCase())))) return true;
  return false;
}

describe.each(testDatabases())('the document store on $name', (database) => {
  let opened: OpenedTestDatabase;
  let keys: DataKeys;
  let blobs: BlobStore;
  beforeAll(async () => {
    opened = await database.open();
    await migrate(opened.sql, [...dataKeyMigrations, ...blobMigrations]);
    keys = new DataKeys(opened.sql, masters);
    blobs = sqlBlobStore(opened.sql, keys);
  });
  afterAll(() => opened?.close());

  it('gives a document back, and the table holds it sealed, never its bytes', async () => {
    const bytes = pdf();
    const id = idOf(randomUUID());
    await blobs.put(id, bytes, { stream: `job-${randomUUID()}`, accountId: 'acct_a' });
    await blobs.put(id, bytes, { stream: `job-${randomUUID()}`, accountId: 'acct_a' });
    expect(await blobs.get(id)).toEqual(bytes);
    expect(await anyRowHolds(opened.sql, bytes)).toBe(false);
  });

  it("erases a document with its job's key, before its row goes", async () => {
    const stream = `job-${randomUUID()}`;
    const id = idOf(stream);
    await blobs.put(id, pdf(), { stream, accountId: 'acct_b' });
    await keys.shred([stream]);
    await expect(blobs.get(id)).rejects.toBeInstanceOf(BlobNotFoundError);
    expect(await blobs.deleteStreams([stream])).toBe(1);
    expect([...(await collect(blobs))].includes(id)).toBe(false);
  });

  it("deletes an account's documents, and no other's", async () => {
    const [mine, other] = [`acct_${randomUUID()}`, `acct_${randomUUID()}`];
    const ids = [idOf(randomUUID()), idOf(randomUUID()), idOf(randomUUID())];
    await blobs.put(ids[0]!, pdf(), { stream: `job-${randomUUID()}`, accountId: mine });
    await blobs.put(ids[1]!, pdf(), { stream: `job-${randomUUID()}`, accountId: mine });
    await blobs.put(ids[2]!, pdf(), { stream: `job-${randomUUID()}`, accountId: other });
    expect(await blobs.deleteAccount(mine)).toBe(2);
    for (const id of ids.slice(0, 2)) await expect(blobs.get(id)).rejects.toBeInstanceOf(BlobNotFoundError);
    expect((await blobs.get(ids[2]!)).subarray(0, 8).toString()).toBe('%PDF-1.7');
  });

  it('names nothing outside its ids, and a document moved under another id does not open', async () => {
    await expect(blobs.get('../../../etc/passwd')).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(blobs.get('A'.repeat(64))).rejects.toBeInstanceOf(BlobNotFoundError);
    const stream = `job-${randomUUID()}`;
    const [id, moved] = [idOf(stream), idOf(`${stream}-moved`)];
    await blobs.put(id, pdf(), { stream, accountId: 'acct_c' });
    await opened.sql.query('update documents set blob_id = $2 where blob_id = $1', [id, moved]);
    await expect(blobs.get(moved)).rejects.toThrow();
  });
});

describe('documents kept as files by earlier versions', () => {
  let opened: OpenedTestDatabase;
  beforeAll(async () => {
    opened = await testDatabases()[0]!.open();
    await migrate(opened.sql, [...dataKeyMigrations, ...blobMigrations]);
  });
  afterAll(() => opened?.close());

  it("move in sealed under a pending job's key when one still needs them, and leave no file behind", async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'old-blobs-')), 'blobs');
    const [needed, done] = [pdf(), pdf()];
    const [neededId, doneId] = [needed, done].map((bytes) => createHash('sha256').update(bytes).digest('hex'));
    for (const [id, bytes] of [
      [neededId!, needed],
      [doneId!, done],
    ] as const) {
      mkdirSync(path.join(dir, id.slice(0, 2)), { recursive: true });
      writeFileSync(path.join(dir, id.slice(0, 2), id), bytes);
      writeFileSync(path.join(dir, id.slice(0, 2), `${id}.1234.tmp`), bytes);
    }
    const blobs = sqlBlobStore(opened.sql, new DataKeys(opened.sql, masters));
    const stream = `job-${randomUUID()}`;
    const moved = await moveFileBlobs(dir, blobs, async (id) =>
      id === neededId ? { stream, accountId: 'acct_e' } : null,
    );
    expect(moved).toBe(1);
    expect(await blobs.get(neededId!)).toEqual(needed);
    await expect(blobs.get(doneId!)).rejects.toBeInstanceOf(BlobNotFoundError);
    expect(existsSync(dir)).toBe(false);
    expect(await moveFileBlobs(dir, blobs, async () => null)).toBe(0);
  });
});

async function collect(blobs: BlobStore): Promise<Set<string>> {
  const ids = new Set<string>();
  for await (const blob of blobs.list()) ids.add(blob.id);
  return ids;
}

const postgres = testDatabases().find((database) => database.name === 'postgres');

describe.skipIf(!postgres)('a key shredded by one process', () => {
  let opened: OpenedTestDatabase;
  let other: Sql;
  let unfollow: () => Promise<void>;
  beforeAll(async () => {
    opened = await postgres!.open();
    await migrate(opened.sql, [...dataKeyMigrations, ...blobMigrations]);
    // The other process: its own pool and its own listening session on the same schema.
    other = await openPostgres({ connectionString: opened.url! });
  });
  afterAll(async () => {
    await unfollow?.();
    await other?.close();
    await opened?.close();
  });

  it('stops opening its data in another process within a second, though that one had it cached', async () => {
    const here = new DataKeys(opened.sql, masters);
    const there = new DataKeys(other, masters);
    unfollow = await there.follow(other);
    const stream = `job-${randomUUID()}`;
    const id = idOf(stream);
    await sqlBlobStore(opened.sql, here).put(id, pdf(), { stream, accountId: 'acct_d' });
    const theirs = sqlBlobStore(other, there);
    // Read there first, so the key sits in that process's cache.
    expect((await theirs.get(id)).subarray(0, 8).toString()).toBe('%PDF-1.7');
    expect((await there.keysOf([stream])).get(stream)).toBeInstanceOf(Buffer);

    await here.shred([stream]);
    const shredAt = Date.now();
    let refusedAt = 0;
    while (Date.now() - shredAt < 1000 && refusedAt === 0) {
      const key = (await there.keysOf([stream])).get(stream);
      if (key === null) refusedAt = Date.now();
      else await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(refusedAt, 'the key was still opened there a second after the shred').toBeGreaterThan(0);
    await expect(theirs.get(id)).rejects.toBeInstanceOf(BlobNotFoundError);
  });
});
