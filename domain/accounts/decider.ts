import type { Decider } from '../decider.js';
import { unreachable } from '../streams.js';
import type { KeyMode } from '../vocabulary.js';
import type { PlanLimits, PlanName } from '../plans.js';
import {
  activateKey,
  activateRequestedKey,
  changePlan,
  closeAccount,
  deactivateKey,
  issueWebhookSecret,
  open,
  requestKey,
  requestSignIn,
  revokeKey,
  signIn,
  signOut,
  startSession,
  type AccountEvent,
  type AccountState,
  type Contact,
  type NewKey,
} from './account.js';

// The account's decider (stream `account-{id}`): what may be asked of an account, as one union, each command going
// to the decision of ./account.ts that answers it, and the fold of the account's events those decisions read.

export type AccountCommand =
  | { type: 'OpenAccount'; data: { contact: Contact; plan: PlanName; limits: PlanLimits } }
  | { type: 'ChangePlan'; data: { plan: PlanName; limits: PlanLimits } }
  | { type: 'ActivateKey'; data: NewKey }
  | { type: 'RequestKey'; data: { key_id: string; mode: KeyMode; token_hash: string; expires_at: Date } }
  | { type: 'ActivateRequestedKey'; data: Parameters<typeof activateRequestedKey>[1] }
  | { type: 'RequestSignIn'; data: { token_hash: string; expires_at: Date } }
  | { type: 'SignIn'; data: { token_hash: string; session_hash: string; expires_at: Date; now: Date } }
  | { type: 'StartSession'; data: { session_hash: string; expires_at: Date } }
  | { type: 'SignOut'; data: { session_hash: string } }
  | { type: 'DeactivateKey'; data: { key_id: string; reason: string } }
  | { type: 'RevokeKey'; data: { key_id: string } }
  | { type: 'IssueWebhookSecret'; data: { sealed: string; rotate: boolean; now: Date } }
  | { type: 'CloseAccount' };

function decideAccount(command: AccountCommand, state: AccountState): AccountEvent[] {
  switch (command.type) {
    case 'OpenAccount':
      return open(state, command.data);
    case 'ChangePlan':
      return changePlan(state, command.data);
    case 'ActivateKey':
      return activateKey(state, command.data);
    case 'RequestKey':
      return requestKey(state, command.data);
    case 'ActivateRequestedKey':
      return activateRequestedKey(state, command.data);
    case 'RequestSignIn':
      return requestSignIn(state, command.data);
    case 'SignIn':
      return signIn(state, command.data);
    case 'StartSession':
      return startSession(state, command.data);
    case 'SignOut':
      return signOut(state, command.data.session_hash);
    case 'DeactivateKey':
      return deactivateKey(state, command.data);
    case 'RevokeKey':
      return revokeKey(state, command.data.key_id);
    case 'IssueWebhookSecret':
      return issueWebhookSecret(state, command.data);
    case 'CloseAccount':
      return closeAccount(state);
    default:
      return unreachable(command);
  }
}

const initialAccount: AccountState = {
  opened: false,
  closed: false,
  plan: null,
  limits: null,
  emailVerified: false,
  keys: {},
  webhookSecrets: [],
  links: {},
};

function evolveAccount(state: AccountState, e: AccountEvent): AccountState {
  switch (e.type) {
    case 'WebhookSecretIssued':
      return {
        ...state,
        webhookSecrets: [
          { sealed: e.data.sealed, issuedAt: new Date(e.data.issued_at) },
          ...state.webhookSecrets,
        ].slice(0, 2),
      };
    case 'AccountOpened':
    case 'PlanChanged':
      return { ...state, opened: true, plan: e.data.plan, limits: e.data.limits };
    case 'KeyActivated': {
      const keys = { ...state.keys, [e.data.key_id]: 'active' as const };
      return e.data.token_hash ? { ...state, keys, links: used(state.links, e.data.token_hash) } : { ...state, keys };
    }
    case 'KeyRevoked':
      return { ...state, keys: { ...state.keys, [e.data.key_id]: 'revoked' } };
    case 'KeyDeactivated':
      return { ...state, keys: { ...state.keys, [e.data.key_id]: 'deactivated' } };
    case 'KeyRequested':
      return {
        ...state,
        links: {
          ...state.links,
          [e.data.token_hash]: {
            purpose: 'key',
            keyId: e.data.key_id,
            mode: e.data.mode,
            expiresAt: new Date(e.data.expires_at),
            used: false,
          },
        },
      };
    case 'EmailVerified':
      return { ...state, emailVerified: true };
    case 'SignInRequested':
      return {
        ...state,
        links: {
          ...state.links,
          [e.data.token_hash]: { purpose: 'sign_in', expiresAt: new Date(e.data.expires_at), used: false },
        },
      };
    case 'SignedIn':
      return e.data.token_hash ? { ...state, links: used(state.links, e.data.token_hash) } : state;
    case 'AccountClosed':
      return { ...state, closed: true, links: {} };
    // A session's end changes nothing a decision reads (the read model ends the session).
    case 'SignedOut':
      return state;
    default:
      return unreachable(e);
  }
}

const used = (links: AccountState['links'], tokenHash: string): AccountState['links'] => {
  const link = links[tokenHash];
  return link ? { ...links, [tokenHash]: { ...link, used: true } } : links;
};

export const accountDecider: Decider<AccountState, AccountCommand, AccountEvent> = {
  decide: decideAccount,
  evolve: evolveAccount,
  initialState: () => initialAccount,
};
