import { randomBytes } from 'node:crypto';
import {
  activateKey,
  changePlan,
  evolveAccount,
  initialAccount,
  issueWebhookSecret,
  open,
  revokeKey,
  signingSecrets,
  type AccountState,
  type Contact,
} from '../domain/accounts/account.js';
import { formatKey, hashKey, keyDisplay, randomBase62, type KeyMode, type Scope } from '../domain/accounts/keys.js';
import type { PlanLimits, PlanName } from '../domain/plans.js';
import { CommandHandler } from './eventstore/command-handler.js';
import { SecretBox } from './secret-box.js';
import { newWebhookSecret } from './webhooks/secret.js';
import type { EventMetadata, EventStore } from './eventstore/types.js';

export const accountStream = (accountId: string) => `account-${accountId}`;

const newId = (prefix: string) => `${prefix}_${randomBase62(randomBytes(48), 20)}`;

/** Accounts and keys on the event store. */
export class Accounts {
  private readonly handler: CommandHandler<AccountState>;

  private readonly box: SecretBox;

  constructor(
    events: EventStore,
    private readonly pepper: string,
  ) {
    this.box = new SecretBox(pepper);
    this.handler = new CommandHandler(events, evolveAccount, initialAccount, { cacheSize: 1000 });
  }

  async state(accountId: string): Promise<AccountState> {
    return (await this.handler.read(accountStream(accountId))).state;
  }

  async open(command: { contact: Contact; plan: PlanName; limits: PlanLimits }, metadata?: EventMetadata) {
    const accountId = newId('acct');
    const handled = await this.handler.handle(accountStream(accountId), (state) => open(state, command), metadata);
    return { accountId, ...handled };
  }

  changePlan(accountId: string, command: { plan: PlanName; limits: PlanLimits }, metadata?: EventMetadata) {
    return this.handler.handle(accountStream(accountId), (state) => changePlan(state, command), metadata);
  }

  /** Issues a key: the only moment its clear text exists; the store keeps its keyed hash. */
  async createKey(accountId: string, command: { mode: KeyMode; scopes: Scope[] }, metadata?: EventMetadata) {
    const key = formatKey(command.mode, randomBytes(64));
    const keyId = newId('key');
    const handled = await this.handler.handle(
      accountStream(accountId),
      (state) =>
        activateKey(state, {
          key_id: keyId,
          key_hash: hashKey(key, this.pepper),
          ...keyDisplay(key),
          mode: command.mode,
          scopes: command.scopes,
        }),
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
    const handled = await this.handler.handle(
      accountStream(accountId),
      (state) => issueWebhookSecret(state, { sealed, rotate, now: new Date() }),
      metadata,
    );
    return this.box.open(handled.state.webhookSecrets[0]!.sealed);
  }

  /** The clear secrets a callback is signed with now (current first). */
  async signingSecrets(accountId: string, now = new Date()): Promise<string[]> {
    return signingSecrets(await this.state(accountId), now).map((sealed) => this.box.open(sealed));
  }

  revokeKey(accountId: string, keyId: string, metadata?: EventMetadata) {
    return this.handler.handle(accountStream(accountId), (state) => revokeKey(state, keyId), metadata);
  }
}
