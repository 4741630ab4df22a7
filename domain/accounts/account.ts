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
  | { type: 'KeyRevoked'; data: { key_id: string } }
  /** `sealed`: the whsec_ secret encrypted at rest; the clear text never enters the event store. */
  | { type: 'WebhookSecretIssued'; data: { sealed: string; issued_at: string } };

export const ACCOUNT_EVENT_TYPES = ['AccountOpened', 'PlanChanged', 'KeyActivated', 'KeyRevoked', 'WebhookSecretIssued'] as const satisfies readonly AccountEvent['type'][];

export interface AccountState {
  opened: boolean;
  plan: PlanName | null;
  limits: PlanLimits | null;
  keys: Readonly<Record<string, 'active' | 'revoked'>>;
  /** Newest first: the current webhook secret, then the one it replaced. */
  webhookSecrets: readonly { sealed: string; issuedAt: Date }[];
}

export const initialAccount: AccountState = { opened: false, plan: null, limits: null, keys: {}, webhookSecrets: [] };

/** After a rotation the previous secret stays valid this long, so receivers can switch over. */
export const WEBHOOK_SECRET_OVERLAP_MS = 24 * 3600 * 1000;

/** The sealed secrets a callback is signed with at `now`: the current one, and the previous during the overlap. */
export function signingSecrets(state: AccountState, now: Date): string[] {
  const [current, previous] = state.webhookSecrets;
  if (!current) return [];
  const overlap = previous && now.getTime() - current.issuedAt.getTime() < WEBHOOK_SECRET_OVERLAP_MS;
  return overlap ? [current.sealed, previous.sealed] : [current.sealed];
}

export function evolveAccount(state: AccountState, event: { type: string; data: unknown }): AccountState {
  const e = event as AccountEvent;
  switch (e.type) {
    case 'WebhookSecretIssued':
      return {
        ...state,
        webhookSecrets: [{ sealed: e.data.sealed, issuedAt: new Date(e.data.issued_at) }, ...state.webhookSecrets].slice(0, 2),
      };
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

/** The first secret, or a new one when rotating; an account has one before it needs one only on request. */
export function issueWebhookSecret(state: AccountState, command: { sealed: string; rotate: boolean; now: Date }): AccountEvent[] {
  mustExist(state);
  if (state.webhookSecrets.length > 0 && !command.rotate) return [];
  return [{ type: 'WebhookSecretIssued', data: { sealed: command.sealed, issued_at: command.now.toISOString() } }];
}
