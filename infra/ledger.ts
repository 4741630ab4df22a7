import { countCredits } from './metrics.js';
import type { EventMetadata, EventStore } from './eventstore/types.js';
import { CommandHandler } from './eventstore/command-handler.js';
import type { SnapshotStore } from './eventstore/snapshots.js';
import {
  creditsStream,
  decideLedger,
  evolveLedger,
  initialLedger,
  type GrantReason,
  type LedgerCommand,
  type LedgerEvent,
  type LedgerState,
} from '../domain/ledger/ledger.js';

/** Events between two snapshots of a ledger: a cold load folds at most this many (and one snapshot). */
export const SNAPSHOT_EVERY = 500;
/** The shape of LedgerState in snapshots: change it with evolveLedger's state. */
export const LEDGER_SNAPSHOT_VERSION = 'ledger-1';

/** The credit ledger on the event store: each operation is one decision appended atomically. */
export class Ledger {
  private readonly handler: CommandHandler<LedgerState, LedgerEvent>;

  /**
   * `snapshots`: where the ledger's folded state is kept every SNAPSHOT_EVERY events (docs/architecture.md#events), so that an
   * account's first call after a restart reads at most that many events, however long its history.
   */
  constructor(
    events: EventStore,
    private readonly now: () => Date = () => new Date(),
    snapshots?: SnapshotStore<LedgerState>,
  ) {
    this.handler = new CommandHandler(events, creditsStream, evolveLedger, initialLedger, snapshots ? { snapshots: { store: snapshots, every: SNAPSHOT_EVERY } } : {});
  }

  /** The ledger as this process last saw it (no I/O), or null. */
  peek(accountId: string): LedgerState | null {
    return this.handler.peek(accountId);
  }

  async state(accountId: string): Promise<LedgerState & { revision: number }> {
    const { state, revision } = await this.handler.read(accountId);
    return { ...state, revision };
  }

  /** Folds the account's whole ledger when need be and saves its snapshot (the warm-up's): the revision taken. */
  snapshot(accountId: string): Promise<number> {
    return this.handler.snapshot(accountId);
  }

  /** The first month's allowance, granted when the account opens. */
  open(accountId: string, allowance: number, metadata?: EventMetadata) {
    return this.decide(accountId, { type: 'Rollover', data: { now: this.now(), allowance } }, metadata);
  }

  async charge(accountId: string, command: { allowance: number; amount?: number; operation: string; reference: string }, metadata?: EventMetadata) {
    const handled = await this.decide(accountId, { type: 'Charge', data: { ...command, amount: command.amount ?? 1, now: this.now() } }, metadata);
    countCredits(command.amount ?? 1);
    return handled;
  }

  reserve(
    accountId: string,
    command: { allowance: number; reservationId: string; amount: number; operation: string; reference: string },
    metadata?: EventMetadata,
  ) {
    return this.decide(accountId, { type: 'Reserve', data: { ...command, now: this.now() } }, metadata);
  }

  async settle(accountId: string, command: { reservationId: string; captured: number }, metadata?: EventMetadata) {
    const handled = await this.decide(accountId, { type: 'Settle', data: command }, metadata);
    // Counted when this call settled it: a retried settle appends nothing and counts nothing.
    for (const event of handled.events) if (event.type === 'ReservationSettled') countCredits(event.data.captured);
    return handled;
  }

  /** A plan change's effect on this month's credits (domain: changeAllowance). */
  changeAllowance(accountId: string, command: { from: number; to: number }, metadata?: EventMetadata) {
    return this.decide(accountId, { type: 'ChangeAllowance', data: { ...command, now: this.now() } }, metadata);
  }

  grant(accountId: string, command: { allowance: number; amount: number; reason: GrantReason }, metadata?: EventMetadata) {
    return this.decide(accountId, { type: 'Grant', data: { ...command, now: this.now() } }, metadata);
  }

  /** One command against the account's ledger: decided on the state it folds, appended at its revision. */
  private decide(accountId: string, command: LedgerCommand, metadata?: EventMetadata) {
    return this.handler.handle(accountId, (state) => decideLedger(command, state), metadata);
  }
}
