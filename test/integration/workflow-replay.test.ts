// Replay safety (issue 22): every recorded history (test/fixtures/histories/, scripts/record-histories.ts) replays
// against today's workflow code with the SDK's replayer, so a change that breaks determinism fails CI; a
// deliberately changed copy of the workflows shows that it would.
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DeterminismViolationError } from '@temporalio/workflow';
import { Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePayloadKeys, sealedDataConverter } from '../../infra/temporal/payload-codec.js';
import { installTemporalRuntime, WORKFLOWS_PATH } from '../../infra/temporal/worker.js';
import { createLogger } from '../../infra/logger.js';
import { memoryDataKeys, type StoredStreamKey } from '../support/data-keys.js';
import { historyFromObject } from '../support/histories.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/histories/', import.meta.url));
const WORKFLOW_TYPES = [
  'batchWorkflow',
  'correctionWebhookWorkflow',
  'datasetRefreshWorkflow',
  'extractionWorkflow',
  'keyExpiryWorkflow',
  'ledgerStatementsWorkflow',
  'portalMailWorkflow',
  'retentionWorkflow',
  'verificationWorkflow',
  'webhookResendWorkflow',
];

const files = readdirSync(FIXTURES)
  .filter((file) => file.endsWith('.json'))
  .sort();
const histories = files.map((file) => {
  const { workflowId, history } = JSON.parse(readFileSync(path.join(FIXTURES, file), 'utf8')) as {
    workflowId: string;
    history: unknown;
  };
  return { file, workflowId, history: historyFromObject(history) };
});
// The fixtures are sealed as production histories are: jobs' and batches' workflows under their streams' data
// keys, recorded beside them (stream-keys, wrapped by the fixtures' own master key), the others under a
// global key of the fixtures' own. Fixtures recorded before per-stream keys hold only the global key's.
const fixture = (file: string) => readFileSync(path.join(FIXTURES, file), 'utf8').trim();
const recordedKeys = existsSync(path.join(FIXTURES, 'stream-keys'))
  ? (JSON.parse(fixture('stream-keys')) as StoredStreamKey[])
  : [];
const dataKeys = await memoryDataKeys(fixture('data-master-keys'), recordedKeys);
const dataConverter = sealedDataConverter(parsePayloadKeys(fixture('payload-keys')), dataKeys.keys);

beforeAll(() => installTemporalRuntime(createLogger('silent', 'test')));
afterAll(() => dataKeys.close());

it('holds a recorded history of every workflow type the worker registers', () => {
  expect(new Set(files.map((file) => file.split('.')[0]))).toEqual(new Set(WORKFLOW_TYPES));
});

it('replays every recorded history against the current workflow code', async () => {
  const results: { file: string; error?: string }[] = [];
  let i = 0;
  for await (const result of Worker.runReplayHistories({ workflowsPath: WORKFLOWS_PATH, dataConverter }, histories)) {
    results.push({ file: histories[i++]!.file, ...(result.error ? { error: String(result.error) } : {}) });
  }
  expect(results).toEqual(files.map((file) => ({ file })));
}, 120_000);

describe('a workflow change that breaks determinism', () => {
  // A copy of workflows/ beside it (so its relative imports still resolve) with one step added before the
  // verification's first activity: what an unpatched change looks like.
  const copy = path.join(path.dirname(path.dirname(WORKFLOWS_PATH)), `workflows-changed-${process.pid}`);
  beforeAll(() => {
    cpSync(path.dirname(WORKFLOWS_PATH), copy, { recursive: true });
    const file = path.join(copy, 'verification.ts');
    const source = readFileSync(file, 'utf8');
    const changed =
      "import { sleep as addedSleep } from '@temporalio/workflow';\n" +
      source.replace(
        /export async function verificationWorkflow\(.*\{$/m,
        (head) => `${head}\n  await addedSleep('1 second');`,
      );
    expect(changed).toContain("await addedSleep('1 second');");
    writeFileSync(file, changed);
  });
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it('fails the replay of the recorded verification with a determinism violation', async () => {
    const verification = histories.filter((h) => h.file.startsWith('verificationWorkflow.'));
    expect(verification.length).toBeGreaterThan(0);
    for (const { workflowId, history } of verification) {
      await expect(
        Worker.runReplayHistory(
          { workflowsPath: path.join(copy, path.basename(WORKFLOWS_PATH)), dataConverter },
          history,
          workflowId,
        ),
      ).rejects.toBeInstanceOf(DeterminismViolationError);
    }
  }, 120_000);
});
