import type { ApiOptions } from '../../bin/api-app.js';
import { startApi, startProjector, startWorker, type Running } from '../../bin/service.js';
import type { Projection } from '../../projections/projection.js';
import type { ProjectionRunner } from '../../projections/runner.js';
import { openTestContext, type TestContext } from './context.js';

export interface TestApp extends TestContext {
  url: string;
  /** The in-process projector: a test may stop it (the read models then lag) and start it again. */
  projector: ProjectionRunner;
  /** Calls the admin API with the test admin token. */
  admin<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }>;
  /** /metrics as Prometheus scrapes it: with the admin token. */
  metrics(): Promise<string>;
  stop(): Promise<void>;
}

/** The service on real engines: projector, API (and worker when asked), on a free port. */
export async function startTestApp(
  options: {
    worker?: boolean;
    env?: Record<string, string>;
    projections?: readonly Projection[];
    /** The port to listen on (known before start, e.g. for PUBLIC_BASE_URL); a free one when absent. */
    port?: number;
    /** As `npm run dev` starts it (bin/api-app.ts ApiOptions). */
    api?: ApiOptions;
    /** The service's log lines, instead of stdout (see openTestContext). */
    logStream?: { write(line: string): unknown };
  } = {},
): Promise<TestApp> {
  const t = await openTestContext(options);
  const projector = await startProjector(t.context);
  const parts: Running[] = [projector];
  if (options.worker) parts.push(await startWorker(t.context));
  const api = await startApi(t.context, options.port ?? 0, options.api);
  parts.push(api);
  return {
    ...t,
    url: api.url,
    projector: projector.runner,
    async admin<T>(method: string, path: string, body?: unknown) {
      const res = await fetch(api.url + path, {
        method,
        headers: { authorization: `Bearer ${t.config.ADMIN_TOKEN}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, body: (await res.json()) as T };
    },
    async metrics() {
      const res = await fetch(`${api.url}/metrics`, { headers: { authorization: `Bearer ${t.config.ADMIN_TOKEN}` } });
      if (res.status !== 200) throw new Error(`/metrics answered ${res.status}`);
      return res.text();
    },
    async stop() {
      for (const part of parts.reverse()) await part.stop();
      await t.close();
    },
  };
}

/** An account with a key of the given mode, through the admin API. */
export async function accountWithKey(
  app: TestApp,
  options: {
    plan?: string;
    mode?: 'live' | 'test';
    scopes?: string[];
    credits?: number;
    requestsPerMinute?: number;
  } = {},
): Promise<{ accountId: string; key: string; keyId: string }> {
  const account = await app.admin<{ account_id: string }>('POST', '/admin/accounts', {
    email: `user-${Math.random().toString(36).slice(2)}@example.com`,
    plan: options.plan ?? 'free',
    ...(options.credits !== undefined ? { monthly_credits: options.credits } : {}),
    ...(options.requestsPerMinute !== undefined ? { requests_per_minute: options.requestsPerMinute } : {}),
  });
  if (account.status !== 201) throw new Error(`account create failed: ${JSON.stringify(account.body)}`);
  const key = await app.admin<{ key: string; key_id: string }>(
    'POST',
    `/admin/accounts/${account.body.account_id}/keys`,
    {
      mode: options.mode ?? 'live',
      ...(options.scopes ? { scopes: options.scopes } : {}),
    },
  );
  if (key.status !== 201) throw new Error(`key create failed: ${JSON.stringify(key.body)}`);
  return { accountId: account.body.account_id, key: key.body.key, keyId: key.body.key_id };
}

/** A JSON call to the app with an API key, answered as status and parsed body. */
export async function callWithKey(
  app: Pick<TestApp, 'url'>,
  key: string,
  method: string,
  path: string,
  body?: unknown,
) {
  const res = await fetch(app.url + path, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** Reads until `done` holds, every 200 ms; throws naming `what` (and the last value) after `timeoutMs`. */
export async function until<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  what: string,
  timeoutMs = 90_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The account's balance as the admin view shows it, once it shows `expected`: the view is a read model, which
 * follows the ledger within moments of a charge. A wrong figure still fails, with the one shown after ten seconds.
 */
export const balanceShown = (
  app: Pick<TestApp, 'admin'>,
  accountId: string,
  expected: { balance: number; reserved: number },
) =>
  until(
    async () => (await app.admin<any>('GET', `/admin/accounts/${accountId}`)).body.balance,
    (shown) => shown.balance === expected.balance && shown.reserved === expected.reserved,
    `the balance ${JSON.stringify(expected)}`,
    10_000,
  );
