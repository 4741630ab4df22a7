import { DomainError } from '../errors.js';
import type { PlanLimits, PlanName } from '../plans.js';
import { streamType, type Event } from '../streams.js';
import { KEY_EVENT_TYPES, type KeyEvent, type KeyMode, type Scope } from './keys.js';

// An account and its keys (stream `account-{id}`, with the key events of ./keys.ts): its events, its state and
// the decisions on it, with the portal's links and sessions: a link (sent by e-mail) is known by its token's hash
// only, works once and until it expires. ./decider.ts folds the state and routes each command to its decision.

export interface Contact {
  email?: string;
  name?: string;
  /** The address's keyed hash (addressHash): the read model finds an account by it, never by the address. */
  email_hash?: string;
}

export type AccountEvent =
  | Event<'AccountOpened', { contact: Contact; plan: PlanName; limits: PlanLimits }>
  | Event<'PlanChanged', { plan: PlanName; limits: PlanLimits }>
  | KeyEvent
  /** `sealed`: the whsec_ secret encrypted at rest; the clear text never enters the event store. */
  | Event<'WebhookSecretIssued', { sealed: string; issued_at: string }>
  /** The contact address received a link and opened it. */
  | Event<'EmailVerified', { token_hash: string }>
  | Event<'SignInRequested', { token_hash: string; expires_at: string }>
  /** A dashboard session, known by its cookie's hash; begun by a sign-in link, or (no token) by a name-only account's opening. */
  | Event<'SignedIn', { token_hash?: string; session_hash: string; expires_at: string }>
  | Event<'SignedOut', { session_hash: string }>
  | Event<'AccountClosed', Record<string, never>>;

export const ACCOUNT_EVENT_TYPES = [
  'AccountOpened',
  'PlanChanged',
  'WebhookSecretIssued',
  'AccountClosed',
  'EmailVerified',
  'SignInRequested',
  'SignedIn',
  'SignedOut',
  ...KEY_EVENT_TYPES,
] as const satisfies readonly AccountEvent['type'][];

export const accountStream = streamType<AccountEvent>('account-', ACCOUNT_EVENT_TYPES);

export type KeyStatus = 'active' | 'revoked' | 'deactivated';

export interface PortalLink {
  purpose: 'key' | 'sign_in';
  /** For key links: the key it activates. */
  keyId?: string;
  mode?: KeyMode;
  expiresAt: Date;
  used: boolean;
}

export interface AccountState {
  opened: boolean;
  closed: boolean;
  plan: PlanName | null;
  limits: PlanLimits | null;
  /** Whether the contact is an e-mail address that opened one of our links. */
  emailVerified: boolean;
  keys: Readonly<Record<string, KeyStatus>>;
  /** Newest first: the current webhook secret, then the one it replaced. */
  webhookSecrets: readonly { sealed: string; issuedAt: Date }[];
  /** Links sent by e-mail, by token hash. */
  links: Readonly<Record<string, PortalLink>>;
}

/** Why a link does not work: never seen, opened before, or too old. */
export class LinkRefused extends Error {
  constructor(readonly reason: 'unknown' | 'used' | 'expired') {
    super(`link ${reason}`);
    this.name = 'LinkRefused';
  }
}

/** After a rotation the previous secret stays valid this long, so receivers can switch over. */
export const WEBHOOK_SECRET_OVERLAP_MS = 24 * 3600 * 1000;

/** The sealed secrets a callback is signed with at `now`: the current one, and the previous during the overlap. */
export function signingSecrets(state: AccountState, now: Date): string[] {
  const [current, previous] = state.webhookSecrets;
  if (!current) return [];
  const overlap = previous && now.getTime() - current.issuedAt.getTime() < WEBHOOK_SECRET_OVERLAP_MS;
  return overlap ? [current.sealed, previous.sealed] : [current.sealed];
}

const mustExist = (state: AccountState) => {
  if (!state.opened || state.closed) throw new DomainError('not_found', 'No such account.');
};

/**
 * The link a token opens, if it still works at `now`; throws LinkRefused otherwise. Exported so that a link can be
 * checked before it is used (the page a GET of a mailed link shows, whose Confirm button uses it).
 */
export function openLink(
  state: AccountState,
  tokenHash: string,
  purpose: PortalLink['purpose'],
  now: Date,
): PortalLink {
  const link = state.links[tokenHash];
  if (!state.opened || state.closed || !link || link.purpose !== purpose) throw new LinkRefused('unknown');
  if (link.used) throw new LinkRefused('used');
  if (link.expiresAt.getTime() <= now.getTime()) throw new LinkRefused('expired');
  return link;
}

export function open(
  state: AccountState,
  command: { contact: Contact; plan: PlanName; limits: PlanLimits },
): AccountEvent[] {
  if (state.opened) throw new DomainError('invalid_request', 'The account exists already.');
  return [{ type: 'AccountOpened', data: command }];
}

export function changePlan(state: AccountState, command: { plan: PlanName; limits: PlanLimits }): AccountEvent[] {
  mustExist(state);
  return [{ type: 'PlanChanged', data: command }];
}

export type NewKey = {
  key_id: string;
  key_hash: string;
  prefix: string;
  last4: string;
  mode: KeyMode;
  scopes: Scope[];
  name?: string;
};

export function activateKey(state: AccountState, key: NewKey): AccountEvent[] {
  mustExist(state);
  return [{ type: 'KeyActivated', data: key }];
}

/** A portal key, waiting for its e-mailed link. */
export function requestKey(
  state: AccountState,
  command: { key_id: string; mode: KeyMode; token_hash: string; expires_at: Date },
): AccountEvent[] {
  mustExist(state);
  return [{ type: 'KeyRequested', data: { ...command, expires_at: command.expires_at.toISOString() } }];
}

/**
 * Opening a key link: the requested key becomes active (with the mode asked for) and the address counts as
 * verified. `key` is made by the caller, since its clear text must exist only in the caller's hands.
 */
export function activateRequestedKey(
  state: AccountState,
  command: { token_hash: string; now: Date; key: (keyId: string, mode: KeyMode) => Omit<NewKey, 'key_id' | 'mode'> },
): AccountEvent[] {
  const link = openLink(state, command.token_hash, 'key', command.now);
  const keyId = link.keyId!;
  const mode = link.mode!;
  return [
    {
      type: 'KeyActivated',
      data: { key_id: keyId, mode, ...command.key(keyId, mode), token_hash: command.token_hash },
    },
    ...(state.emailVerified ? [] : [{ type: 'EmailVerified' as const, data: { token_hash: command.token_hash } }]),
  ];
}

/** A sign-in link goes only to a verified address of an open account; otherwise nothing happens (and nobody is told). */
export function requestSignIn(state: AccountState, command: { token_hash: string; expires_at: Date }): AccountEvent[] {
  if (!state.opened || state.closed || !state.emailVerified) return [];
  return [
    { type: 'SignInRequested', data: { token_hash: command.token_hash, expires_at: command.expires_at.toISOString() } },
  ];
}

export function signIn(
  state: AccountState,
  command: { token_hash: string; session_hash: string; expires_at: Date; now: Date },
): AccountEvent[] {
  openLink(state, command.token_hash, 'sign_in', command.now);
  return [
    {
      type: 'SignedIn',
      data: {
        token_hash: command.token_hash,
        session_hash: command.session_hash,
        expires_at: command.expires_at.toISOString(),
      },
    },
  ];
}

/**
 * A session begun without a sign-in link: for an account opened by a name, at the moment its key is shown (no
 * link can reach such an account, and its owner must still be able to close it), and when a key link proves the
 * address, as a sign-in link would, so that the key's page leads to the dashboard without another mail
 * (docs/architecture.md#personal-data).
 */
export function startSession(state: AccountState, command: { session_hash: string; expires_at: Date }): AccountEvent[] {
  mustExist(state);
  return [
    { type: 'SignedIn', data: { session_hash: command.session_hash, expires_at: command.expires_at.toISOString() } },
  ];
}

export function signOut(state: AccountState, sessionHash: string): AccountEvent[] {
  return state.opened ? [{ type: 'SignedOut', data: { session_hash: sessionHash } }] : [];
}

/** Only an active key is deactivated: one revoked (or used, so cancelled) in the meantime stays as it is. */
export function deactivateKey(state: AccountState, command: { key_id: string; reason: string }): AccountEvent[] {
  return state.keys[command.key_id] === 'active' ? [{ type: 'KeyDeactivated', data: command }] : [];
}

/** Closing revokes every key at once; the ledger's events stay, and carry no contact. Closing twice is a no-op. */
export function closeAccount(state: AccountState): AccountEvent[] {
  if (!state.opened || state.closed) return [];
  const active = Object.entries(state.keys).filter(([, status]) => status === 'active');
  return [
    ...active.map(([key_id]): AccountEvent => ({ type: 'KeyRevoked', data: { key_id } })),
    { type: 'AccountClosed', data: {} },
  ];
}

/** Revoking a key that no longer works (revoked, deactivated) is a no-op; an unknown key is not found. */
export function revokeKey(state: AccountState, keyId: string): AccountEvent[] {
  mustExist(state);
  const status = state.keys[keyId];
  if (status === undefined) throw new DomainError('not_found', 'No such key.');
  return status === 'active' ? [{ type: 'KeyRevoked', data: { key_id: keyId } }] : [];
}

/** The first secret, or a new one when rotating; an account has one before it needs one only on request. */
export function issueWebhookSecret(
  state: AccountState,
  command: { sealed: string; rotate: boolean; now: Date },
): AccountEvent[] {
  mustExist(state);
  if (state.webhookSecrets.length > 0 && !command.rotate) return [];
  return [{ type: 'WebhookSecretIssued', data: { sealed: command.sealed, issued_at: command.now.toISOString() } }];
}
