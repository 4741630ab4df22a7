// Redis stopped: the rate limits fall back to in-process counters with one warning in the log, and requests keep
// being served; Redis is started again afterwards, whatever happened.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AXA, booksBalance, eventually, run, startStack, type Stack } from './support.js';
import { runsWhere } from '../support/ci.js';

const REDIS_START = [
  '--daemonize',
  'yes',
  '--bind',
  '127.0.0.1',
  '-::1',
  '--port',
  '6379',
  '--save',
  '',
  '--appendonly',
  'no',
  '--dir',
  '/var/lib/redis',
  '--logfile',
  '/var/log/redis/ci.log',
];

async function startRedis(): Promise<void> {
  const up = () =>
    run('redis-cli', ['-h', '127.0.0.1', '-p', '6379', 'ping']).then(
      () => true,
      () => false,
    );
  if (await up()) return;
  await run('redis-server', REDIS_START);
  await eventually('Redis answers', 30_000, async () => ((await up()) ? true : undefined));
}

describe.runIf(runsWhere(process.env.DATABASE_URL && process.env.REDIS_URL))('Redis stopped', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await startRedis();
    await stack?.stop();
  });

  it('serves requests on in-process counters, with a warning, and goes back to Redis', async () => {
    const { key, accountId } = await stack.account(100);
    expect((await stack.call(key, 'POST', '/api/v1/verify', AXA)).status).toBe(200);
    try {
      await run('redis-cli', ['-h', '127.0.0.1', '-p', '6379', 'shutdown', 'nosave']).catch(() => undefined);
      for (let i = 0; i < 5; i++) {
        const res = await stack.call(key, 'POST', '/api/v1/verify', AXA);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.headers.get('x-ratelimit-limit')).toBeTruthy();
      }
      const warnings = stack.procs.api
        .output()
        .split('\n')
        .filter((line) => line.includes('rate limits fall back to in-process counters'));
      expect(warnings).toHaveLength(1);
      expect(JSON.parse(warnings[0]!)).toMatchObject({ level: 40 });
    } finally {
      await startRedis();
    }
    await eventually('served with Redis back', 30_000, async () =>
      (await stack.call(key, 'POST', '/api/v1/verify', AXA)).status === 200 ? true : undefined,
    );
    await booksBalance(stack, accountId);
  });
});
