// Issue 17: the examples of the OpenAPI document are real answers of the service, recorded by
// scripts/record-openapi-examples.ts into api/openapi/examples.json. Every operation has a success example, every
// answer with a JSON body has one, and every example fits the schema of the response it stands under.
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../api/openapi.js';
import { RECORDED_EXAMPLES } from '../../api/openapi/examples.js';
import { openApiChecker } from '../support/openapi-check.js';

const doc: any = buildOpenApiDocument();
const checker = openApiChecker(doc);

interface Media {
  example?: unknown;
  examples?: Record<string, { summary?: string; value: unknown }>;
}
interface Operation {
  operationId: string;
  responses: Record<string, { content?: Record<string, Media> }>;
}

const operations = Object.entries(doc.paths as Record<string, Record<string, Operation>>).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
);

/** A concrete path for a template, to find the operation again through the checker. */
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, 'x');

describe('the examples of the OpenAPI document', () => {
  it('give every operation a success example', () => {
    expect(operations.length).toBeGreaterThan(10);
    const without = operations
      .filter(({ operation }) =>
        Object.entries(operation.responses).every(
          ([status, response]) =>
            !status.startsWith('2') || !Object.values(response.content ?? {}).some((media) => media.examples),
        ),
      )
      .map(({ operation }) => operation.operationId);
    expect(without).toEqual([]);
  });

  it('give every JSON answer an example recorded from the service', () => {
    const without = operations.flatMap(({ operation }) =>
      Object.entries(operation.responses)
        .filter(
          ([, response]) => response.content?.['application/json'] && !response.content['application/json'].examples,
        )
        .map(([status]) => `${operation.operationId} ${status}`),
    );
    expect(without).toEqual([]);
    // Nothing written by hand is left beside them.
    const handWritten = operations.flatMap(({ operation }) =>
      Object.entries(operation.responses)
        .filter(([, response]) => response.content?.['application/json']?.example !== undefined)
        .map(([status]) => `${operation.operationId} ${status}`),
    );
    expect(handWritten).toEqual([]);
  });

  it('fit the schema of the response they stand under', () => {
    let checked = 0;
    for (const { path, method, operation } of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        for (const [name, example] of Object.entries(response.content?.['application/json']?.examples ?? {})) {
          expect(
            checker.check(method, concrete(path), Number(status), 'application/json', example.value),
            `${operation.operationId} ${status} ${name}`,
          ).toEqual([]);
          expect(example.summary, `${operation.operationId} ${status} ${name}`).toMatch(/\S/);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('name only operations and answers the document has', () => {
    const answers = new Set(
      operations.flatMap(({ operation }) =>
        Object.keys(operation.responses).map((status) => `${operation.operationId} ${status}`),
      ),
    );
    const stale = Object.entries(RECORDED_EXAMPLES).flatMap(([operationId, statuses]) =>
      Object.keys(statuses)
        .map((status) => `${operationId} ${status}`)
        .filter((answer) => !answers.has(answer)),
    );
    expect(stale).toEqual([]);
  });

  it('are what the service answered: ids, times and the job behind a poll agree with each other', () => {
    const examples = (operationId: string, status: number) => RECORDED_EXAMPLES[operationId]![String(status)]!;
    const accepted = examples('verifyPolicyAsync', 202).accepted!.value as { job_id: string; poll_url: string };
    const replay = examples('verifyPolicyAsync', 200).replay!.value as { job_id: string };
    const job = examples('getJob', 200).verification!.value as {
      job_id: string;
      created_at: string;
      completed_at: string;
    };
    expect(accepted.poll_url).toBe(`/api/v1/jobs/${accepted.job_id}`);
    expect(replay.job_id).toBe(accepted.job_id);
    expect(job.job_id).toBe(accepted.job_id);
    expect(Date.parse(job.completed_at)).toBeGreaterThanOrEqual(Date.parse(job.created_at));
    const batch = examples('verifyBatch', 202).accepted!.value as { batch_id: string };
    expect((examples('getBatch', 200).complete!.value as { batch_id: string }).batch_id).toBe(batch.batch_id);
  });
});
