// One contract per workflow (contracts/, issue 33 item 1): every caller starts a workflow by its contract's type
// name and business id rather than by importing workflow code, through infra/temporal/contract-client.ts (issue 38
// item 5). The compiler holds each contract to the workflow the worker registers (workflows/index.ts): its name,
// its input and its result, which is the workflow's own (literal) result type; renaming either fails `tsc`.
import type { Client } from '@temporalio/client';
import { expect, expectTypeOf, it } from 'vitest';
import type * as workflows from '../../workflows/index.js';
import { BATCH_WORKFLOW } from '../../contracts/batch.js';
import { DATASET_REFRESH_WORKFLOW } from '../../contracts/dataset-refresh.js';
import { EXTRACTION_WORKFLOW } from '../../contracts/extraction.js';
import { KEY_EXPIRY_WORKFLOW } from '../../contracts/key-expiry.js';
import { PORTAL_MAIL_WORKFLOW } from '../../contracts/portal-mail.js';
import { RETENTION_WORKFLOW } from '../../contracts/retention.js';
import { LEDGER_STATEMENTS_WORKFLOW } from '../../contracts/ledger-statements.js';
import { VERIFICATION_WORKFLOW } from '../../contracts/verification.js';
import { WEBHOOK_RESEND_WORKFLOW } from '../../contracts/webhook-resend.js';
import { CORRECTION_WEBHOOK_WORKFLOW } from '../../contracts/correction-webhook.js';
import type { WorkflowContract } from '../../contracts/workflow.js';
import { contractClient } from '../../infra/temporal/contract-client.js';

type Registered = typeof workflows;
/** A contract matches its workflow: the name is one the worker registers, the input its parameter, the result its return. */
type Matches<C> =
  C extends WorkflowContract<infer I, infer R, infer T>
    ? T extends keyof Registered
      ? Registered[T] extends (input: I) => Promise<R>
        ? [Awaited<ReturnType<Registered[T]>>] extends [R]
          ? [R] extends [Awaited<ReturnType<Registered[T]>>]
            ? true
            : false
          : false
        : false
      : false
    : false;

const CONTRACTS = [
  VERIFICATION_WORKFLOW,
  EXTRACTION_WORKFLOW,
  BATCH_WORKFLOW,
  DATASET_REFRESH_WORKFLOW,
  RETENTION_WORKFLOW,
  LEDGER_STATEMENTS_WORKFLOW,
  PORTAL_MAIL_WORKFLOW,
  KEY_EXPIRY_WORKFLOW,
  WEBHOOK_RESEND_WORKFLOW,
  CORRECTION_WEBHOOK_WORKFLOW,
] as const;

it('names workflows the worker registers, with their inputs and results', () => {
  expectTypeOf<Matches<typeof VERIFICATION_WORKFLOW>>().toEqualTypeOf<true>();
  expectTypeOf<Matches<typeof EXTRACTION_WORKFLOW>>().toEqualTypeOf<true>();
  expectTypeOf<Matches<typeof BATCH_WORKFLOW>>().toEqualTypeOf<true>();
  expectTypeOf<Matches<typeof DATASET_REFRESH_WORKFLOW>>().toEqualTypeOf<true>();
  expectTypeOf<Matches<typeof RETENTION_WORKFLOW>>().toEqualTypeOf<true>();
  expectTypeOf<Matches<typeof LEDGER_STATEMENTS_WORKFLOW>>().toEqualTypeOf<true>();
  expectTypeOf<Matches<typeof PORTAL_MAIL_WORKFLOW>>().toEqualTypeOf<true>();
  expectTypeOf<Matches<typeof KEY_EXPIRY_WORKFLOW>>().toEqualTypeOf<true>();
  expectTypeOf<Matches<typeof WEBHOOK_RESEND_WORKFLOW>>().toEqualTypeOf<true>();
  expectTypeOf<Matches<typeof CORRECTION_WEBHOOK_WORKFLOW>>().toEqualTypeOf<true>();
  expect(new Set(CONTRACTS.map((c) => c.type)).size).toBe(CONTRACTS.length);
});

it('starts each workflow under its business id, with its one input', async () => {
  const started: unknown[] = [];
  const client = { workflow: { start: async (...call: unknown[]) => started.push(call) } } as unknown as Client;
  await contractClient(client, 'q').start(
    KEY_EXPIRY_WORKFLOW,
    { accountId: 'a', keyId: 'key_1', afterSeconds: 1 },
    { workflowIdConflictPolicy: 'USE_EXISTING' },
  );
  await contractClient(client, 'q', { idScope: 'test-' }).start(KEY_EXPIRY_WORKFLOW, {
    accountId: 'a',
    keyId: 'key_2',
    afterSeconds: 1,
  });
  expect(started).toEqual([
    [
      'keyExpiryWorkflow',
      {
        workflowIdConflictPolicy: 'USE_EXISTING',
        workflowId: 'key-expiry-key_1',
        taskQueue: 'q',
        args: [{ accountId: 'a', keyId: 'key_1', afterSeconds: 1 }],
      },
    ],
    [
      'keyExpiryWorkflow',
      {
        workflowId: 'test-key-expiry-key_2',
        taskQueue: 'q',
        args: [{ accountId: 'a', keyId: 'key_2', afterSeconds: 1 }],
      },
    ],
  ]);
  expect(PORTAL_MAIL_WORKFLOW.idOf({ id: 'mail_1', retrySeconds: 1 })).toBe('portal-mail-mail_1');
  expect(WEBHOOK_RESEND_WORKFLOW.idOf({ jobId: 'j', accountId: 'a', retrySeconds: 1 })).toBe('webhook-resend-j');
});
