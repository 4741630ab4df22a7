import { DomainError } from '../errors.js';
import type { PlanLimits, PlanName } from '../plans.js';
import type { KeyMode, Scope } from './keys.js';

// An account and its keys (stream `account-{id}`), as decide/evolve functions.

export interface Contact {
  email?: string;
  name?: string;
}

export type AccountEvent =
  | { type: 'AccountOpened'; data: { contact: Contact; plan: PlanName; limits: PlanLimits } }
  | { type: 'PlanChanged'; data: { plan: PlanName; limits: PlanLimits } }
  | {
      type: 'KeyActivated';
      data: { key_id: string; key_hash: string; prefix: string; last4: string; mode: KeyMode; scopes: Scope[] };
    }
  | { type: 'KeyRevoked'; data: { key_id: string } };

export const ACCOUNT_EVENT_TYPES = ['AccountOpened', 'PlanChanged', 'KeyActivated', 'KeyRevoked'] as const satisfies readonly AccountEvent['type'][];

export interface AccountState {
  opened: boolean;
  plan: PlanName | null;
  limits: PlanLimits | null;
  keys: Readonly<Record<string, 'active' | 'revoked'>>;
}

export const initialAccount: AccountState = { opened: false, plan: null, limits: null, keys: {} };

export function evolveAccount(state: AccountState, event: { type: string; data: unknown }): AccountState {
  const e = event as AccountEvent;
  switch (e.type) {
    case 'AccountOpened':
    case 'PlanChanged':
      return { ...state, opened: true, plan: e.data.plan, limits: e.data.limits };
    case 'KeyActivated':
      return { ...state, keys: { ...state.keys, [e.data.key_id]: 'active' } };
    case 'KeyRevoked':
      return { ...state, keys: { ...state.keys, [e.data.key_id]: 'revoked' } };
    default:
      return state;
  }
}

const mustExist = (state: AccountState) => {
  if (!state.opened) throw new DomainError('not_found', 'No such account.');
};

export function open(state: AccountState, command: { contact: Contact; plan: PlanName; limits: PlanLimits }): AccountEvent[] {
  if (state.opened) throw new DomainError('invalid_request', 'The account exists already.');
  return [{ type: 'AccountOpened', data: command }];
}

export function changePlan(state: AccountState, command: { plan: PlanName; limits: PlanLimits }): AccountEvent[] {
  mustExist(state);
  return [{ type: 'PlanChanged', data: command }];
}

export function activateKey(
  state: AccountState,
  key: { key_id: string; key_hash: string; prefix: string; last4: string; mode: KeyMode; scopes: Scope[] },
): AccountEvent[] {
  mustExist(state);
  return [{ type: 'KeyActivated', data: key }];
}

/** Revoking a revoked key is a no-op; an unknown key is not found. */
export function revokeKey(state: AccountState, keyId: string): AccountEvent[] {
  mustExist(state);
  const status = state.keys[keyId];
  if (status === undefined) throw new DomainError('not_found', 'No such key.');
  return status === 'revoked' ? [] : [{ type: 'KeyRevoked', data: { key_id: keyId } }];
}
