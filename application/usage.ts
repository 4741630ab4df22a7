import { randomUUID } from 'node:crypto';
import { periodOf } from '../domain/plans.js';
import { usageStream, type UsageEvent } from '../domain/usage/requests.js';
import type { EventStore, NewEvent, Position } from '../infra/eventstore/types.js';
import type { Logger } from '../infra/logger.js';
import { FLUSH_MS, PeriodicFlush } from '../infra/periodic-flush.js';

type Counted = NewEvent<UsageEvent>;

/**
 * Counts requests per key in memory and appends the counts as `RequestsCounted` events every FLUSH_MS (and on
 * stop), so usage is an event-sourced read model without an event per request. A kill -9 loses at most one
 * interval of counts: usage statistics, not money (a graceful stop loses none). A failed append is retried with the same event ids,
 * so an append that did land before its reply was lost is not counted twice. Counts are per UTC day (the
 * dashboard's calls per day), which also places them in their month.
 *
 * `onFirstSeen` hears of each key the first time this process counts it (at the flush, off the request path):
 * a key's first use ends its unused-key expiry.
 */
export class UsageRecorder {
  private counts = new Map<string, { accountId: string; keyId: string; period: string; day: string; count: number }>();
  private readonly seen = new Set<string>();
  // The current UTC day and when it ends, so that counting a request builds no date string.
  private day = { name: '', endsAt: 0 };
  private unsent: { accountId: string; events: Counted[] }[] = [];
  private readonly flusher: PeriodicFlush<Position | null>;

  constructor(
    private readonly events: EventStore,
    private readonly logger: Logger,
    intervalMs = FLUSH_MS,
    private readonly now: () => Date = () => new Date(),
    private readonly onFirstSeen: (accountId: string, keyId: string) => void = () => undefined,
  ) {
    this.flusher = new PeriodicFlush(intervalMs, () => this.appendCounts());
  }

  private today(now: Date): string {
    if (now.getTime() >= this.day.endsAt) {
      const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
      this.day = { name: new Date(start).toISOString().slice(0, 10), endsAt: start + 86_400_000 };
    }
    return this.day.name;
  }

  start(): void {
    this.flusher.start();
  }

  record(accountId: string, keyId: string): void {
    const now = this.now();
    const day = this.today(now);
    const slot = `${keyId}|${day}`;
    const entry = this.counts.get(slot);
    if (entry) entry.count += 1;
    else this.counts.set(slot, { accountId, keyId, period: periodOf(now), day, count: 1 });
  }

  /** Appends what was counted; resolves to where the last append landed (null when nothing was sent). */
  flush(): Promise<Position | null> {
    return this.flusher.run();
  }

  stop(): Promise<void> {
    return this.flusher.stop();
  }

  private async appendCounts(): Promise<Position | null> {
    let last: Position | null = null;
    const byAccount = new Map<string, Counted[]>();
    for (const entry of this.counts.values()) {
      const list = byAccount.get(entry.accountId) ?? [];
      list.push({
        id: randomUUID(),
        type: 'RequestsCounted',
        data: { key_id: entry.keyId, period: entry.period, day: entry.day, count: entry.count },
        metadata: { actor: 'system' },
      });
      byAccount.set(entry.accountId, list);
    }
    this.counts = new Map();
    for (const [accountId, events] of byAccount) {
      for (const event of events) {
        if (this.seen.has(event.data.key_id)) continue;
        this.seen.add(event.data.key_id);
        this.onFirstSeen(accountId, event.data.key_id);
      }
    }
    const batches = [...this.unsent, ...[...byAccount].map(([accountId, events]) => ({ accountId, events }))];
    this.unsent = [];
    for (const batch of batches) {
      try {
        last = (await this.events.append(usageStream(batch.accountId), batch.events)).position;
      } catch (error) {
        this.logger.warn({ err: error, accountId: batch.accountId }, 'usage flush failed; will retry');
        this.unsent.push(batch);
      }
    }
    return last;
  }
}
