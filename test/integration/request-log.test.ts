// The dashboard's request log as a ring (issue 40 item 6): each account's last 1,000 calls, newest first, its
// filters as before; rows overwritten in place rather than deleted (the table does not grow lap after lap); the
// old table's rows carried over; a graceful stop loses nothing, a kill -9 at most the calls of the last flush
// interval.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../infra/logger.js';
import { FLUSH_MS } from '../../infra/periodic-flush.js';
import {
  listRequests,
  REQUEST_LOG_SIZE,
  RequestLog,
  requestLogMigrations,
  type RequestLogEntry,
} from '../../application/request-log.js';
import { migrate } from '../../infra/sql/migrate.js';
import type { Sql } from '../../infra/sql/sql.js';
import { accountWithKey, startTestApp, type TestApp } from '../support/app.js';
import { runsWhere } from '../support/ci.js';
import { spawnService } from '../support/processes.js';
import { testDatabases } from '../support/sql.js';

const logger = createLogger('silent', 'test');
const start = Date.parse('2026-11-02T10:00:00Z');

/** The n-th call of an account: every third by a second key, every seventh refused. */
const call = (accountId: string, n: number): RequestLogEntry => ({
  at: start + n * 10,
  accountId,
  keyId: n % 3 === 0 ? 'key-b' : 'key-a',
  method: 'POST',
  route: '/api/v1/verify',
  status: n % 7 === 0 ? 402 : 200,
  error: n % 7 === 0 ? 'insufficient_credits' : null,
  ms: n % 100,
  requestId: `req-${n}`,
});

describe.each(testDatabases())('request log ($name)', (database) => {
  let sql: Sql;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ sql, close } = await database.open());
    await migrate(sql, requestLogMigrations);
  });
  afterAll(async () => close());

  /** Records calls `from`…`to - 1` of an account, flushed `perFlush` at a time. */
  async function calls(log: RequestLog, accountId: string, from: number, to: number, perFlush: number) {
    for (let n = from; n < to; n += 1) {
      log.record(call(accountId, n));
      if ((n - from + 1) % perFlush === 0) await log.flush();
    }
    await log.flush();
  }

  it("answers each account's last 1,000 calls, newest first, narrowed by key and status", async () => {
    const log = new RequestLog(sql, logger, 60_000);
    const [a, b] = [randomUUID(), randomUUID()];
    await calls(log, b, 0, 3, 10);
    // More than a ring's worth in one flush, then in several, as eager and periodic flushes write them.
    await calls(log, a, 0, 1100, 1100);
    await calls(log, a, 1100, 1250, 40);

    const ids = (rows: { request_id: string }[]) => rows.map((row) => row.request_id);
    const newest = Array.from({ length: REQUEST_LOG_SIZE }, (_, i) => 1249 - i);
    expect(ids(await listRequests(sql, a))).toEqual(newest.map((n) => `req-${n}`));
    expect(ids(await listRequests(sql, a, { keyId: 'key-b' }))).toEqual(
      newest.filter((n) => n % 3 === 0).map((n) => `req-${n}`),
    );
    expect(ids(await listRequests(sql, a, { status: '4xx' }))).toEqual(
      newest.filter((n) => n % 7 === 0).map((n) => `req-${n}`),
    );
    expect(ids(await listRequests(sql, a, { status: '200' }))).toEqual(
      newest.filter((n) => n % 7 !== 0).map((n) => `req-${n}`),
    );
    const [first] = await listRequests(sql, a);
    expect(first).toEqual({
      at: new Date(start + 12490),
      key_id: 'key-a',
      method: 'POST',
      route: '/api/v1/verify',
      status: 200,
      error: null,
      ms: 49,
      request_id: 'req-1249',
      // No trace: tracing is off (test/integration/tracing.test.ts has a traced call's).
      trace_id: null,
    });
    expect(ids(await listRequests(sql, b))).toEqual(['req-2', 'req-1', 'req-0']);
    const [{ n }] = (await sql.query<{ n: string }>(
      'select count(*)::text as n from request_log where account_id = $1',
      [a],
    )) as [{ n: string }];
    expect(Number(n)).toBe(REQUEST_LOG_SIZE);
  });

  it('two logs flushing one account at once keep its newest calls', async () => {
    const [one, two] = [new RequestLog(sql, logger, 60_000), new RequestLog(sql, logger, 60_000)];
    const a = randomUUID();
    await Promise.all([calls(one, a, 0, 1500, 50), calls(two, a, 1500, 3000, 50)]);
    const rows = await listRequests(sql, a);
    expect(rows).toHaveLength(REQUEST_LOG_SIZE);
    // Interleaved flushes: neither a deadlock nor a slot written twice nor an older call over a newer one.
    expect(new Set(rows.map((row) => row.request_id)).size).toBe(REQUEST_LOG_SIZE);
    expect(rows.map((row) => row.at.getTime())).toEqual([...rows.map((row) => row.at.getTime())].sort((x, y) => y - x));
  });

  it("carries the old table's last calls of each account into the ring", async () => {
    const fresh = await database.open();
    try {
      await migrate(fresh.sql, requestLogMigrations.slice(0, 1));
      const a = randomUUID();
      const b = randomUUID();
      // As the old table held them: more than 1,000 for a (its deletes lag a flush), a few for b.
      await fresh.sql.query(
        `insert into request_log (at, account_id, key_id, method, route, status, error, ms, request_id)
         select to_timestamp(1800000000 + n), case when n <= 1200 then $1 else $2 end, 'key-a', 'GET', '/api/v1/account', 200, null, 1, 'req-' || n
           from generate_series(1, 1205) n`,
        [a, b],
      );
      await migrate(fresh.sql, requestLogMigrations);
      const ids = (rows: { request_id: string }[]) => rows.map((row) => row.request_id);
      expect(ids(await listRequests(fresh.sql, a))).toEqual(Array.from({ length: 1000 }, (_, i) => `req-${1200 - i}`));
      expect(ids(await listRequests(fresh.sql, b))).toEqual([
        'req-1205',
        'req-1204',
        'req-1203',
        'req-1202',
        'req-1201',
      ]);
      // And goes on from there: the next call of a is its 1,201st.
      const log = new RequestLog(fresh.sql, logger, 60_000);
      log.record({ ...call(a, 0), at: Date.parse('2030-01-01T00:00:00.123Z'), requestId: 'next' });
      await log.flush();
      expect(ids(await listRequests(fresh.sql, a)).slice(0, 2)).toEqual(['next', 'req-1200']);
      // The time travels as milliseconds since the epoch and comes back as the same instant, to the millisecond.
      expect((await listRequests(fresh.sql, a))[0]!.at).toEqual(new Date('2030-01-01T00:00:00.123Z'));
      expect(await fresh.sql.query('select seq::int from request_log where request_id = $1', ['next'])).toEqual([
        { seq: 1201 },
      ]);
    } finally {
      await fresh.close();
    }
  });

  it.runIf(database.name === 'postgres')(
    'overwrites in place: lap after lap, the table does not grow (no autovacuum needed)',
    async () => {
      const log = new RequestLog(sql, logger, 60_000);
      const accounts = Array.from({ length: 5 }, () => randomUUID());
      const lap = async (n: number) => {
        for (let i = 0; i < REQUEST_LOG_SIZE; i += 50) {
          for (const account of accounts)
            for (let k = 0; k < 50; k += 1) log.record(call(account, n * REQUEST_LOG_SIZE + i + k));
          await log.flush();
        }
      };
      await lap(0);
      await lap(1);
      const size = async () =>
        Number((await sql.query<{ size: string }>(`select pg_relation_size('request_log')::text as size`))[0]!.size);
      const after = await size();
      for (let n = 2; n < 12; n += 1) await lap(n);
      // A delete per flush left every lap's rows dead beside the live ones: ten laps, ten times the table.
      expect(await size()).toBeLessThanOrEqual(after * 1.5);
      for (const account of accounts)
        expect((await listRequests(sql, account))[0]!.request_id).toBe(`req-${12 * REQUEST_LOG_SIZE - 1}`);
    },
  );
});

describe.runIf(runsWhere(process.env.DATABASE_URL))('request log across a stop and a crash of the API', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => app?.stop());

  const get = (base: string, key: string, requestId: string) =>
    fetch(`${base}/api/v1/account`, { headers: { authorization: `Bearer ${key}`, 'x-request-id': requestId } }).then(
      (res) => res.status,
    );

  const logged = async (accountId: string) =>
    new Set((await listRequests(app.context.engines.sql, accountId)).map((row) => row.request_id));

  it("records a key's refused call with the error code it was answered, and no call without a valid key", async () => {
    const { key, accountId } = await accountWithKey(app, { plan: 'pro', credits: 0 });
    const verify = (authorization: string) =>
      fetch(`${app.url}/api/v1/verify`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json', 'x-request-id': randomUUID() },
        body: JSON.stringify({ policy_number: 'AXK12345678', country: 'UK', insurance_type: 'motor', provider: 'AXA' }),
      });
    const refused = await verify(`Bearer ${key}`);
    expect(refused.status).toBe(402);
    expect((await verify('Bearer pk_live_not_a_key')).status).toBe(401);
    await app.context.requestLog.flush();
    const rows = await listRequests(app.context.engines.sql, accountId);
    expect(rows.map((row) => [row.request_id, row.route, row.status, row.error])).toEqual([
      [refused.headers.get('x-request-id'), '/api/v1/verify', 402, 'insufficient_credits'],
    ]);
  });

  it('a graceful stop writes every call; a kill -9 loses at most those of the last flush interval', async () => {
    const { key, accountId } = await accountWithKey(app, { plan: 'pro', requestsPerMinute: 10_000 });
    const stopped = await spawnService(app, 'api');
    const before = Array.from({ length: 30 }, () => randomUUID());
    for (const id of before) expect(await get(stopped.url, key, id)).toBe(200);
    await stopped.stop();
    const afterStop = await logged(accountId);
    expect(before.filter((id) => !afterStop.has(id))).toEqual([]);

    const killed = await spawnService(app, 'api');
    const flushed = Array.from({ length: 20 }, () => randomUUID());
    for (const id of flushed) expect(await get(killed.url, key, id)).toBe(200);
    // More than a flush interval (and a flush's own time on a busy machine): these were written.
    await new Promise((resolve) => setTimeout(resolve, FLUSH_MS + 2000));
    const last = Array.from({ length: 15 }, () => randomUUID());
    for (const id of last) expect(await get(killed.url, key, id)).toBe(200);
    await killed.kill();
    const afterKill = await logged(accountId);
    expect(flushed.filter((id) => !afterKill.has(id))).toEqual([]);
    // What was lost, if anything, is of the calls answered within the last interval.
    const lost = [...before, ...flushed, ...last].filter((id) => !afterKill.has(id));
    expect(lost.every((id) => last.includes(id))).toBe(true);
  });
});
