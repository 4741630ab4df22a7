// The layer rules of docs/architecture.md#layout in eslint.config.js (issue 19, item 3): an import that points back up a layer,
// types included, fails lint; and so does a workflow started, scheduled or reached other than by its contract
// (issue 38, item 5). Each case is a small source placed, for ESLint, as if it were a file of the room.
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { fromRoot } from '../../infra/paths.js';

const RULE = '@typescript-eslint/no-restricted-imports';
const SYNTAX = 'no-restricted-syntax';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: fromRoot() });
});

/** The messages of `rule` for `source` as the file `file` (relative to the root; it need not exist). */
async function layerErrors(file: string, source: string, rule = RULE): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: fromRoot(file) });
  return result!.messages.filter((message) => message.ruleId === rule).map((message) => message.message);
}

const importing = (specifier: string, typeOnly = false) =>
  typeOnly
    ? `import type { X } from '${specifier}';\nexport type Y = X;\n`
    : `import { x } from '${specifier}';\nexport const y = x;\n`;

describe('a back-pointing import fails lint', () => {
  it.each([
    ['infra/temporal/fixture.ts', '../../workflows/index.js', 'infra/ may not import from workflows/'],
    ['infra/fixture.ts', '../workflows/retention.js', 'infra/ may not import from workflows/'],
    ['infra/datasets/fixture.ts', '../../activities/datasets.js', 'infra/ may not import from activities/'],
    ['infra/fixture.ts', '../projections/jobs.js', 'infra/ may not import from projections/'],
    ['infra/fixture.ts', '../api/errors.js', 'infra/ may not import from api/'],
    ['infra/fixture.ts', '../application/ledger/ledger.js', 'infra/ may not import from application/'],
    ['infra/sql/fixture.ts', '../../application/audit.js', 'infra/ may not import from application/'],
    ['projections/fixture.ts', '../application/accounts.js', 'projections/ may not import from application/'],
    [
      'projections/readers/fixture.ts',
      '../../application/jobs/admission.js',
      'projections/ may not import from application/',
    ],
    ['domain/jobs/fixture.ts', '../../application/accounts.js', 'domain/ may not import from application/'],
    ['contracts/fixture.ts', '../application/mail/outbox.js', 'contracts/ may not import from application/'],
    ['application/fixture.ts', '../api/errors.js', 'application/ may not import from api/'],
    ['application/ledger/fixture.ts', '../../activities/jobs.js', 'application/ may not import from activities/'],
    ['application/fixture.ts', '../workflows/batch.js', 'application/ may not import from workflows/'],
    ['application/mail/fixture.ts', '../../bin/context.js', 'application/ may not import from bin/'],
    ['infra/temporal/fixture.ts', '../../bin/service.js', 'infra/ may not import from bin/'],
    ['activities/fixture.ts', '../bin/service.js', 'activities/ may not import from bin/'],
    ['activities/fixture.ts', '../workflows/webhook.js', 'activities/ may not import from workflows/'],
    ['activities/fixture.ts', '../api/routes/jobs.js', 'activities/ may not import from api/'],
    ['projections/fixture.ts', '../activities/jobs.js', 'projections/ may not import from activities/'],
    ['projections/fixture.ts', '../workflows/batch.js', 'projections/ may not import from workflows/'],
    ['projections/fixture.ts', '../api/app.js', 'projections/ may not import from api/'],
    ['domain/jobs/fixture.ts', '../../infra/sql/sql.js', 'domain/ may not import from infra/'],
    ['domain/jobs/fixture.ts', '../../contracts/admission.js', 'domain/ may not import from contracts/'],
    ['contracts/fixture.ts', '../infra/config.js', 'contracts/ may not import from infra/'],
    ['contracts/fixture.ts', '../workflows/batch.js', 'contracts/ may not import from workflows/'],
    ['api/routes/fixture.ts', '../../workflows/batch.js', 'api/ may not import from workflows/'],
    ['api/fixture.ts', '../workflows/index.js', 'api/ may not import from workflows/'],
    ['api/portal/fixture.ts', '../../activities/jobs.js', 'api/ may not import from activities/'],
    ['api/fixture.ts', '../bin/context.js', 'api/ may not import from bin/'],
    ['bin/fixture.ts', '../test/support/app.js', 'bin/ ships in the image'],
    ['bin/fixture.ts', '../scripts/import-graph.js', 'bin/ ships in the image'],
  ])('%s importing %s', async (file, specifier, message) => {
    for (const typeOnly of [false, true]) {
      const errors = await layerErrors(file, importing(specifier, typeOnly));
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain(message);
    }
  });

  it('workflow code may import activity types, not activity code', async () => {
    expect(await layerErrors('workflows/fixture.ts', importing('../activities/jobs.js', true))).toEqual([]);
    expect(await layerErrors('workflows/fixture.ts', importing('../activities/jobs.js'))).toHaveLength(1);
    expect(await layerErrors('workflows/fixture.ts', importing('../infra/config.js'))).toHaveLength(1);
    expect(await layerErrors('workflows/fixture.ts', importing('../application/accounts.js'))).toHaveLength(1);
  });
});

describe('an import that points down passes', () => {
  it.each([
    ['infra/temporal/fixture.ts', '../../contracts/search-attributes.js'],
    ['infra/fixture.ts', './sql/sql.js'],
    ['projections/fixture.ts', '../infra/sql/sql.js'],
    ['projections/fixture.ts', '../domain/jobs/outcomes.js'],
    ['activities/fixture.ts', '../application/ledger/ledger.js'],
    ['api/routes/fixture.ts', '../../application/jobs/admission.js'],
    ['application/fixture.ts', '../projections/readers/jobs.js'],
    ['application/ledger/fixture.ts', '../../infra/eventstore/types.js'],
    ['application/fixture.ts', '../domain/ledger/ledger.js'],
    ['application/fixture.ts', '../contracts/retention.js'],
    ['activities/fixture.ts', '../domain/errors.js'],
    ['activities/fixture.ts', '../projections/jobs.js'],
    ['workflows/fixture.ts', '../contracts/verification.js'],
    ['contracts/fixture.ts', '../domain/jobs/job.js'],
    ['api/routes/fixture.ts', '../../contracts/batch.js'],
    ['api/routes/fixture.ts', '../../infra/temporal/contract-client.js'],
    ['api/routes/fixture.ts', '../../projections/jobs.js'],
    ['bin/fixture.ts', '../workflows/index.js'],
    ['bin/fixture.ts', '../activities/index.js'],
    ['bin/fixture.ts', '../api/app.js'],
  ])('%s importing %s', async (file, specifier) => {
    expect(await layerErrors(file, importing(specifier))).toEqual([]);
  });
});

describe('a workflow is started, scheduled and reached by its contract only', () => {
  const calls = {
    'client.workflow.start':
      "import type { Client } from '@temporalio/client';\nexport const go = (client: Client) => client.workflow.start('batchWorkflow', { workflowId: 'b', taskQueue: 'q' });\n",
    'a handle':
      "import type { Client } from '@temporalio/client';\nexport const go = (client: Client) => client.workflow.getHandle('b').result();\n",
    'client.workflow held apart':
      "import type { Client } from '@temporalio/client';\nexport const go = (client: Client) => {\n  const workflows = client.workflow;\n  return workflows.execute('batchWorkflow', { workflowId: 'b', taskQueue: 'q' });\n};\n",
    'client.schedule.create':
      "import type { Client, ScheduleOptions } from '@temporalio/client';\nexport const go = (client: Client, options: ScheduleOptions) => client.schedule.create(options);\n",
    'update-with-start by hand':
      "import { WithStartWorkflowOperation } from '@temporalio/client';\nexport const op = new WithStartWorkflowOperation('batchWorkflow', { workflowId: 'b', taskQueue: 'q', workflowIdConflictPolicy: 'FAIL' });\n",
  };

  it.each(Object.entries(calls))('%s fails lint outside the facade', async (_, source) => {
    for (const file of [
      'infra/fixture.ts',
      'infra/temporal/fixture.ts',
      'api/routes/fixture.ts',
      'bin/fixture.ts',
      'scripts/fixture.ts',
    ]) {
      const errors = await layerErrors(file, source, SYNTAX);
      expect(errors, file).toHaveLength(1);
      expect(errors[0]).toContain('infra/temporal/contract-client.ts');
    }
  });

  it.each(Object.entries(calls))('%s passes in the facade, and in tests', async (_, source) => {
    expect(await layerErrors('infra/temporal/contract-client.ts', source, SYNTAX)).toEqual([]);
    expect(await layerErrors('test/integration/fixture.test.ts', source, SYNTAX)).toEqual([]);
  });
});
