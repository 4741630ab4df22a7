// The callers in infra/ start workflows by the type names and inputs of domain/orchestration/workflow-contracts.ts
// rather than by importing workflow code (issue 19, item 3). The compiler holds the names to the workflows the
// worker registers (workflows/index.ts) and the inputs to their parameters: renaming either fails `tsc`.
import { expect, expectTypeOf, it } from 'vitest';
import {
  DATASET_REFRESH_WORKFLOW,
  KEY_EXPIRY_WORKFLOW,
  RETENTION_WORKFLOW,
  WEBHOOK_RESEND_WORKFLOW,
  type DatasetRefreshWorkflowInput,
  type KeyExpiryInput,
  type RetentionInput,
  type WebhookResendInput,
} from '../../domain/orchestration/workflow-contracts.js';
import type * as workflows from '../../workflows/index.js';

it('names workflows the worker registers, with their inputs', () => {
  const names: (keyof typeof workflows)[] = [DATASET_REFRESH_WORKFLOW, RETENTION_WORKFLOW, KEY_EXPIRY_WORKFLOW, WEBHOOK_RESEND_WORKFLOW];
  expect(names).toEqual(['datasetRefreshWorkflow', 'retentionWorkflow', 'keyExpiryWorkflow', 'webhookResendWorkflow']);
  expectTypeOf<Parameters<typeof workflows.datasetRefreshWorkflow>>().toEqualTypeOf<[DatasetRefreshWorkflowInput]>();
  expectTypeOf<Parameters<typeof workflows.retentionWorkflow>>().toEqualTypeOf<[input?: RetentionInput]>();
  expectTypeOf<Parameters<typeof workflows.keyExpiryWorkflow>>().toEqualTypeOf<[KeyExpiryInput]>();
  expectTypeOf<Parameters<typeof workflows.webhookResendWorkflow>>().toEqualTypeOf<[WebhookResendInput]>();
});
