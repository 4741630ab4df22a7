// PostgreSQL restarted under load (the machine's only server, shared by every test: the fault project runs its
// files one at a time, after all the others). Requests may fail while it is down; afterwards everything is served
// again, the batch in flight completes, every answered charge is in the ledger once and the books reconcile.
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditsStream } from '../../domain/ledger/ledger.js';
import {
  AXA,
  batchCompletes,
  batchOf,
  booksBalance,
  eventually,
  run,
  sleep,
  startStack,
  type Stack,
} from './support.js';
import { runsWhere } from '../support/ci.js';

const version = () => readdirSync('/etc/postgresql')[0]!;
const pgUp = () =>
  run('pg_isready', ['-q', '-h', '127.0.0.1', '-p', '5432']).then(
    () => true,
    () => false,
  );

describe.runIf(runsWhere(process.env.DATABASE_URL))('PostgreSQL restarted under load', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    if (!(await pgUp()))
      await run('pg_ctlcluster', ['--skip-systemctl-redirect', version(), 'main', 'start']).catch(() => undefined);
    await stack?.stop();
  });

  it('recovers: the batch completes, no charge is lost or doubled', async () => {
    const { key, accountId } = await stack.account(1000);
    const submitted = await stack.call(key, 'POST', '/api/v1/verify/batch', { policies: batchOf(50, 5) });
    expect(submitted.status).toBe(202);

    const answered = new Map<string, number>();
    let stop = false;
    const lane = async () => {
      while (!stop) {
        const id = randomUUID();
        const res = await stack.call(key, 'POST', '/api/v1/verify', AXA, { 'x-request-id': id }).catch(() => null);
        if (res?.status === 200) answered.set(id, res.body.credits_charged);
        await sleep(50);
      }
    };
    const lanes = Array.from({ length: 4 }, lane);
    await sleep(500);
    await run('pg_ctlcluster', ['--skip-systemctl-redirect', version(), 'main', 'restart'], { timeout: 60_000 });
    await eventually('PostgreSQL back', 60_000, async () => ((await pgUp()) ? true : undefined));
    await sleep(1000);
    stop = true;
    await Promise.all(lanes);
    // A process that gave up on the database is started again, as the deployment's restart policy would.
    await stack.revive();

    await eventually('served again', 60_000, async () =>
      (await stack.call(key, 'POST', '/api/v1/verify', AXA)).status === 200 ? true : undefined,
    );
    await batchCompletes(stack, key, submitted.body.batch_id, 50);
    await booksBalance(stack, accountId);
    const references = (await stack.t.context.engines.events.readStream(creditsStream(accountId)))
      .filter((e) => e.type === 'CreditsCharged')
      .map((e) => e.metadata.request_id as string);
    for (const [id, credits] of answered) expect(references.filter((r) => r === id)).toHaveLength(credits);
  });
});
