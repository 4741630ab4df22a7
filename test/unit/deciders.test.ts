// The deciders as Emmett writes them (issue 33, item 2): given the events on a stream, when a command is
// decided, then these events, or this refusal. Ledger and account here; job and batch in job-deciders.test.ts.
import { describe, expect, it } from 'vitest';
import { accountDecider, type AccountCommand } from '../../domain/accounts/decider.js';
import { LinkRefused, type AccountEvent } from '../../domain/accounts/account.js';
import { isDomainError } from '../../domain/errors.js';
import { ledgerDecider, type LedgerEvent } from '../../domain/ledger/ledger.js';
import { PLANS } from '../../domain/plans.js';
import { unreachable } from '../../domain/streams.js';
import { decider } from '../support/decider.js';

const nov = new Date('2026-11-15T12:00:00Z');
const ledger = decider(ledgerDecider);
const account = decider(accountDecider);
const refusedFor = (code: string) => (error: unknown) => isDomainError(error) && error.code === code;

describe('the ledger decider', () => {
  const granted: LedgerEvent = {
    type: 'CreditsGranted',
    data: { amount: 2, reason: 'monthly_allowance', period: '2026-11' },
  };

  it('charges from what the month granted, and refuses past it', () => {
    ledger
      .given([granted])
      .when({ type: 'Charge', data: { now: nov, allowance: 2, amount: 1, operation: 'verify', reference: 'r1' } })
      .then([{ type: 'CreditsCharged', data: { amount: 1, operation: 'verify', reference: 'r1' } }]);
    ledger
      .given([granted, { type: 'CreditsCharged', data: { amount: 2, operation: 'verify', reference: 'r' } }])
      .when({ type: 'Charge', data: { now: nov, allowance: 2, amount: 1, operation: 'verify', reference: 'r2' } })
      .thenThrows(refusedFor('insufficient_credits'));
  });

  it('settles a reservation once', () => {
    const reserved: LedgerEvent = {
      type: 'CreditsReserved',
      data: { reservation_id: 'b', amount: 2, operation: 'batch', reference: 'b' },
    };
    ledger
      .given([granted, reserved])
      .when({ type: 'Settle', data: { reservationId: 'b', captured: 1 } })
      .then([{ type: 'ReservationSettled', data: { reservation_id: 'b', captured: 1, released: 1 } }]);
    ledger
      .given([
        granted,
        reserved,
        { type: 'ReservationSettled', data: { reservation_id: 'b', captured: 1, released: 1 } },
      ])
      .when({ type: 'Settle', data: { reservationId: 'b', captured: 1 } })
      .thenNothing();
  });
});

describe('the account decider', () => {
  const opened: AccountEvent = {
    type: 'AccountOpened',
    data: { contact: { name: 'n' }, plan: 'free', limits: PLANS.free },
  };
  const asked: AccountEvent = {
    type: 'SignInRequested',
    data: { token_hash: 't', expires_at: '2026-11-15T12:15:00Z' },
  };

  it('refuses to open twice, and closes once, revoking the active keys', () => {
    account
      .given([opened])
      .when({ type: 'OpenAccount', data: { contact: {}, plan: 'free', limits: PLANS.free } })
      .thenThrows(refusedFor('invalid_request'));
    const key: AccountEvent = {
      type: 'KeyActivated',
      data: { key_id: 'k1', key_hash: 'h', prefix: 'pk_live_', last4: 'abcd', mode: 'live', scopes: ['verify'] },
    };
    account
      .given([opened, key])
      .when({ type: 'CloseAccount' })
      .then([
        { type: 'KeyRevoked', data: { key_id: 'k1' } },
        { type: 'AccountClosed', data: {} },
      ]);
    account
      .given([opened, key, { type: 'KeyRevoked', data: { key_id: 'k1' } }, { type: 'AccountClosed', data: {} }])
      .when({ type: 'CloseAccount' })
      .thenNothing();
  });

  it('signs in by a link once, and refuses it used or late', () => {
    const signIn = (now: string): AccountCommand => ({
      type: 'SignIn',
      data: { token_hash: 't', session_hash: 's', expires_at: new Date('2026-11-16T00:00:00Z'), now: new Date(now) },
    });
    account
      .given([opened, asked])
      .when(signIn('2026-11-15T12:05:00Z'))
      .then([
        { type: 'SignedIn', data: { token_hash: 't', session_hash: 's', expires_at: '2026-11-16T00:00:00.000Z' } },
      ]);
    account
      .given([opened, asked])
      .when(signIn('2026-11-15T12:20:00Z'))
      .thenThrows((e) => e instanceof LinkRefused && e.reason === 'expired');
    const used: AccountEvent = {
      type: 'SignedIn',
      data: { token_hash: 't', session_hash: 's', expires_at: '2026-11-16T00:00:00.000Z' },
    };
    account
      .given([opened, asked, used])
      .when(signIn('2026-11-15T12:06:00Z'))
      .thenThrows((e) => e instanceof LinkRefused && e.reason === 'used');
  });
});

describe('an unknown event or command', () => {
  it('reaches no default branch quietly: evolve and decide throw on what their unions do not hold', () => {
    const { initialState } = ledgerDecider;
    expect(() => ledgerDecider.evolve(initialState(), { type: 'CreditsMinted', data: {} } as never)).toThrow(
      /CreditsMinted/,
    );
    expect(() =>
      accountDecider.evolve(accountDecider.initialState(), { type: 'AccountMerged', data: {} } as never),
    ).toThrow(/AccountMerged/);
    expect(() => ledgerDecider.decide({ type: 'Mint', data: {} } as never, initialState())).toThrow(/Mint/);
    expect(() => accountDecider.decide({ type: 'Merge' } as never, accountDecider.initialState())).toThrow(/Merge/);
    expect(() => unreachable('x' as never)).toThrow();
  });
});
