// Which workflows hold personal data, and whose data key seals their payloads (docs/architecture.md#personal-data, issue 39 item 2). A
// payload codec is told the workflow a payload belongs to (its serialization context: the workflow id for the
// workflow's input, results, updates, queries and memo, the scheduling workflow's id for its activities), and the
// workflow id names the business object: `verification-{job_id}` holds the job's request, webhook URL and result,
// so it is sealed under the job's key, and shredding the job makes its history unreadable too. Workflows that hold
// nothing personal (dataset refresh, retention, a key's expiry, a mail by its outbox id) are sealed under the
// global payload key. Plain definitions: deterministic, no Node API.
import { batchStream } from '../domain/jobs/batch.js';
import { jobStream } from '../domain/jobs/job.js';
import { monitorStream } from '../domain/monitors/monitor.js';
import { BATCH_WORKFLOW } from './batch.js';
import { EXTRACTION_WORKFLOW } from './extraction.js';
import { MONITOR_WORKFLOW, NOTICE_RESEND_WORKFLOW } from './monitor.js';
import { VERIFICATION_WORKFLOW } from './verification.js';
import { WEBHOOK_RESEND_WORKFLOW } from './webhook-resend.js';
import { CORRECTION_WEBHOOK_WORKFLOW, CORRECTION_WORKFLOW_PREFIX } from './correction-webhook.js';

/**
 * Workflow id prefix → the stream whose key seals it. Each contract's own `idOf` is checked against its row
 * (test/unit/personal-streams.test.ts), and a new contract must be listed here or among the impersonal ones.
 */
export const PERSONAL_WORKFLOWS = [
  // Before `extraction-`, which its ids start with too: `extraction-corrected-{job_id}.{correction}` holds the job
  // record it sends, sealed under the job's key.
  {
    contract: CORRECTION_WEBHOOK_WORKFLOW,
    prefix: CORRECTION_WORKFLOW_PREFIX,
    stream: jobStream,
    entity: (rest: string) => rest.split('.')[0]!,
  },
  { contract: VERIFICATION_WORKFLOW, prefix: 'verification-', stream: jobStream },
  { contract: EXTRACTION_WORKFLOW, prefix: 'extraction-', stream: jobStream },
  { contract: WEBHOOK_RESEND_WORKFLOW, prefix: 'webhook-resend-', stream: jobStream },
  { contract: BATCH_WORKFLOW, prefix: 'batch-', stream: batchStream },
  // Before `monitor-`, which its ids start with too: `monitor-resend-{mon_id}.{notice_id}` holds the notice it
  // sends again, sealed under the monitor's key.
  {
    contract: NOTICE_RESEND_WORKFLOW,
    prefix: 'monitor-resend-',
    stream: monitorStream,
    entity: (rest: string) => rest.split('.')[0]!,
  },
  // The notices' bodies (policy, metadata) and URLs pass through its history: shredding the monitor's key erases them.
  { contract: MONITOR_WORKFLOW, prefix: 'monitor-', stream: monitorStream },
] as const;

/** The stream whose data key seals this workflow's payloads; null for a workflow that holds nothing personal. */
export function personalStreamOf(workflowId: string | undefined): string | null {
  if (!workflowId) return null;
  for (const row of PERSONAL_WORKFLOWS) {
    const { prefix, stream } = row;
    if (!workflowId.startsWith(prefix) || workflowId.length <= prefix.length) continue;
    const rest = workflowId.slice(prefix.length);
    const entity = 'entity' in row ? row.entity(rest) : rest;
    return entity ? stream(entity) : null;
  }
  return null;
}
