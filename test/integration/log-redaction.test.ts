// docs/architecture.md#operations and #personal-data: logs never hold a key, token, e-mail address, policy number or document content. The service
// runs a representative set of operations at debug level, failures included (a database error with parameters
// reaching the error middleware, an activity failing with one, which Temporal's "Activity failed" warning logs),
// with its whole log captured; the log is then searched for every secret and personal value it saw.
import { Context } from '@temporalio/activity';
import { Router } from 'express';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivities } from '../../activities/index.js';
import { createApp } from '../../api/app.js';
import { startWorker, type Running } from '../../bin/service.js';
import { accountWithKey, startTestApp, type TestApp } from '../support/app.js';

const EMAIL = 'log-probe.person@example.org';
const POLICY = 'AXK12345678';
const MISSING_POLICY = 'AXK87654321';
const NUL_POLICY = 'AXK1234\u00005678';

const lines: string[] = [];
let app: TestApp;
let worker: Running;
let failedActivities = 0;

beforeAll(async () => {
  app = await startTestApp({ env: { LOG_LEVEL: 'debug' }, logStream: { write: (line: string) => lines.push(line) } });
  // The service's own activities, one of which fails its first attempt with a real database error whose
  // parameters hold the request (as a refused JobSubmitted append did): Temporal logs "Activity failed" with it.
  const activities = createActivities(app.context);
  worker = await startWorker(app.context, {
    activities: {
      ...activities,
      async verifyJobPolicy(input: Parameters<typeof activities.verifyJobPolicy>[0]) {
        if (Context.current().info.attempt === 1) {
          failedActivities += 1;
          await app.context.engines.sql.query('select $1::int', [JSON.stringify(input.request)]);
        }
        return activities.verifyJobPolicy(input);
      },
    },
  });
});

afterAll(async () => {
  await worker?.stop();
  await app?.stop();
});

async function call(method: string, path: string, key: string | null, body?: unknown) {
  const res = await fetch(app.url + path, {
    method,
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as any };
}

async function untilDone(key: string, jobId: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await call('GET', `/api/v1/jobs/${jobId}`, key);
    if (res.body?.status !== 'pending' || Date.now() > deadline) return res;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('the log of a run', () => {
  it('holds no policy number, key, token or e-mail address, failures included', async () => {
    // Accounts and keys through the admin API (the e-mail address is in the request and the account).
    const account = await app.admin<{ account_id: string }>('POST', '/admin/accounts', { email: EMAIL, plan: 'pro' });
    expect(account.status).toBe(201);
    const key = await app.admin<{ key: string }>('POST', `/admin/accounts/${account.body.account_id}/keys`, {
      mode: 'live',
    });
    const test = await accountWithKey(app, { mode: 'test' });
    const secret = await app.admin<{ secret: string }>(
      'POST',
      `/admin/accounts/${account.body.account_id}/webhook-secret`,
    );
    const live = key.body.key;
    await app.admin('GET', `/admin/accounts/${account.body.account_id}`);

    // Verification: sync (verified, not found, sandbox), async (whose activity fails once), a refused NUL.
    const request = { policy_number: POLICY, country: 'UK', insurance_type: 'motor', provider: 'AXA' };
    expect((await call('POST', '/api/v1/verify', live, request)).status).toBe(200);
    expect((await call('POST', '/api/v1/verify', live, { ...request, policy_number: MISSING_POLICY })).status).toBe(
      404,
    );
    expect((await call('POST', '/api/v1/verify', test.key, request)).status).toBe(200);
    const job = await call('POST', '/api/v1/verify/async', live, request);
    expect(job.status).toBe(202);
    expect((await untilDone(live, job.body.job_id)).body.status).toBe('complete');
    expect(failedActivities).toBe(1);
    expect(
      (await call('POST', '/api/v1/verify/async', live, { ...request, policy_number: NUL_POLICY })).status,
    ).toBeLessThan(500);
    const batch = await call('POST', '/api/v1/verify/batch', live, {
      policies: [request, { ...request, policy_number: MISSING_POLICY }],
    });
    expect(batch.status).toBe(202);

    // Bad keys, bad admin tokens, a probe, public data.
    expect((await call('POST', '/api/v1/verify', `${live.slice(0, -3)}xyz`, request)).status).toBe(401);
    expect((await fetch(`${app.url}/admin/accounts/x`, { headers: { authorization: `Bearer ${live}` } })).status).toBe(
      401,
    );
    expect((await call('GET', '/readyz', null)).status).toBeLessThan(600);
    expect((await call('GET', '/api/v1/datasets', null)).status).toBe(200);

    // A database error with its parameters, reaching the error middleware of an app on the same logger.
    const probe = createApp({
      logger: app.context.logger,
      readiness: {},
      routers: [
        Router().post('/probe', async () => {
          await app.context.engines.sql.query('select $1::int, $2::text', [POLICY, EMAIL]);
        }),
      ],
    });
    const server = probe.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/probe`, {
      method: 'POST',
      headers: { authorization: `Bearer ${live}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...request, email: EMAIL }),
    });
    expect(res.status).toBe(500);
    await new Promise((resolve) => server.close(resolve));
    await new Promise((resolve) => setTimeout(resolve, 200)); // the last lines flushed

    const log = lines.join('');
    // The failures were logged (so the search below searched them), with what an operator needs.
    expect(log).toContain('"msg":"unhandled error"');
    expect(log).toContain('"msg":"Activity failed"');
    expect(log).toContain('invalid input syntax for type integer');
    expect(lines.some((line) => line.includes('"level":20'))).toBe(true);

    for (const value of [
      POLICY,
      MISSING_POLICY,
      'AXK1234',
      EMAIL,
      live,
      test.key,
      secret.body.secret,
      app.config.ADMIN_TOKEN!,
    ]) {
      expect(log.includes(value), `the log holds ${value.slice(0, 12)}…`).toBe(false);
    }
    expect(log).not.toMatch(/pk_(live|test)_[A-Za-z0-9]{6,}/);
    expect(log).not.toMatch(/whsec_[A-Za-z0-9+/=]{6,}/);
    expect(log).not.toMatch(/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/);
  });

  it('writes probes of /readyz to the access log at debug, other requests at info', async () => {
    await call('GET', '/readyz', null);
    await call('GET', '/api/v1/datasets?limit=1', null);
    const requests = lines
      .map((line) => JSON.parse(line) as { msg: string; route?: string; level: number })
      .filter((l) => l.msg === 'request');
    expect(requests.filter((l) => l.route === '/readyz').map((l) => l.level)).toContain(20);
    expect(requests.filter((l) => l.route === '/readyz').every((l) => l.level === 20)).toBe(true);
    expect(requests.find((l) => l.route === '/api/v1/datasets')?.level).toBe(30);
  });
});
