import { countCredits } from '../../infra/metrics.js';
import type { EventMetadata, EventStore, StreamEvent } from '../../infra/eventstore/types.js';
import { CommandHandler } from '../../infra/eventstore/command-handler.js';
import type { SnapshotStore } from '../../infra/eventstore/snapshots.js';
import type { Decider } from '../../domain/decider.js';
import { CHAIN_METADATA, CHAIN_VERSION, chainOf, GENESIS, linkOf } from '../../domain/ledger/chain.js';
import {
  creditsStream,
  ledgerDecider,
  type GrantReason,
  type LedgerCommand,
  type LedgerEvent,
  type LedgerState,
} from '../../domain/ledger/ledger.js';

/** Events between two snapshots of a ledger: a cold load folds at most this many (and one snapshot). */
export const SNAPSHOT_EVERY = 500;
/** The shape of ChainedLedger in snapshots: change it with the ledger decider's state. ledger-2: the chain head. */
export const LEDGER_SNAPSHOT_VERSION = 'ledger-2';

/**
 * What the ledger's command handler folds: the balances, and the hash chain's head (domain/ledger/chain.ts) at the
 * stream's last revision, the link the next event chains to. A decided event's link is hashed from its content. A
 * stored event's is taken from its metadata, as the append wrote it, without hashing its content (hashing every
 * event cost a full fold about 5 s a million); only an event that carries no link (written before the chain) is
 * hashed. That each link matches its event is the verifier's check, not the fold's (docs/ledger-verification.md,
 * "What the service checks").
 */
export interface ChainedLedger {
  ledger: LedgerState;
  /** The link of the last event; GENESIS before the first. */
  head: string;
  /** The revision of the last event; -1 before the first. */
  revision: number;
  /** The stream holds a LedgerChainStarted: the migration has nothing more to do on it. */
  started: boolean;
  /** The recorded time of an event just decided (chain version 2), which its link covers and its stamp writes. */
  at?: string | undefined;
}

const HEX64 = /^[0-9a-f]{64}$/;

/**
 * Where a decided event carries the time it is recorded at, from its decision to its evolve and stamp: a property
 * no store writes (they write an event's type, data and metadata), which a stored event never has. (A symbol key
 * here sent each copy of the event down V8's slow path: about 4 µs a charge.)
 */
type Timed = { recorded_at?: string };
const recordedAt = (event: object): string | undefined => (event as Timed).recorded_at;

/**
 * The head after an event: a stored one's is the hash of its link (`latest`, or from its metadata), or its content
 * hashed (version 1) when it carries none; a decided one's is its content and its recorded time hashed (version 2).
 */
function headAfter(head: string, event: StreamEvent<LedgerEvent>, at: string | undefined): string {
  const { stream, revision, type, data } = event;
  if (at !== undefined) return linkOf(head, { stream, revision, type, data, recorded_at: at });
  const hash = event.latest ?? chainOf(event.metadata)?.hash;
  return hash !== undefined && HEX64.test(hash) ? hash : linkOf(head, { stream, revision, type, data });
}

/**
 * What the ledger's command handler is asked: a decision of the ledger's, or the chain's one-time migration, with
 * the time its events are recorded at (the decision's clock: the month a rollover decided is the month they count in).
 */
type ChainedCommand = (LedgerCommand | { type: 'StartChain' }) & { at: Date };

/**
 * The one-time migration of a stream written before the chain: LedgerChainStarted with the head its events fold
 * to, itself chained, so the links in metadata go on from there. An empty stream, or one started, is left alone.
 */
const startChain = (state: ChainedLedger): LedgerEvent[] =>
  state.revision < 0 || state.started
    ? []
    : [{ type: 'LedgerChainStarted', data: { through_revision: state.revision, head: state.head } }];

/** The ledger's decider (domain/ledger/ledger.ts) with the chain's head folded beside its state. */
const chainedLedger: Decider<ChainedLedger, ChainedCommand, LedgerEvent, StreamEvent<LedgerEvent>> = {
  decide: (command, state) => {
    const events = command.type === 'StartChain' ? startChain(state) : ledgerDecider.decide(command, state.ledger);
    const at = command.at.toISOString();
    for (const event of events) (event as Timed).recorded_at = at;
    return events;
  },
  // One shape for every state (`at` undefined after a stored event): a fold of a million events stays monomorphic.
  evolve: (state, event) => {
    const at = recordedAt(event);
    return {
      ledger: ledgerDecider.evolve(state.ledger, event),
      head: headAfter(state.head, event, at),
      revision: event.revision,
      started: state.started || event.type === 'LedgerChainStarted',
      at,
    };
  },
  initialState: () => ({
    ledger: ledgerDecider.initialState(),
    head: GENESIS,
    revision: -1,
    started: false,
    at: undefined,
  }),
};

/** Each appended event's metadata: the link it chains to, its own, and the time that link covers. */
const stampChain = (before: ChainedLedger, after: ChainedLedger) => ({
  [CHAIN_METADATA]: { version: CHAIN_VERSION, prev: before.head, hash: after.head, at: after.at },
});

/** The credit ledger on the event store: each operation is one decision appended atomically. */
export class Ledger {
  private readonly handler: CommandHandler<ChainedLedger, ChainedCommand, LedgerEvent>;

  /**
   * `snapshots`: where the ledger's folded state is kept every SNAPSHOT_EVERY events (docs/architecture.md#events), so that an
   * account's first call after a restart reads at most that many events, however long its history.
   */
  constructor(
    events: EventStore,
    private readonly now: () => Date = () => new Date(),
    snapshots?: SnapshotStore<ChainedLedger>,
    /** Told of each grant this process appends (resumes the account's paused monitors); awaited by nothing. */
    private readonly onGranted: (accountId: string) => void = () => undefined,
  ) {
    this.handler = new CommandHandler(events, creditsStream, chainedLedger, {
      stamp: stampChain,
      latest: [CHAIN_METADATA, 'hash'],
      ...(snapshots ? { snapshots: { store: snapshots, every: SNAPSHOT_EVERY } } : {}),
    });
  }

  /** The ledger as this process last saw it (no I/O), or null. */
  peek(accountId: string): LedgerState | null {
    return this.handler.peek(accountId)?.ledger ?? null;
  }

  async state(accountId: string): Promise<LedgerState & { revision: number }> {
    const { state, revision } = await this.handler.read(accountId);
    return { ...state.ledger, revision };
  }

  /** The hash chain's head: the link of the ledger's last event (GENESIS for an empty one) and its revision. */
  async head(accountId: string): Promise<{ head: string; revision: number }> {
    const { state } = await this.handler.read(accountId);
    return { head: state.head, revision: state.revision };
  }

  /**
   * The one-time migration of a stream written before the chain (whose last event carries no link), as startChain
   * above decides it: running it again changes nothing. Returns whether it appended.
   */
  async startChain(accountId: string, lastIsChained: boolean): Promise<boolean> {
    if (lastIsChained) return false;
    const handled = await this.handler.handle(accountId, { type: 'StartChain', at: this.now() });
    return handled.events.length > 0;
  }

  /** Folds the account's whole ledger when need be and saves its snapshot (the warm-up's): the revision taken. */
  snapshot(accountId: string): Promise<number> {
    return this.handler.snapshot(accountId);
  }

  /** The first month's allowance, granted when the account opens. */
  open(accountId: string, allowance: number, metadata?: EventMetadata) {
    return this.decide(accountId, { type: 'Rollover', data: { now: this.now(), allowance } }, metadata);
  }

  async charge(
    accountId: string,
    command: { allowance: number; amount?: number; operation: string; reference: string },
    metadata?: EventMetadata,
  ) {
    // The commands' data are written member by member, not as `{ ...command, now }`: see command-handler.ts on
    // spreads with members after them.
    const handled = await this.decide(
      accountId,
      {
        type: 'Charge',
        data: {
          allowance: command.allowance,
          amount: command.amount ?? 1,
          operation: command.operation,
          reference: command.reference,
          now: this.now(),
        },
      },
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
    const { allowance, reservationId, amount, operation, reference } = command;
    const data = { allowance, reservationId, amount, operation, reference, now: this.now() };
    return this.decide(accountId, { type: 'Reserve', data }, metadata);
  }

  async settle(accountId: string, command: { reservationId: string; captured: number }, metadata?: EventMetadata) {
    const handled = await this.decide(accountId, { type: 'Settle', data: command }, metadata);
    // Counted when this call settled it: a retried settle appends nothing and counts nothing.
    for (const event of handled.events) if (event.type === 'ReservationSettled') countCredits(event.data.captured);
    return handled;
  }

  /** A plan change's effect on this month's credits (domain: changeAllowance). */
  changeAllowance(accountId: string, command: { from: number; to: number }, metadata?: EventMetadata) {
    return this.decide(
      accountId,
      { type: 'ChangeAllowance', data: { from: command.from, to: command.to, now: this.now() } },
      metadata,
    );
  }

  grant(
    accountId: string,
    command: { allowance: number; amount: number; reason: GrantReason },
    metadata?: EventMetadata,
  ) {
    const { allowance, amount, reason } = command;
    return this.decide(accountId, { type: 'Grant', data: { allowance, amount, reason, now: this.now() } }, metadata);
  }

  /** One command against the account's ledger: decided on the state it folds, appended at its revision. */
  private async decide(accountId: string, command: LedgerCommand, metadata?: EventMetadata) {
    const at = 'now' in command.data ? command.data.now : this.now();
    const handled = await this.handler.handle(accountId, Object.assign({ at }, command), metadata);
    if (handled.events.some((event) => event.type === 'CreditsGranted')) this.onGranted(accountId);
    return { state: handled.state.ledger, events: handled.events, position: handled.position };
  }
}
