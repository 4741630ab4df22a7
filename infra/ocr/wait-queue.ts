// Callers waiting their turn for something the pool hands out one at a time (an OCR worker's slot), first come
// first served. A waiter whose signal aborts leaves the queue at once; close() rejects everyone still waiting.

interface Waiter<T> {
  resolve(item: T): void;
  reject(error: Error): void;
}

export class WaitQueue<T> {
  private readonly waiting: Waiter<T>[] = [];

  get length(): number {
    return this.waiting.length;
  }

  /** Resolves with the item handed to this caller; rejects with `cancelled()` if the signal aborts first. */
  wait(signal: AbortSignal | undefined, cancelled: () => Error): Promise<T> {
    if (signal?.aborted) return Promise.reject(cancelled());
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        const at = this.waiting.indexOf(waiter);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(cancelled());
      };
      const waiter: Waiter<T> = {
        resolve: (item) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(item);
        },
        reject: (error) => {
          signal?.removeEventListener('abort', onAbort);
          reject(error);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(waiter);
    });
  }

  /** Gives the item to the longest waiter; false when nobody waits. */
  handOff(item: T): boolean {
    const next = this.waiting.shift();
    next?.resolve(item);
    return next !== undefined;
  }

  rejectAll(error: Error): void {
    for (const waiter of this.waiting.splice(0)) waiter.reject(error);
  }
}
