import { unreachable } from '../streams.js';
import type { KeyMode } from '../vocabulary.js';
import type { PlanLimits, PlanName } from '../plans.js';
import type { Scope } from './keys.js';
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
} from './account.js';

// What may be asked of an account (stream `account-{id}`), as one union, and its decider (Emmett's decide):
// each command goes to the decision of ./account.ts that answers it.

type NewKey = {
  key_id: string;
  key_hash: string;
  prefix: string;
  last4: string;
  mode: KeyMode;
  scopes: Scope[];
  name?: string;
};

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

export function decideAccount(command: AccountCommand, state: AccountState): AccountEvent[] {
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
