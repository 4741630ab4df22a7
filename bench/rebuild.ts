// A projection rebuild at scale (issue 34): `npm run projector -- rebuild` over 1,000,000 events, the credits
// streams of 1,000 accounts (1,000 charges each, as months of use leave them), on PostgreSQL. The projector reads
// the feed a batch at a time and applies each batch in one transaction, the balances folded per account within
// it (projections/balances.ts applyMany). Printed: events a second, against a baseline measured in the same run
// (the same events read from the feed without applying them), and the target of 20,000 a second.
//
//   npm run bench -- rebuild, or node --import tsx bench/rebuild.ts [--events 1000000] [--accounts 1000]
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { creditsStream, type LedgerEvent } from '../domain/ledger/ledger.js';
import { eventStoreMigrations, postgresEventStore } from '../infra/eventstore/postgres.js';
import { createLogger } from '../infra/logger.js';
import { migrate } from '../infra/sql/migrate.js';
import { openPostgres } from '../infra/sql/postgres.js';
import { benchSchema } from './support.js';
import { allProjections } from '../projections/index.js';
import { projectionMigrations } from '../projections/runner.js';
import { rebuild } from '../projections/rebuild.js';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { events: { type: 'string', default: '1000000' }, accounts: { type: 'string', default: '1000' } } });
  const total = Number(values.events);
  const accounts = Array.from({ length: Number(values.accounts) }, () => randomUUID());
  const perAccount = Math.ceil(total / accounts.length);
  const schema = await benchSchema();
  const sql = await openPostgres({ connectionString: schema.url, max: 4 });
  try {
    await migrate(sql, [...eventStoreMigrations, ...projectionMigrations(allProjections)]);
    const events = postgresEventStore(sql);
    const filling = Date.now();
    let written = 0;
    for (const account of accounts) {
      const stream: LedgerEvent[] = [{ type: 'CreditsGranted', data: { amount: perAccount, reason: 'monthly_allowance', period: '2026-11' } }];
      for (let i = 1; i < perAccount && written + stream.length < total; i += 1) stream.push({ type: 'CreditsCharged', data: { amount: 1, operation: 'verify', reference: `r${i}` } });
      for (let i = 0; i < stream.length; i += 1000) await events.append(creditsStream(account), stream.slice(i, i + 1000));
      written += stream.length;
      if (written >= total) break;
    }
    console.log(`filled ${written} events in ${((Date.now() - filling) / 1000).toFixed(0)} s`);
    // What autovacuum does to a table that grew: without statistics the planner takes a million-row feed for a
    // small table and sorts it on every page instead of walking its index.
    await sql.query('analyze es_events');

    // Baseline: the feed read in the projector's batches, applied to nothing.
    const reading = performance.now();
    let read = 0;
    for (let after = null as Awaited<ReturnType<typeof events.readAll>>[number]['position'] | null; ; ) {
      const batch = await events.readAll({ after, maxCount: 1000 });
      if (batch.length === 0) break;
      read += batch.length;
      after = batch[batch.length - 1]!.position;
    }
    const readSeconds = (performance.now() - reading) / 1000;

    const rebuilding = performance.now();
    await rebuild({ sql, events, logger: createLogger('silent', 'bench') }, allProjections);
    const seconds = (performance.now() - rebuilding) / 1000;
    const [check] = await sql.query<{ n: string }>('select count(*)::text as n from balances');
    if (Number(check!.n) !== accounts.length) throw new Error(`balances has ${check!.n} rows, expected ${accounts.length}`);
    const rate = written / seconds;
    console.log(`feed read alone: ${Math.round(read / readSeconds)} events/s (${readSeconds.toFixed(1)} s)`);
    console.log(
      `rebuild: ${written} events in ${seconds.toFixed(1)} s, ${Math.round(rate)} events/s, ratio ${(rate / (read / readSeconds)).toFixed(2)} of reading alone; target 20000 events/s ${rate >= 20_000 ? 'met' : 'MISSED'}`,
    );
  } finally {
    await sql.close();
    await schema.drop();
  }
}

await main();
