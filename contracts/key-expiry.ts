import { contract } from './workflow.js';

/** `key-expiry-{key_id}`: an unused free key's expiry; its first use cancels it. */
export interface KeyExpiryInput {
  accountId: string;
  keyId: string;
  /** How long the key may stay unused (KEY_UNUSED_EXPIRY_SECONDS: 7 days). */
  afterSeconds: number;
}

export type KeyExpiryOutcome = 'deactivated' | 'used';

export const keyExpiryWorkflowId = (keyId: string) => `key-expiry-${keyId}`;

export const KEY_EXPIRY_WORKFLOW = contract<KeyExpiryInput, KeyExpiryOutcome, 'keyExpiryWorkflow'>(
  'keyExpiryWorkflow',
  (input) => keyExpiryWorkflowId(input.keyId),
);
