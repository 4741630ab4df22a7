// What a client generated from /openapi.json with openapi-typescript knows of a job's result: the snippet below,
// compiled with the generated types, narrows a job by its kind and reads the verification answer's and the
// extraction result's fields as their own types. A result typed `unknown` fails the first compile, one typed
// `any` (or a free-form object) the second.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../api/openapi.js';

const dir = mkdtempSync(join(tmpdir(), 'pvs-openapi-types-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const USES = `
import type { components, paths } from './schema.js';

type Job = paths['/api/v1/jobs/{job_id}']['get']['responses'][200]['content']['application/json'];
export function describe(job: Job): string {
  if (job.type === 'verification' && job.result) {
    const score: number = job.result.confidence_score;
    const status: 'verified' | 'inconclusive' | 'unverified' = job.result.status;
    const sources: string[] = job.result.verification_sources;
    const insurer: string | undefined = job.result.insurer?.name;
    const charged: number = job.result.credits_charged;
    return [score, status, sources.join(), insurer, charged].join(' ');
  }
  if (job.type === 'extraction' && job.result) {
    const method: 'text' | 'ocr' = job.result.method;
    const excess: number | undefined = job.result.coverage.excess?.amount;
    return [job.result.policy_number, method, excess, job.credits_charged].join(' ');
  }
  return job.status;
}
export const sample: components['schemas']['VerificationResult']['flags'] = [];
`;

// Must not compile: the verification answer's fields have types, so a wrong one is caught.
const MISUSES = `
import type { components } from './schema.js';
export function wrong(job: components['schemas']['Job']): string | undefined {
  if (job.type === 'verification' && job.result) {
    const score: string = job.result.confidence_score;
    return score + job.result.no_such_field;
  }
}
`;

function compile(file: string): string[] {
  const program = ts.createProgram([join(dir, file)], {
    strict: true,
    noEmit: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    skipLibCheck: true,
    types: [],
  });
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('the client openapi-typescript generates from /openapi.json', () => {
  it('types a job result by the job kind, the verification answer field by field', async () => {
    const document = JSON.parse(JSON.stringify(buildOpenApiDocument())) as never; // as GET /openapi.json sends it
    writeFileSync(join(dir, 'schema.ts'), astToString(await openapiTS(document)));
    writeFileSync(join(dir, 'uses.ts'), USES);
    writeFileSync(join(dir, 'misuses.ts'), MISUSES);

    expect(compile('uses.ts')).toEqual([]);
    const errors = compile('misuses.ts').join('\n');
    expect(errors).toMatch(/'number' is not assignable to type 'string'/);
    expect(errors).toMatch(/no_such_field/);
  }, 60_000);
});
