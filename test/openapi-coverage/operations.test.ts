// After every other file: with the response recorder on (OPENAPI_RECORDER=1, test/support/openapi-recorder.ts),
// every operation of the OpenAPI document was called by some test and answered as documented.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../api/openapi.js';
import { runsWhere } from '../support/ci.js';

const dir = process.env.OPENAPI_RECORD_DIR;

// Always in CI: a run that recorded nothing has not shown the document holds.
it.runIf(runsWhere(process.env.OPENAPI_RECORDER === '1' && dir))(
  'every operation of /openapi.json was exercised by a test',
  () => {
    expect(dir, 'OPENAPI_RECORD_DIR').toBeTruthy();
    const file = path.join(dir!, 'operations.txt');
    const exercised = new Set(existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : []);
    const doc = buildOpenApiDocument();
    const operations = Object.values(doc.paths ?? {}).flatMap((methods) =>
      Object.values(methods as Record<string, { operationId?: string }>)
        .map((op) => op?.operationId)
        .filter((id): id is string => typeof id === 'string'),
    );
    expect(operations.length).toBeGreaterThan(10);
    expect(operations.filter((id) => !exercised.has(id))).toEqual([]);
  },
);
