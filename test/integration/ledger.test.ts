import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../domain/errors.js';
import { availableOf, creditsStream } from '../../domain/ledger/ledger.js';
import { eventStoreMigrations } from '../../infra/eventstore/postgres-migrations.js';
import { postgresEventStore } from '../../infra/eventstore/postgres.js';
import { WrongExpectedRevisionError, type EventStore } from '../../infra/eventstore/types.js';
import { Ledger } from '../../application/ledger/ledger.js';
import { migrate } from '../../infra/sql/migrate.js';
import { testDatabases } from '../support/sql.js';

describe.each(testDatabases())('credit ledger on the event store ($name)', (database) => {
  let events: EventStore;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const opened = await database.open();
    close = opened.close;
    await migrate(opened.sql, eventStoreMigrations);
    events = postgresEventStore(opened.sql);
  });
  afterAll(async () => close());

  const settleAll = async (attempts: Promise<unknown>[]) => {
    const outcomes = await Promise.allSettled(attempts);
    for (const o of outcomes) {
      if (o.status === 'rejected') {
        expect(o.reason).toBeInstanceOf(DomainError);
        expect((o.reason as DomainError).code).toBe('insufficient_credits');
      }
    }
    return outcomes.filter((o) => o.status === 'fulfilled').length;
  };

  it('charges exactly the available credits under 50 concurrent charges, never below zero', async () => {
    const account = randomUUID();
    const ledger = new Ledger(events);
    await ledger.open(account, 10);
    const charged = await settleAll(
      Array.from({ length: 50 }, (_, i) =>
        ledger.charge(account, { allowance: 10, operation: 'verify', reference: `r${i}` }),
      ),
    );
    expect(charged).toBe(10);
    const state = await new Ledger(events).state(account);
    expect(state.balance).toBe(0);
    const types = (await events.readStream(creditsStream(account))).map((e) => e.type);
    expect(types.filter((t) => t === 'CreditsCharged')).toHaveLength(10);
  });

  it('holds across two processes with their own caches racing on one account', async () => {
    const account = randomUUID();
    const a = new Ledger(events);
    const b = new Ledger(events);
    await a.open(account, 10);
    await b.state(account); // warm b's cache, so that it starts from a state that will go stale
    const charged = await settleAll(
      Array.from({ length: 60 }, (_, i) =>
        (i % 2 ? a : b).charge(account, { allowance: 10, operation: 'verify', reference: `r${i}` }),
      ),
    );
    expect(charged).toBe(10);
    expect(availableOf(await new Ledger(events).state(account))).toBe(0);
  });

  it('reads forward first on an account another process wrote to at its last turn, instead of being refused', async () => {
    const account = randomUUID();
    let refused = 0;
    let reads = 0;
    const counting: EventStore = {
      ...events,
      readStreamData: (stream, options) => {
        reads += 1;
        return events.readStreamData(stream, options);
      },
      append: async (stream, appended, options) => {
        try {
          return await events.append(stream, appended, options);
        } catch (error) {
          if (error instanceof WrongExpectedRevisionError) refused += 1;
          throw error;
        }
      },
    };
    // The API reserving and a worker settling on one account take turns as these two do.
    const api = new Ledger(counting);
    const worker = new Ledger(counting);
    await api.open(account, 100);
    await worker.state(account);
    for (let i = 0; i < 10; i += 1) {
      await api.charge(account, { allowance: 100, operation: 'verify', reference: `a${i}` });
      await worker.charge(account, { allowance: 100, operation: 'verify', reference: `w${i}` });
    }
    // Each is refused at its first turn after the other's (19 turns of the 20 were refused when each decided on
    // its cached state first); from then on it reads what the other wrote before deciding.
    expect(refused).toBeLessThanOrEqual(2);
    expect(availableOf(await new Ledger(events).state(account))).toBe(80);
    // Once the other stops writing, a turn finds nothing new, and the next decides on its cached state again
    // without a read.
    await api.charge(account, { allowance: 100, operation: 'verify', reference: 'a10' });
    await api.charge(account, { allowance: 100, operation: 'verify', reference: 'a11' });
    const [readsBefore, refusedBefore] = [reads, refused];
    await api.charge(account, { allowance: 100, operation: 'verify', reference: 'a12' });
    expect([reads, refused]).toEqual([readsBefore, refusedBefore]);
  });

  it('reserves for a job, refuses what is not available, settles once', async () => {
    const account = randomUUID();
    const ledger = new Ledger(events);
    await ledger.open(account, 10);
    await expect(
      ledger.reserve(account, {
        allowance: 10,
        reservationId: 'big',
        amount: 11,
        operation: 'batch',
        reference: 'big',
      }),
    ).rejects.toThrow('Only 10 credits are available.');
    await ledger.reserve(account, {
      allowance: 10,
      reservationId: 'job',
      amount: 6,
      operation: 'batch',
      reference: 'job',
    });
    const charged = await settleAll(
      Array.from({ length: 8 }, (_, i) =>
        ledger.charge(account, { allowance: 10, operation: 'verify', reference: `c${i}` }),
      ),
    );
    expect(charged).toBe(4);
    await Promise.all([
      ledger.settle(account, { reservationId: 'job', captured: 5 }),
      ledger.settle(account, { reservationId: 'job', captured: 5 }),
    ]);
    const state = await new Ledger(events).state(account);
    expect(state).toMatchObject({ balance: 1, reservations: {} });
  });
});
