import type { KeyMode } from '../accounts/keys.js';

// What a job's and a batch's submission events both record: who submitted, and how a retried submission (the
// same Idempotency-Key) is told from one that asks for something else.

export interface Submission {
  mode: KeyMode;
  accountId: string;
  keyId: string;
  idempotencyKey: string | null;
  requestHash: string;
}

export const submittedBy = (command: Submission) => ({
  mode: command.mode,
  account_id: command.accountId,
  key_id: command.keyId,
});

export const replayedBy = (command: Submission) => ({
  idempotency_key: command.idempotencyKey,
  request_hash: command.requestHash,
});
