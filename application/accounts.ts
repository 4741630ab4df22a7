import { randomBytes } from 'node:crypto';
import {
  signingSecrets,
  accountStream,
  type AccountEvent,
  type AccountState,
  type Contact,
} from '../domain/accounts/account.js';
import { accountDecider, type AccountCommand } from '../domain/accounts/decider.js';
import {
  SCOPES,
  addressHash,
  formatKey,
  hashKey,
  keyDisplay,
  randomBase62,
  type KeyMode,
  type Scope,
} from '../domain/accounts/keys.js';
import type { PlanLimits, PlanName } from '../domain/plans.js';
import { CommandHandler } from '../infra/eventstore/command-handler.js';
import { SecretBox } from '../infra/secret-box.js';
import { newWebhookSecret } from '../infra/webhooks/secret.js';
import type { DataKeys } from '../infra/eventstore/data-keys.js';
import type { EventMetadata, EventStore } from '../infra/eventstore/types.js';

const newId = (prefix: string) => `${prefix}_${randomBase62(randomBytes(48), 20)}`;

/** A link or session token: 43 base62 characters (about 256 bits); only its keyed hash is ever stored. */
const newToken = () => randomBase62(randomBytes(96), 43);

/** How long the portal's e-mailed links and dashboard sessions work. */
export const KEY_LINK_MS = 24 * 3600_000;
export const SIGN_IN_LINK_MS = 15 * 60_000;
export const SESSION_MS = 12 * 3600_000;

/** Accounts and keys on the event store. */
export class Accounts {
  private readonly handler: CommandHandler<AccountState, AccountCommand, AccountEvent>;

  private readonly box: SecretBox;

  /**
   * `keys`: the event store's data keys, one of which closing an account deletes (crypto-shredding);
   * `forgetMail`: gives up the account's mail still queued, before the account's address leaves the read model;
   * `forgetDocuments`: deletes the account's uploaded documents, once the close is recorded;
   * `stopMonitors`: stops the account's monitors (application/monitors/lifecycle.ts), which erases them.
   */
  constructor(
    events: EventStore,
    private readonly pepper: string,
    private readonly keys: Pick<DataKeys, 'shred'>,
    private readonly forgetMail: (accountId: string) => Promise<void> = async () => undefined,
    private readonly forgetDocuments: (accountId: string) => Promise<void> = async () => undefined,
    private readonly stopMonitors: (accountId: string) => Promise<void> = async () => undefined,
  ) {
    this.box = new SecretBox(pepper);
    this.handler = new CommandHandler(events, accountStream, accountDecider, { cacheSize: 1000 });
  }

  /** One command against the account: decided on the state its stream folds into, appended at its revision. */
  private decide(accountId: string, command: AccountCommand, metadata?: EventMetadata) {
    return this.handler.handle(accountId, command, metadata);
  }

  /** The keyed hash a link or session token is stored under. */
  tokenHash(token: string): string {
    return hashKey(`token:${token}`, this.pepper);
  }

  /** The keyed hash an address is looked up by (the read model holds no address index). */
  addressHash(email: string): string {
    return addressHash(email, this.pepper);
  }

  async state(accountId: string): Promise<AccountState> {
    return (await this.handler.read(accountId)).state;
  }

  async open(command: { contact: Contact; plan: PlanName; limits: PlanLimits }, metadata?: EventMetadata) {
    const accountId = newId('acct');
    const contact = command.contact.email
      ? { ...command.contact, email_hash: this.addressHash(command.contact.email) }
      : command.contact;
    const handled = await this.decide(accountId, { type: 'OpenAccount', data: { ...command, contact } }, metadata);
    return { accountId, ...handled };
  }

  changePlan(accountId: string, command: { plan: PlanName; limits: PlanLimits }, metadata?: EventMetadata) {
    return this.decide(accountId, { type: 'ChangePlan', data: command }, metadata);
  }

  /** Issues a key: the only moment its clear text exists; the store keeps its keyed hash. */
  async createKey(
    accountId: string,
    command: { mode: KeyMode; scopes: Scope[]; name?: string },
    metadata?: EventMetadata,
  ) {
    const key = formatKey(command.mode, randomBytes(64));
    const keyId = newId('key');
    const handled = await this.decide(
      accountId,
      {
        type: 'ActivateKey',
        data: {
          key_id: keyId,
          key_hash: hashKey(key, this.pepper),
          ...keyDisplay(key),
          mode: command.mode,
          scopes: command.scopes,
          ...(command.name ? { name: command.name } : {}),
        },
      },
      metadata,
    );
    return { key, keyId, keyHash: hashKey(key, this.pepper), position: handled.position };
  }

  /**
   * The account's webhook signing secret (issued on first request), or a new one with `rotate`; the previous
   * one keeps signing alongside for 24 hours.
   */
  async webhookSecret(accountId: string, rotate: boolean, metadata?: EventMetadata): Promise<string> {
    const sealed = this.box.seal(newWebhookSecret());
    const handled = await this.decide(
      accountId,
      { type: 'IssueWebhookSecret', data: { sealed, rotate, now: new Date() } },
      metadata,
    );
    return this.box.open(handled.state.webhookSecrets[0]!.sealed);
  }

  /** The clear secrets a callback is signed with now (current first). */
  async signingSecrets(accountId: string, now = new Date()): Promise<string[]> {
    return signingSecrets(await this.state(accountId), now).map((sealed) => this.box.open(sealed));
  }

  revokeKey(accountId: string, keyId: string, metadata?: EventMetadata) {
    return this.decide(accountId, { type: 'RevokeKey', data: { key_id: keyId } }, metadata);
  }

  deactivateKey(accountId: string, keyId: string, reason: string, metadata?: EventMetadata) {
    return this.decide(accountId, { type: 'DeactivateKey', data: { key_id: keyId, reason } }, metadata);
  }

  /** A key that the e-mailed link will activate; the link's token is returned for the mail and kept nowhere. */
  async requestKey(accountId: string, mode: KeyMode, metadata?: EventMetadata, now = new Date()) {
    const token = newToken();
    const keyId = newId('key');
    const handled = await this.decide(
      accountId,
      {
        type: 'RequestKey',
        data: {
          key_id: keyId,
          mode,
          token_hash: this.tokenHash(token),
          expires_at: new Date(now.getTime() + KEY_LINK_MS),
        },
      },
      metadata,
    );
    return { token, keyId, position: handled.position };
  }

  /** Opens a key link: the key's clear text, made here and returned this once. Throws LinkRefused. */
  async activateRequestedKey(accountId: string, token: string, metadata?: EventMetadata, now = new Date()) {
    let key = '';
    const handled = await this.decide(
      accountId,
      {
        type: 'ActivateRequestedKey',
        data: {
          token_hash: this.tokenHash(token),
          now,
          key: (_keyId, mode) => {
            key = formatKey(mode, randomBytes(64));
            return { key_hash: hashKey(key, this.pepper), ...keyDisplay(key), scopes: [...SCOPES] };
          },
        },
      },
      metadata,
    );
    const [activated] = handled.events;
    if (activated?.type !== 'KeyActivated') throw new Error('a key link activates a key');
    return { key, keyId: activated.data.key_id, mode: activated.data.mode, position: handled.position };
  }

  /** A sign-in link's token, or null when the account cannot sign in (unverified, closed): then nothing is sent. */
  async requestSignIn(accountId: string, metadata?: EventMetadata, now = new Date()) {
    const token = newToken();
    const handled = await this.decide(
      accountId,
      {
        type: 'RequestSignIn',
        data: { token_hash: this.tokenHash(token), expires_at: new Date(now.getTime() + SIGN_IN_LINK_MS) },
      },
      metadata,
    );
    return handled.position ? { token, position: handled.position } : null;
  }

  /** Opens a sign-in link: a new session's token (for the cookie). Throws LinkRefused. */
  async signIn(accountId: string, token: string, metadata?: EventMetadata, now = new Date()) {
    const session = newToken();
    const expiresAt = new Date(now.getTime() + SESSION_MS);
    const handled = await this.decide(
      accountId,
      {
        type: 'SignIn',
        data: { token_hash: this.tokenHash(token), session_hash: this.tokenHash(session), expires_at: expiresAt, now },
      },
      metadata,
    );
    return { session, expiresAt, position: handled.position };
  }

  /** A session begun without a sign-in link (a name's account, a key link just opened): a new session's token (for the cookie). */
  async startSession(accountId: string, metadata?: EventMetadata, now = new Date()) {
    const session = newToken();
    const expiresAt = new Date(now.getTime() + SESSION_MS);
    const handled = await this.decide(
      accountId,
      { type: 'StartSession', data: { session_hash: this.tokenHash(session), expires_at: expiresAt } },
      metadata,
    );
    return { session, expiresAt, position: handled.position };
  }

  signOut(accountId: string, sessionHash: string, metadata?: EventMetadata) {
    return this.decide(accountId, { type: 'SignOut', data: { session_hash: sessionHash } }, metadata);
  }

  /**
   * Closes the account and deletes its data key: the contact in its events can never be read again. The key goes
   * after the closing is recorded, and again on every later close (a no-op for the events), so a crash between
   * the two is mended by closing once more; the retention run also shreds every closed account's key.
   */
  async close(accountId: string, metadata?: EventMetadata) {
    await this.forgetMail(accountId);
    const handled = await this.decide(accountId, { type: 'CloseAccount' }, metadata);
    if (handled.state.closed) {
      await this.keys.shred([accountStream(accountId)]);
      // At once, not at the jobs' erasure: a document of a job still running goes too (the job fails as one
      // whose document is gone), and those of finished jobs are not kept for the retention run.
      await this.forgetDocuments(accountId);
      // A live monitor also stops when it finds the account closed as it pays a new month.
      await this.stopMonitors(accountId);
    }
    return handled;
  }
}
