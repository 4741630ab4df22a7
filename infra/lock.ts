import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class DirectoryLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `${dir} is in use by process ${pid}. PGlite is one process's database: stop that process, ` +
        'or set DATABASE_URL to share a PostgreSQL server between processes.',
    );
    this.name = 'DirectoryLockedError';
  }
}

const held = new Set<string>();

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Takes the data directory for this process. PGlite takes no lock of its own, and two processes opening one
 * directory corrupt it; a lock file naming a dead process is stale and taken over.
 */
export function lockDirectory(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'owner.pid');
  if (held.has(file)) return () => undefined; // this process holds it already; the first taker releases
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      held.add(file);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        held.delete(file);
        process.off('exit', release);
        try {
          if (Number(readFileSync(file, 'utf8')) === process.pid) unlinkSync(file);
        } catch {
          // already gone
        }
      };
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && alive(owner)) {
        throw new DirectoryLockedError(dir, owner);
      }
      unlinkSync(file);
    }
  }
  throw new Error(`could not take the lock on ${dir}`);
}
