// The Temporal side of the portal (docs/architecture.md#portal-and-admin): the expiry of unused free keys, and resending a callback.
import {
  WorkflowExecutionAlreadyStartedError,
  WorkflowNotFoundError,
  WorkflowUpdateFailedError,
  type Client,
} from '@temporalio/client';
import type { UpdateDefinition } from '@temporalio/common';
import { ApplicationFailure, TypedSearchAttributes, type SearchAttributePair } from '@temporalio/common';
import type { KeyMode as Mode } from '../../domain/accounts/keys.js';
import { AccountId, KeyMode } from '../../contracts/search-attributes.js';
import { parsePosition, type Position } from '../eventstore/types.js';
import { KEY_EXPIRY_WORKFLOW, keyExpiryWorkflowId } from '../../contracts/key-expiry.js';
import { PORTAL_MAIL_WORKFLOW, type PortalMailInput } from '../../contracts/portal-mail.js';
import { resendStarted, WEBHOOK_RESEND_WORKFLOW } from '../../contracts/webhook-resend.js';
import { contractClient, workflowHandle } from './contract-client.js';
import { NOTICE_RESEND_WORKFLOW, noticeResendStarted, type NoticeResendInput } from '../../contracts/monitor.js';
import type { WorkflowContract } from '../../contracts/workflow.js';
import { CORRECTION_WEBHOOK_WORKFLOW, type CorrectionWebhookInput } from '../../contracts/correction-webhook.js';

/** Starts the sending of one outbox mail. Idempotent: an intent has one workflow ever. */
export async function startPortalMail(client: Client, taskQueue: string, input: PortalMailInput): Promise<void> {
  try {
    await contractClient(client, taskQueue).start(PORTAL_MAIL_WORKFLOW, input, {
      workflowIdConflictPolicy: 'USE_EXISTING',
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
    });
  } catch (error) {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
  }
}

/**
 * Starts a key's expiry timer (KEY_UNUSED_EXPIRY_SECONDS). Idempotent: a key has one expiry ever, so a second
 * call, while it runs or after it ended (used, or deactivated), changes nothing.
 */
export async function startKeyExpiry(
  client: Client,
  taskQueue: string,
  input: { accountId: string; keyId: string; afterSeconds: number; mode?: Mode },
): Promise<void> {
  const searchAttributes: SearchAttributePair[] = [{ key: AccountId, value: input.accountId }];
  if (input.mode) searchAttributes.push({ key: KeyMode, value: input.mode });
  try {
    await contractClient(client, taskQueue).start(
      KEY_EXPIRY_WORKFLOW,
      { accountId: input.accountId, keyId: input.keyId, afterSeconds: input.afterSeconds },
      {
        workflowIdConflictPolicy: 'USE_EXISTING',
        workflowIdReusePolicy: 'REJECT_DUPLICATE',
        typedSearchAttributes: new TypedSearchAttributes(searchAttributes),
      },
    );
  } catch (error) {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
  }
}

/**
 * Ends a key's expiry timer: its first use. A key without one (a paid plan's, or one older than the feature),
 * or whose expiry ended already, is no error: the first-use hook calls this for every key it meets.
 */
export async function cancelKeyExpiry(client: Client, keyId: string): Promise<void> {
  try {
    await workflowHandle(client, KEY_EXPIRY_WORKFLOW, keyExpiryWorkflowId(keyId)).cancel();
  } catch (error) {
    // The server answers NotFound both for an unknown id and for an execution that has closed.
    if (!(error instanceof WorkflowNotFoundError)) throw error;
  }
}

/** A job whose callback cannot be sent again: not finished, of a test key, without webhook_url, or unknown. */
export class ResendRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ResendRefusedError';
  }
}

/**
 * A resend started with update-with-start: one run at a time per id (a second call joins the running one instead of
 * sending twice), each run a resend of its own under that id (the Temporal UI lists them together). Resolves once
 * the workflow has recorded the resend; its refusal (`not_resendable`) is a ResendRefusedError.
 */
async function startResend<Input>(
  client: Client,
  taskQueue: string,
  contract: WorkflowContract<Input, unknown>,
  input: Input,
  update: UpdateDefinition<{ position: string }, []>,
  search: { accountId: string; mode: Mode },
): Promise<{ workflowId: string; position: Position }> {
  let started: { position: string };
  try {
    started = await contractClient(client, taskQueue).updateWithStart(contract, input, update, [], {
      workflowIdConflictPolicy: 'USE_EXISTING',
      workflowIdReusePolicy: 'ALLOW_DUPLICATE',
      typedSearchAttributes: new TypedSearchAttributes([
        { key: AccountId, value: search.accountId },
        { key: KeyMode, value: search.mode },
      ]),
    });
  } catch (error) {
    if (
      error instanceof WorkflowUpdateFailedError &&
      error.cause instanceof ApplicationFailure &&
      error.cause.type === 'not_resendable'
    ) {
      throw new ResendRefusedError(error.cause.message);
    }
    throw error;
  }
  return { workflowId: contract.idOf(input), position: parsePosition(started.position) };
}

/**
 * Sends a finished job's callback again and resolves, with the resend's workflow id and where it was recorded,
 * once the resend is recorded (the job's webhook then reads pending, in the read models once they reach it). The
 * caller checks first that the job is the account's; the workflow checks again, and refuses (ResendRefusedError)
 * a job with nothing to resend.
 */
export function resendWebhook(
  client: Client,
  taskQueue: string,
  input: { jobId: string; accountId: string; retrySeconds: number },
): Promise<{ workflowId: string; position: Position }> {
  const resend = { jobId: input.jobId, accountId: input.accountId, retrySeconds: input.retrySeconds };
  return startResend(client, taskQueue, WEBHOOK_RESEND_WORKFLOW, resend, resendStarted, {
    accountId: input.accountId,
    mode: 'live',
  });
}

/**
 * Sends one of a monitor's events again (its delivery has ended), from the dashboard; resolves once recorded. The
 * caller checks first that the monitor is the account's; the workflow refuses (ResendRefusedError, with the reason)
 * an event still being delivered, an erased monitor's, or one the monitor never had.
 */
export function resendMonitorNotice(
  client: Client,
  taskQueue: string,
  input: NoticeResendInput & { mode: Mode },
): Promise<{ workflowId: string; position: Position }> {
  const { mode, ...resend } = input;
  return startResend(client, taskQueue, NOTICE_RESEND_WORKFLOW, resend, noticeResendStarted, {
    accountId: input.accountId,
    mode,
  });
}

/**
 * Starts the `extraction.corrected` webhook of a correction. Idempotent: a correction has one workflow ever. A
 * Temporal that cannot be reached fails the start only: the correction is recorded already.
 */
export async function startCorrectionWebhook(
  client: Client,
  taskQueue: string,
  input: CorrectionWebhookInput,
): Promise<void> {
  try {
    await contractClient(client, taskQueue).start(CORRECTION_WEBHOOK_WORKFLOW, input, {
      workflowIdConflictPolicy: 'USE_EXISTING',
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
      typedSearchAttributes: new TypedSearchAttributes([
        { key: AccountId, value: input.accountId },
        { key: KeyMode, value: 'live' },
      ]),
    });
  } catch (error) {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
  }
}
