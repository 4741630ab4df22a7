// Uploaded documents, kept as files under BLOB_DIR and named by the SHA-256 of their bytes. The API puts a
// PDF here and hands the workflow only the id, so document bytes never enter workflow history. Jobs sent the same
// PDF share its blob; retention (infra/retention) deletes it once no job within retention refers to it.
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface BlobStore {
  /**
   * Stores bytes and returns their id: `id` when given (a lower-case hex SHA-256 the caller derived, e.g. one per
   * job), else the SHA-256 of the bytes. Storing the same bytes under the same id twice is harmless.
   */
  put(bytes: Uint8Array, id?: string): Promise<string>;
  /** The bytes of a blob; BlobNotFoundError when there is none. */
  get(id: string): Promise<Buffer>;
  /** Removes a blob; removing one that is not there is not an error. */
  delete(id: string): Promise<void>;
  /** Every blob with when it was last stored (a put of bytes already there counts), in no particular order. */
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

/** Blobs as files, fanned out by the id's first two characters so no directory grows too large. */
export function fileBlobStore(dir: string): BlobStore {
  const root = path.resolve(dir);
  const fileOf = (id: string): string => {
    // The id becomes a path: only a well-formed hash may, so nothing outside the directory can be named.
    if (!isBlobId(id)) throw new BlobNotFoundError(id);
    return path.join(root, id.slice(0, 2), id);
  };
  return {
    async put(bytes, given) {
      if (given !== undefined && !isBlobId(given)) throw new Error('a blob id is a lower-case hex SHA-256');
      const id = given ?? createHash('sha256').update(bytes).digest('hex');
      const file = fileOf(id);
      const exists = await stat(file).then(
        (s) => s.size === bytes.byteLength,
        () => false,
      );
      if (exists) {
        // Stored again: its time says so, so retention's grace period protects a blob a new job just took up.
        const now = new Date();
        await utimes(file, now, now).catch(() => undefined);
        return id;
      }
      await mkdir(path.dirname(file), { recursive: true });
      // Written whole under a temporary name, then renamed: a reader never sees half a file.
      const temporary = `${file}.${randomUUID()}.tmp`;
      try {
        await writeFile(temporary, bytes, { flag: 'wx' });
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      return id;
    },
    async get(id) {
      try {
        return await readFile(fileOf(id));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new BlobNotFoundError(id);
        throw error;
      }
    },
    async delete(id) {
      if (!isBlobId(id)) return;
      await rm(fileOf(id), { force: true });
    },
    async *list() {
      const shards = await readdir(root).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [] as string[];
        throw error;
      });
      for (const shard of shards) {
        if (!/^[0-9a-f]{2}$/.test(shard)) continue;
        const names = await readdir(path.join(root, shard)).catch(() => [] as string[]);
        for (const name of names) {
          // Temporary files of a put in progress are not blobs yet.
          if (!isBlobId(name)) continue;
          const info = await stat(path.join(root, shard, name)).catch(() => null);
          if (info) yield { id: name, storedAt: info.mtime };
        }
      }
    },
  };
}
