// The portal's decisions on an account stream (domain/accounts/account.ts): links work once and until they
// expire, sign-in needs a verified address, closing revokes every key.
import { describe, expect, it } from 'vitest';
import {
  LinkRefused,
  activateKey,
  activateRequestedKey,
  closeAccount,
  deactivateKey,
  open,
  requestKey,
  requestSignIn,
  revokeKey,
  signIn,
  startSession,
  type AccountEvent,
  type AccountState,
} from '../../domain/accounts/account.js';
import { accountDecider } from '../../domain/accounts/decider.js';
import { fold as foldAll } from '../../domain/decider.js';
import { PLANS } from '../../domain/plans.js';

const initialAccount = accountDecider.initialState();
const fold = (state: AccountState, events: AccountEvent[]) => foldAll(accountDecider, events, state);
const t0 = new Date('2026-11-24T10:00:00Z');
const later = (ms: number) => new Date(t0.getTime() + ms);
const key = () => ({ key_hash: 'h', prefix: 'pk_live_', last4: 'abcd', scopes: ['verify' as const] });

function opened(): AccountState {
  return fold(
    initialAccount,
    open(initialAccount, { contact: { email: 'a@example.com' }, plan: 'free', limits: PLANS.free }),
  );
}

function withKeyLink(state = opened()): AccountState {
  return fold(
    state,
    requestKey(state, { key_id: 'key_1', mode: 'live', token_hash: 'tok', expires_at: later(24 * 3600_000) }),
  );
}

const refusal = (decide: () => unknown): string => {
  try {
    decide();
  } catch (error) {
    if (error instanceof LinkRefused) return error.reason;
    throw error;
  }
  return 'accepted';
};

describe('key links', () => {
  it('activate the requested key in the mode asked for, verify the address once, and mark the link used', () => {
    const state = withKeyLink();
    const events = activateRequestedKey(state, { token_hash: 'tok', now: later(1000), key: key });
    expect(events.map((e) => e.type)).toEqual(['KeyActivated', 'EmailVerified']);
    expect(events[0]!.data).toMatchObject({ key_id: 'key_1', mode: 'live', token_hash: 'tok' });
    const after = fold(state, events);
    expect(after.keys).toEqual({ key_1: 'active' });
    expect(after.emailVerified).toBe(true);
    expect(refusal(() => activateRequestedKey(after, { token_hash: 'tok', now: later(2000), key: key }))).toBe('used');
    // A second link to a verified address verifies nothing again.
    const second = fold(
      after,
      requestKey(after, { key_id: 'key_2', mode: 'test', token_hash: 'tok2', expires_at: later(3600_000) }),
    );
    expect(activateRequestedKey(second, { token_hash: 'tok2', now: later(3000), key: key }).map((e) => e.type)).toEqual(
      ['KeyActivated'],
    );
  });

  it('refuse an expired link, an unknown one, and a sign-in token used as a key link', () => {
    const state = withKeyLink();
    expect(refusal(() => activateRequestedKey(state, { token_hash: 'tok', now: later(24 * 3600_000), key: key }))).toBe(
      'expired',
    );
    expect(refusal(() => activateRequestedKey(state, { token_hash: 'nope', now: later(1), key: key }))).toBe('unknown');
    const verified = fold(state, activateRequestedKey(state, { token_hash: 'tok', now: later(1), key: key }));
    const withSignIn = fold(verified, requestSignIn(verified, { token_hash: 'sign', expires_at: later(15 * 60_000) }));
    expect(refusal(() => activateRequestedKey(withSignIn, { token_hash: 'sign', now: later(2), key: key }))).toBe(
      'unknown',
    );
  });
});

describe('sign-in links', () => {
  it('go only to a verified address, and work once within their time', () => {
    expect(requestSignIn(withKeyLink(), { token_hash: 's', expires_at: later(900_000) })).toEqual([]);
    const state = withKeyLink();
    const verified = fold(state, activateRequestedKey(state, { token_hash: 'tok', now: later(1), key: key }));
    const asked = fold(verified, requestSignIn(verified, { token_hash: 's', expires_at: later(900_000) }));
    expect(
      refusal(() => signIn(asked, { token_hash: 's', session_hash: 'x', expires_at: later(1), now: later(900_000) })),
    ).toBe('expired');
    const session = signIn(asked, {
      token_hash: 's',
      session_hash: 'x',
      expires_at: later(3600_000),
      now: later(60_000),
    });
    expect(session).toEqual([
      { type: 'SignedIn', data: { token_hash: 's', session_hash: 'x', expires_at: later(3600_000).toISOString() } },
    ]);
    expect(
      refusal(() =>
        signIn(fold(asked, session), { token_hash: 's', session_hash: 'y', expires_at: later(1), now: later(61_000) }),
      ),
    ).toBe('used');
  });
});

describe('a session without a link', () => {
  it('is begun for an open account (the name path), changes no link, and not for a closed one', () => {
    const state = withKeyLink();
    const started = startSession(state, { session_hash: 'x', expires_at: later(3600_000) });
    expect(started).toEqual([
      { type: 'SignedIn', data: { session_hash: 'x', expires_at: later(3600_000).toISOString() } },
    ]);
    expect(fold(state, started).links).toEqual(state.links);
    expect(() => startSession(fold(state, closeAccount(state)), { session_hash: 'y', expires_at: later(1) })).toThrow();
  });
});

describe('closing and deactivating', () => {
  it('closing revokes every active key, then refuses links, sign-in and new keys', () => {
    let state = opened();
    state = fold(state, activateKey(state, { key_id: 'k1', mode: 'live', ...key() }));
    state = fold(state, activateKey(state, { key_id: 'k2', mode: 'test', ...key() }));
    state = fold(state, revokeKey(state, 'k2'));
    state = withKeyLink(state);
    const events = closeAccount(state);
    expect(events).toEqual([
      { type: 'KeyRevoked', data: { key_id: 'k1' } },
      { type: 'AccountClosed', data: {} },
    ]);
    const closed = fold(state, events);
    expect(closeAccount(closed)).toEqual([]);
    expect(refusal(() => activateRequestedKey(closed, { token_hash: 'tok', now: later(1), key: key }))).toBe('unknown');
    expect(requestSignIn(closed, { token_hash: 's', expires_at: later(1) })).toEqual([]);
    expect(() => activateKey(closed, { key_id: 'k3', mode: 'test', ...key() })).toThrow();
  });

  it('deactivates only an active key, and a deactivated key is not revoked again', () => {
    let state = opened();
    state = fold(state, activateKey(state, { key_id: 'k1', mode: 'test', ...key() }));
    const events = deactivateKey(state, { key_id: 'k1', reason: 'unused' });
    expect(events).toEqual([{ type: 'KeyDeactivated', data: { key_id: 'k1', reason: 'unused' } }]);
    state = fold(state, events);
    expect(state.keys.k1).toBe('deactivated');
    expect(deactivateKey(state, { key_id: 'k1', reason: 'unused' })).toEqual([]);
    expect(revokeKey(state, 'k1')).toEqual([]);
  });
});
