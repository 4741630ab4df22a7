// Whose data key seals each workflow's payloads (contracts/personal-streams.ts, issue 39 item 2): every contract
// in contracts/ is listed here, with the stream its business id maps to or why it holds nothing personal, so a
// new workflow cannot be sealed under the global key by default without someone saying so.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { personalStreamOf } from '../../contracts/personal-streams.js';
import type { WorkflowContract } from '../../contracts/workflow.js';

const job = 'job_7Qx2';
/** By workflow type: an input's business id, and the stream that seals it, or why nothing it holds is personal. */
const EXPECTED: Record<string, { input: unknown; stream: string } | { input: unknown; impersonal: string }> = {
  verificationWorkflow: { input: { admit: { jobId: job } }, stream: `job-${job}` },
  extractionWorkflow: { input: { admit: { jobId: job } }, stream: `job-${job}` },
  webhookResendWorkflow: { input: { jobId: job }, stream: `job-${job}` },
  correctionWebhookWorkflow: { input: { jobId: job, correction: 'c-1' }, stream: `job-${job}` },
  batchWorkflow: { input: { admit: { batchId: 'bat_1' } }, stream: 'batch-bat_1' },
  monitorWorkflow: { input: { monitorId: 'mon_1' }, stream: 'monitor-mon_1' },
  noticeResendWorkflow: { input: { monitorId: 'mon_1', noticeId: 'policy.changed:check-1' }, stream: 'monitor-mon_1' },
  monitorErasureWorkflow: {
    input: { monitorId: 'mon_1', accountId: 'acct_1', reason: 'retention', afterMs: 1 },
    impersonal: 'ids, a reason and a delay: the activity shreds the key',
  },
  datasetRefreshWorkflow: { input: { slug: 'uk-motor' }, impersonal: 'public datasets' },
  retentionWorkflow: { input: {}, impersonal: 'counts and a time' },
  ledgerStatementsWorkflow: {
    input: {},
    impersonal: 'a month and a count: the statements are written by the activity',
  },
  keyExpiryWorkflow: { input: { accountId: 'acct_1', keyId: 'key_1', afterSeconds: 1 }, impersonal: 'ids and a delay' },
  portalMailWorkflow: {
    input: { id: 'mail_1', retrySeconds: 1 },
    impersonal: 'the outbox id: the activity reads the address, and returns an outcome',
  },
};

const isContract = (value: unknown): value is WorkflowContract<unknown, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { type?: unknown }).type === 'string' &&
  typeof (value as { idOf?: unknown }).idOf === 'function';

it('knows for every workflow contract whose key seals it', async () => {
  const dir = fileURLToPath(new URL('../../contracts/', import.meta.url));
  const contracts: WorkflowContract<unknown, unknown>[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
    contracts.push(...Object.values((await import(`${dir}${file}`)) as Record<string, unknown>).filter(isContract));
  }
  expect(contracts.map((c) => c.type).sort()).toEqual(Object.keys(EXPECTED).sort());
  for (const contract of contracts) {
    const expected = EXPECTED[contract.type]!;
    expect([contract.type, personalStreamOf(contract.idOf(expected.input))]).toEqual([
      contract.type,
      'stream' in expected ? expected.stream : null,
    ]);
  }
});

it('seals nothing under a stream for an id that only starts like one, or none', () => {
  expect([
    personalStreamOf(undefined),
    personalStreamOf('verification-'),
    personalStreamOf('batches-1'),
    personalStreamOf('test-1-batch-1'),
  ]).toEqual([null, null, null, null]);
});
