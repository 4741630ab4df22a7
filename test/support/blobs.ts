// Documents held in memory, for the extraction activities' tests and benches, which measure reading a PDF and not
// storing it (the service's store, infra/blobs.ts, has its own test on PostgreSQL). `add` stores bytes under their
// SHA-256 and answers the id, as a job's document would be handed on.
import { createHash } from 'node:crypto';
import { BlobNotFoundError, type BlobStore } from '../../infra/blobs.js';

export type TestBlobs = BlobStore & { add(bytes: Uint8Array): Promise<string> };

export function memoryBlobs(): TestBlobs {
  const blobs = new Map<string, { bytes: Buffer; stream: string; accountId: string }>();
  const drop = (keep: (entry: { stream: string; accountId: string }) => boolean) => {
    let dropped = 0;
    for (const [id, entry] of blobs) if (!keep(entry) && blobs.delete(id)) dropped += 1;
    return dropped;
  };
  const store: TestBlobs = {
    async put(id, bytes, owner) {
      if (!blobs.has(id)) blobs.set(id, { bytes: Buffer.from(bytes), ...owner });
    },
    async add(bytes) {
      const id = createHash('sha256').update(bytes).digest('hex');
      await store.put(id, bytes, { stream: `job-${id}`, accountId: 'test' });
      return id;
    },
    async get(id) {
      const entry = blobs.get(id);
      if (!entry) throw new BlobNotFoundError(id);
      return entry.bytes;
    },
    async delete(id) {
      blobs.delete(id);
    },
    deleteStreams: async (streams) => drop((entry) => !streams.includes(entry.stream)),
    deleteAccount: async (accountId) => drop((entry) => entry.accountId !== accountId),
    async *list() {
      for (const id of blobs.keys()) yield { id, storedAt: new Date() };
    },
  };
  return store;
}
