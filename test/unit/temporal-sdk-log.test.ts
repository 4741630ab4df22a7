// The Temporal SDK's lines on the service's logger: a request's refusal (an activity's non-retryable failure
// typed with an API error code, e.g. a batch without credits) is no warning and carries no stack trace; any other
// failure stays a warning with its error.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { ApplicationFailure } from '@temporalio/common';
import { pino } from 'pino';
import { expect, it } from 'vitest';
import { createLogger } from '../../infra/logger.js';
import { sdkLogger } from '../../infra/temporal/worker.js';

function capture(level: 'info' | 'debug') {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger(level, 'test');
  (logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] = {
    write: (line: string) => lines.push(JSON.parse(line)),
  };
  return { log: sdkLogger(logger), lines };
}

it('keeps a refusal out of the warnings, and a real failure in them', () => {
  const { log, lines } = capture('info');
  log.warn('Activity failed', {
    error: ApplicationFailure.create({ message: 'needs 3 credits', type: 'insufficient_credits', nonRetryable: true }),
  });
  log.warn('Activity failed', {
    error: ApplicationFailure.nonRetryable('no dataset "x" in the catalogue', 'UnknownDataset'),
  });
  log.log('WARN', 'Activity failed', { error: new Error('connection refused') });
  expect(lines.map((l) => [l.level, l.msg])).toEqual([
    [40, 'Activity failed'],
    [40, 'Activity failed'],
  ]);
  expect(JSON.stringify(lines)).not.toContain('needs 3 credits');
});

it('writes the refusal at debug, its type and message without a stack', () => {
  const { log, lines } = capture('debug');
  log.warn('Activity failed', {
    activityType: 'admitBatch',
    error: ApplicationFailure.create({ message: 'needs 3 credits', type: 'insufficient_credits', nonRetryable: true }),
  });
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatchObject({
    level: 20,
    activityType: 'admitBatch',
    error: { type: 'insufficient_credits', message: 'needs 3 credits' },
  });
  expect(JSON.stringify(lines[0])).not.toContain('stack');
});

it("keeps the extraction worker's lack of workflows, the SDK's warning at each start, out of the warnings", () => {
  // The very line the SDK writes (an upgrade that rewords it would bring the warning back unnoticed).
  const sdk = readFileSync(createRequire(import.meta.url).resolve('@temporalio/worker/lib/worker.js'), 'utf8');
  const message = 'No workflows registered, not polling for workflow tasks';
  expect(sdk).toContain(`'${message}'`);
  const { log, lines } = capture('debug');
  log.warn(message, { taskQueue: 'policy-verification-extraction' });
  expect(lines.map((l) => [l.level, l.msg])).toEqual([[20, message]]);
});

it("keeps a callback's failed attempt out of the warnings (the attempt logs its own line) and no line carries the task token", () => {
  const { log, lines } = capture('info');
  const retry = ApplicationFailure.create({
    message: 'webhook attempt 2 failed: receiver answered HTTP 500',
    type: 'webhook_retryable',
  });
  log.warn('Activity failed', {
    taskToken: 'Cg9hYmNkZWZnaGlqa2xtbm9w',
    activityType: 'deliverJobWebhook',
    error: retry,
  });
  log.warn('callback of job j1 failed (HTTP 500), attempt 2; next try in 20 s', {
    taskToken: 'Cg9hYmNkZWZnaGlqa2xtbm9w',
    workflowId: 'webhook-j1',
    job_id: 'j1',
    status: 500,
    next_try_in_s: 20,
  });
  expect(lines.map((l) => [l.level, l.msg])).toEqual([
    [40, 'callback of job j1 failed (HTTP 500), attempt 2; next try in 20 s'],
  ]);
  expect(lines[0]).toMatchObject({ job_id: 'j1', status: 500, next_try_in_s: 20 });
  expect(JSON.stringify(lines)).not.toMatch(/taskToken|Cg9hYmNk|stack/);
});
