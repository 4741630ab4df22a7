// The blob store that keeps uploaded documents out of workflow history: content-addressed files on disk.
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobNotFoundError, fileBlobStore, type BlobStore } from '../../infra/blobs.js';

let dir: string;
let blobs: BlobStore;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'blobs-'));
  blobs = fileBlobStore(path.join(dir, 'nested', 'blobs'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('file blob store', () => {
  it('stores bytes under their SHA-256 and gives them back', async () => {
    const bytes = Buffer.from('%PDF-1.7 a policy document');
    const id = await blobs.put(bytes);
    expect(id).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(await blobs.get(id)).toEqual(bytes);
  });

  it('stores the same bytes once, however many put them at the same time', async () => {
    const bytes = Buffer.from('the same document, uploaded five times at once');
    const ids = await Promise.all([1, 2, 3, 4, 5].map(() => blobs.put(bytes)));
    expect(new Set(ids).size).toBe(1);
    const shard = path.join(dir, 'nested', 'blobs', ids[0]!.slice(0, 2));
    // No temporary files left behind.
    expect(await readdir(shard)).toEqual([ids[0]]);
  });

  it('deletes, and deleting twice is fine', async () => {
    const id = await blobs.put(Buffer.from('to be deleted'));
    await blobs.delete(id);
    await blobs.delete(id);
    await expect(blobs.get(id)).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it('names nothing outside its directory: an id that is not a hash is not found', async () => {
    await expect(blobs.get('../../../etc/passwd')).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(blobs.get('A'.repeat(64))).rejects.toBeInstanceOf(BlobNotFoundError);
    await blobs.delete('../outside');
  });
});
