// The OpenAPI document the service serves passes `redocly lint` (recommended rules, with the exceptions and their
// reasons in redocly.yaml): no error and no warning. Redocly runs offline, as a child process, on the document
// buildOpenApiDocument makes for GET /openapi.json.
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../api/openapi.js';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, '../..');

describe('redocly lint', () => {
  it('finds no error and no warning in the served document', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'openapi-lint-')), 'openapi.json');
    writeFileSync(file, JSON.stringify(buildOpenApiDocument()));
    const cli = path.join(path.dirname(require.resolve('@redocly/cli/package.json')), 'bin/cli.js');
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
    const result = await run(
      process.execPath,
      [cli, 'lint', '--config', path.join(root, 'redocly.yaml'), '--format', 'stylish', file],
      { env },
    ).then(
      ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({
        code: error.code,
        output: error.stdout + error.stderr,
      }),
    );
    expect(result.output).not.toMatch(/\b(error|warning)\s+[a-z0-9-]+\s/);
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain('Your API description is valid');
  }, 60_000);
});
