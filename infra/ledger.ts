import { countCredits } from './metrics.js';
import type { EventMetadata, EventStore } from './eventstore/types.js';
import { CommandHandler } from './eventstore/command-handler.js';
import {
  changeAllowance,
  charge,
  creditsStream,
  evolveLedger,
  grant,
  initialLedger,
  reserve,
  rollover,
  settle,
  type GrantReason,
  type LedgerEvent,
  type LedgerState,
} from '../domain/ledger/ledger.js';

/** The credit ledger on the event store: each operation is one decision appended atomically. */
export class Ledger {
  private readonly handler: CommandHandler<LedgerState, LedgerEvent>;

  constructor(
    events: EventStore,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.handler = new CommandHandler(events, creditsStream, evolveLedger, initialLedger);
  }

  /** The ledger as this process last saw it (no I/O), or null. */
  peek(accountId: string): LedgerState | null {
    return this.handler.peek(accountId);
  }

  async state(accountId: string): Promise<LedgerState & { revision: number }> {
    const { state, revision } = await this.handler.read(accountId);
    return { ...state, revision };
  }

  /** The first month's allowance, granted when the account opens. */
  open(accountId: string, allowance: number, metadata?: EventMetadata) {
    return this.handler.handle(accountId, (state) => rollover(state, { now: this.now(), allowance }), metadata);
  }

  async charge(accountId: string, command: { allowance: number; amount?: number; operation: string; reference: string }, metadata?: EventMetadata) {
    const handled = await this.handler.handle(
      accountId,
      (state) => charge(state, { ...command, amount: command.amount ?? 1, now: this.now() }),
      metadata,
    );
    countCredits(command.amount ?? 1);
    return handled;
  }

  reserve(
    accountId: string,
    command: { allowance: number; reservationId: string; amount: number; operation: string; reference: string },
    metadata?: EventMetadata,
  ) {
    return this.handler.handle(accountId, (state) => reserve(state, { ...command, now: this.now() }), metadata);
  }

  async settle(accountId: string, command: { reservationId: string; captured: number }, metadata?: EventMetadata) {
    const handled = await this.handler.handle(accountId, (state) => settle(state, command), metadata);
    // Counted when this call settled it: a retried settle appends nothing and counts nothing.
    for (const event of handled.events) if (event.type === 'ReservationSettled') countCredits(event.data.captured);
    return handled;
  }

  /** A plan change's effect on this month's credits (domain: changeAllowance). */
  changeAllowance(accountId: string, command: { from: number; to: number }, metadata?: EventMetadata) {
    return this.handler.handle(accountId, (state) => changeAllowance(state, { ...command, now: this.now() }), metadata);
  }

  grant(accountId: string, command: { allowance: number; amount: number; reason: GrantReason }, metadata?: EventMetadata) {
    return this.handler.handle(accountId, (state) => grant(state, { ...command, now: this.now() }), metadata);
  }
}
