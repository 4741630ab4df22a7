import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { requireTemporal } from '../../bin/context.js';
import { startProjector, startWorker, type Running } from '../../bin/service.js';
import { noteActivities } from '../fixtures/notes/activities.js';
import { notesProjection } from '../fixtures/notes/projection.js';
import { openTestContext, type TestContext } from '../support/context.js';

let t: TestContext;
const running: Running[] = [];

beforeAll(async () => {
  t = await openTestContext({ projections: [notesProjection] });
  running.push(await startProjector(t.context));
  running.push(
    await startWorker(t.context, {
      workflowsPath: fileURLToPath(new URL('../fixtures/notes/workflows.ts', import.meta.url)),
      activities: noteActivities(t.context.engines.events),
    }),
  );
});

afterAll(async () => {
  for (const part of running.reverse()) await part.stop();
  await t?.close();
});

it('runs a workflow whose activity appends an event that a projection then shows, once despite a retry', async () => {
  const noteId = randomUUID();
  const result = await requireTemporal(t.context).client.workflow.execute('noteWorkflow', {
    workflowId: `note-${noteId}`,
    taskQueue: t.config.TEMPORAL_TASK_QUEUE,
    args: [noteId, 'hello'],
  });
  expect(result).toBe('recorded');

  const [event] = await t.context.engines.events.readStream(`note-${noteId}`);
  expect(event?.type).toBe('NoteRecorded');
  expect(await t.context.readModelsAt(event!.position, 10_000)).toBe(true);
  const rows = await t.context.engines.sql.query('select text, applied from test_notes where note_id = $1', [noteId]);
  // The activity ran twice (its first attempt failed after appending) and the deterministic event id kept
  // the second append from writing again.
  expect(rows).toEqual([{ text: 'hello', applied: 1 }]);
  expect(await t.context.engines.events.readStream(`note-${noteId}`)).toHaveLength(1);
});
