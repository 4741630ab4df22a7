// The response recorder (issue 17, item 2), a vitest setupFile: it wraps globalThis.fetch so that every answer a
// test receives from the service for a documented path and method is checked against the OpenAPI document, and
// the test fails on the first answer the document does not describe. Paths the document leaves out on purpose
// (admin, portal pages, /codec, /docs) are not checked. The operationIds exercised are appended, one a line, to
// $OPENAPI_RECORD_DIR/operations.txt when that is set, for a check after all files that none was left out.
//
// On when OPENAPI_RECORDER=1 (see vitest.config.ts).
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openApiChecker } from './openapi-check.js';

const LOCAL = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Origins that are not the public API, whose answers the document does not describe even on its paths (the
 * ADMIN_LISTEN listener answers 404 to them): a test that calls one adds it here.
 */
export const notThePublicApi = new Set<string>();

if (process.env.OPENAPI_RECORDER === '1') {
  const checker = openApiChecker();
  const dir = process.env.OPENAPI_RECORD_DIR;
  if (dir) mkdirSync(dir, { recursive: true });
  const original = globalThis.fetch;

  globalThis.fetch = async function recordedFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const response = await original(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    if (!LOCAL.has(url.hostname) || notThePublicApi.has(url.origin)) return response;
    const operation = checker.operationOf(method, url.pathname);
    if (!operation) return response;
    const contentType = response.headers.get('content-type');
    let body: unknown = null;
    if (contentType?.includes('application/json')) {
      const text = await response.clone().text();
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    const problems = checker.check(method, url.pathname, response.status, contentType, body);
    if (problems.length > 0) {
      throw new Error(
        `OpenAPI recorder: an answer the document does not describe:\n${problems.join('\n')}\n${JSON.stringify(body).slice(0, 500)}`,
      );
    }
    if (dir) appendFileSync(join(dir, 'operations.txt'), `${operation.operationId}\n`);
    return response;
  } as typeof fetch;
}
