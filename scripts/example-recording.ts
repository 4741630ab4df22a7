// The running service scripts/record-openapi-examples.ts records its examples from: the whole service as the tests
// start it, on its own Temporal dev server (in memory) and PGlite in a temporary directory, and the calls that keep
// each answer that fits the OpenAPI document as an example.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildOpenApiDocument } from '../api/openapi.js';
import type { RecordedExamples } from '../api/openapi/examples.js';
import { openContext } from '../bin/context.js';
import { startApi, startProjector, startWorker, type Running } from '../bin/service.js';
import { loadConfig } from '../infra/config.js';
import { createLogger } from '../infra/logger.js';
import { DevConsole } from '../infra/console/terminal.js';
import { ensureTemporalBinary } from '../infra/temporal/binary.js';
import { startDevServer } from '../infra/temporal/dev-server.js';
import { freePort } from '../test/support/net.js';
import { openApiChecker } from '../test/support/openapi-check.js';

export interface CallOptions {
  key?: string;
  json?: unknown;
  raw?: string;
  form?: () => FormData;
  headers?: Record<string, string>;
}

export async function startRecording() {
  const binary = await ensureTemporalBinary(process.env.TEMPORAL_CLI_PATH, (label, state) =>
    new DevConsole(process.stdout).progress(label, state),
  );
  const server = await startDevServer({ binary, port: await freePort(), uiPort: null });
  let serverStopped = false;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pvs-openapi-examples-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    // The last calls, with the Temporal server stopped, make the service warn as it should; nothing to see.
    LOG_LEVEL: 'error',
    TEMPORAL_TASK_QUEUE: 'openapi-examples',
    ADMIN_TOKEN: 'openapi-examples-admin-token-0123',
    KEY_PEPPER: 'openapi-examples-pepper-0123456789',
    OCR_WORKERS: '1',
    // The monitors' examples name a webhook at example.com, which this machine may not resolve.
    WEBHOOK_ALLOWLIST: 'example.com:443',
  });
  const logger = createLogger(config.LOG_LEVEL, 'openapi-examples');
  const context = await openContext(config, logger, { temporalAddress: server.address });
  const worker = await startWorker(context);
  const parts: Running[] = [await startProjector(context), worker];
  const api = await startApi(context, 0);
  parts.push(api);

  const checker = openApiChecker(buildOpenApiDocument());
  const examples: RecordedExamples = {};

  const admin = async <T = Record<string, string>>(route: string, body: unknown): Promise<T> => {
    const res = await fetch(api.url + route, {
      method: 'POST',
      headers: { authorization: `Bearer ${config.ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (res.status !== 201) throw new Error(`admin ${route}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  let accounts = 0;
  /** A key on an account of its own (plan limits overridden as given). */
  const keyOf = async (
    mode: 'live' | 'test',
    limits: { monthly_credits?: number; requests_per_minute?: number } = {},
    scopes?: string[],
  ) => {
    const account = await admin<{ account_id: string }>('/admin/accounts', {
      email: `examples-${++accounts}@example.com`,
      plan: 'pro',
      requests_per_minute: 1000,
      ...limits,
    });
    const key = await admin<{ key: string }>(`/admin/accounts/${account.account_id}/keys`, {
      mode,
      ...(scopes ? { scopes } : {}),
    });
    return key.key;
  };

  const call = async (method: string, route: string, options: CallOptions = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.key) headers.authorization = `Bearer ${options.key}`;
    if (options.json !== undefined || options.raw !== undefined) headers['content-type'] = 'application/json';
    const body = options.json !== undefined ? JSON.stringify(options.json) : (options.raw ?? options.form?.());
    const res = await fetch(api.url + route, { method, headers, ...(body !== undefined ? { body } : {}) });
    const type = res.headers.get('content-type');
    const text = await res.text();
    return {
      status: res.status,
      type,
      body: type?.includes('application/json') ? (JSON.parse(text) as unknown) : text,
    };
  };

  /** Calls the operation, expects `status`, and keeps the answer as the example `name` of that status. */
  const record = async (
    name: string,
    summary: string,
    method: string,
    route: string,
    status: number,
    options: CallOptions = {},
  ) => {
    const res = await call(method, route, options);
    const pathname = new URL(api.url + route).pathname;
    const operation = checker.operationOf(method, pathname);
    if (!operation) throw new Error(`${method} ${pathname} is not in the document`);
    if (res.status !== status)
      throw new Error(
        `${operation.operationId} (${name}): expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`,
      );
    const problems = checker.check(method, pathname, res.status, res.type, res.body);
    if (problems.length > 0)
      throw new Error(
        `${operation.operationId} ${status} (${name}) does not fit the document:\n${problems.join('\n')}`,
      );
    ((examples[operation.operationId] ??= {})[String(status)] ??= {})[name] = { summary, value: res.body };
    return res.body as Record<string, string>;
  };

  /** Polls a job or batch until it is no longer pending or processing. */
  const settled = async (route: string, key: string) => {
    for (let i = 0; i < 300; i++) {
      const res = await call('GET', route, { key });
      const status = (res.body as { status?: string }).status;
      if (res.status === 200 && status !== 'pending' && status !== 'processing') return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`${route} did not settle`);
  };

  /**
   * Submits once (202), waits until what was submitted has finished, then submits the same again under the same
   * Idempotency-Key (200, the replay). Returns where the submission is read, found by `urlOf` in the 202 answer
   * (a job's poll_url unless told otherwise).
   */
  const submittedTwice = async (
    route: string,
    options: CallOptions & { key: string },
    summaries: { accepted: string; replay: string },
    urlOf = (accepted: Record<string, string>) => accepted.poll_url!,
  ) => {
    const url = urlOf(await record('accepted', summaries.accepted, 'POST', route, 202, options));
    await settled(url, options.key);
    await record('replay', summaries.replay, 'POST', route, 200, options);
    return url;
  };

  return {
    context,
    examples,
    keyOf,
    call,
    record,
    submittedTwice,
    /** Stops the worker and the Temporal server: what a submission answers when the job engine is unreachable. */
    /** Stops the worker only: the workflows wait, what an answer that waits for one gives meanwhile. */
    stopWorker: async () => {
      if (parts.includes(worker)) parts.splice(parts.indexOf(worker), 1);
      await worker.stop();
    },
    stopJobEngine: async () => {
      if (parts.includes(worker)) {
        parts.splice(parts.indexOf(worker), 1);
        await worker.stop();
      }
      await server.stop();
      serverStopped = true;
    },
    close: async () => {
      for (const part of parts.reverse()) await part.stop().catch((error: unknown) => console.error(error));
      await context.close().catch((error: unknown) => console.error(error));
      if (!serverStopped) await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
