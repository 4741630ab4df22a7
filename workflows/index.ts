// Every workflow the worker registers. Workflow code is deterministic and imports activity types only.
export * from './batch.js';
export * from './correction-webhook.js';
export * from './datasets.js';
export * from './extraction.js';
export * from './key-expiry.js';
export * from './ledger-statements.js';
export * from './mail.js';
export * from './retention.js';
export * from './verification.js';
export { webhookResendWorkflow } from './webhook.js';
export * from './monitor.js';
export * from './monitor-resend.js';
export * from './monitor-erasure.js';
