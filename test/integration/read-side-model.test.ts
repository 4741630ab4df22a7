// A read side that never drops an event (issue 54, item 4), tried as a model: random interleavings of appends of
// every kind of stream, poison events (types no stream holds, and events a read model refuses until an operator
// fixes the cause: a trigger on its table refuses the entity's rows while the entity is listed in model_faults),
// replays, rebuilds (some killed in the replay, some between the build and the swap, some with the feed growing
// meanwhile), swaps and projector restarts, over the real projection runner on PostgreSQL. At the end, every
// cause fixed and every parked event replayed, every read model equals its streams folded from scratch by the
// domain's evolve (nothing lost, nothing applied twice), and every event of an unknown type is still parked, once
// for each read model of its stream, whatever rebuilds and swaps came between.
//
// Fixed seed and STEPS (default 300) in CI; a failure prints its seed: `SEED=… npx vitest run <this file>` replays it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../infra/logger.js';
import { eventStoreMigrations } from '../../infra/eventstore/postgres-migrations.js';
import { postgresEventStore } from '../../infra/eventstore/postgres.js';
import type { EventStore, Position } from '../../infra/eventstore/types.js';
import { migrate } from '../../infra/sql/migrate.js';
import type { Sql } from '../../infra/sql/sql.js';
import { insertEntries } from '../../projections/audit-rows.js';
import { allProjections } from '../../projections/index.js';
import { listParked, replayParked } from '../../projections/parked.js';
import type { Projection } from '../../projections/projection.js';
import { rebuild } from '../../projections/rebuild.js';
import { ProjectionRunner, projectionMigrations } from '../../projections/runner.js';
import { runsWhere } from '../support/ci.js';
import { primaryTestDatabase, type OpenedTestDatabase } from '../support/sql.js';
import { expectedReadModels, type Expected } from '../support/read-side/folds.js';
import { Traffic, random } from '../support/read-side/traffic.js';

const SEED = Number(process.env.SEED ?? 5454);
const STEPS = Number(process.env.STEPS ?? 300);
const logger = createLogger('silent');

/** The tables a fault can refuse rows of, and the column that names the entity. */
const FAULTABLE: Record<string, string> = { jobs: 'job_id', balances: 'account_id' };

describe.runIf(runsWhere(process.env.DATABASE_URL))('the read side under random interleavings', () => {
  let db: OpenedTestDatabase;
  let sql: Sql;
  let events: EventStore;
  beforeAll(async () => {
    db = await primaryTestDatabase().open();
    sql = db.sql;
    events = postgresEventStore(sql);
    await migrate(sql, [...eventStoreMigrations, ...projectionMigrations(allProjections)]);
    await sql.exec(`create table model_faults (key text primary key);
      create function model_refuse() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from model_faults where key = to_jsonb(new) ->> tg_argv[0]) then
          raise exception 'the model refuses this row';
        end if;
        return new;
      end $$`);
    await refuseFaults();
  }, 60_000);
  afterAll(async () => db?.close());

  /** On the live tables (a swap brings in tables made by the migrations alone, without it). */
  async function refuseFaults(): Promise<void> {
    for (const [table, column] of Object.entries(FAULTABLE))
      await sql.exec(
        `drop trigger if exists model_refuse on ${table};
         create trigger model_refuse before insert or update on ${table} for each row execute function model_refuse('${column}')`,
      );
  }

  it(`keeps every event through ${STEPS} steps (SEED=${SEED})`, { timeout: 600_000 }, async () => {
    const rand = random(SEED);
    const traffic = new Traffic(rand, events);
    const start = () => {
      const runner = new ProjectionRunner({ sql, events, logger }, allProjections, { attempts: 2, retryMs: 1 });
      void runner.start();
      return runner;
    };
    let runner = start();
    let syncEntries = 0;
    const steps: string[] = [];
    try {
      for (let step = 0; step < STEPS; step += 1) {
        const roll = rand();
        if (roll < 0.62) steps.push(await traffic.append());
        else if (roll < 0.68) steps.push(await traffic.unknown());
        else if (roll < 0.72) {
          const key = await traffic.fault();
          if (key) await sql.query('insert into model_faults (key) values ($1) on conflict do nothing', [key]);
          steps.push(`fault ${key}`);
        } else if (roll < 0.75) {
          // The cause fixed; what was parked stays parked until replayed (the entity's later events apply meanwhile).
          const [fixed] = await sql.query<{ key: string }>(
            'delete from model_faults where key = (select key from model_faults order by key limit 1) returning key',
          );
          steps.push(`fixed ${fixed?.key ?? 'nothing'}`);
        } else if (roll < 0.8) {
          const projection = allProjections[Math.floor(rand() * allProjections.length)]!;
          const outcome = await replayParked({ sql, events }, projection);
          steps.push(`replay ${projection.name}: ${JSON.stringify(outcome)}`);
        } else if (roll < 0.84) {
          await insertEntries(sql, [traffic.syncEntry()]);
          syncEntries += 1;
          steps.push('sync audit entry');
        } else if (roll < 0.9) {
          steps.push(await rebuildSome(rand, traffic));
        } else if (roll < 0.94) {
          await runner.stop();
          runner = start();
          steps.push('projector restarted');
        } else steps.push(await traffic.append());
      }
      // Every cause fixed, every parked event replayed, and the projector caught up with the feed.
      await sql.exec('delete from model_faults');
      const head = traffic.head!;
      await settle(runner, head);
      const expected = await expectedReadModels(events, traffic);
      const found = await readModels(sql);
      for (const table of Object.keys(expected) as (keyof Expected)[])
        expect({ table, rows: found[table] }).toEqual({ table, rows: expected[table] });
      expect((await sql.query('select 1 from call_audit where source is null')).length).toBe(syncEntries);
      const parked = (await listParked(sql)).map((row) => `${row.projection} ${row.event_id}`).sort();
      expect(parked).toEqual(traffic.deadLetters().sort());
    } catch (error) {
      console.error(
        `read-side model failed with SEED=${SEED} (STEPS=${STEPS}); its last steps:\n${steps.slice(-15).join('\n')}`,
      );
      throw error;
    } finally {
      await runner.stop();
    }
  });

  it('replays a parked JobSubmitted after its JobCompleted into a completed job: the entity is folded again', async () => {
    const runner = new ProjectionRunner({ sql, events, logger }, allProjections, { attempts: 2, retryMs: 1 });
    await runner.start();
    try {
      const jobId = `replayed-${SEED}-${Date.now()}`;
      await sql.query('insert into model_faults (key) values ($1)', [jobId]);
      const submitted = await events.append(`job-${jobId}`, [
        {
          type: 'JobSubmitted',
          data: {
            kind: 'verification',
            mode: 'live',
            account_id: 'acct',
            key_id: 'key',
            request: { policy_number: 'P-1', country: 'DE', insurance_type: 'liability' },
            webhook_url: null,
            idempotency_key: null,
            request_hash: 'h',
          },
        },
      ]);
      expect(await runner.waitFor(submitted.position, 10_000, ['jobs'])).toBe(true);
      const parked = (await listParked(sql, 'jobs')).filter((row) => row.stream === `job-${jobId}`);
      expect(parked.map((row) => row.type)).toEqual(['JobSubmitted']);
      // The cause fixed, the job ends before anyone replays: its JobCompleted finds no row and changes nothing.
      await sql.query('delete from model_faults where key = $1', [jobId]);
      const completed = await events.append(`job-${jobId}`, [
        { type: 'JobCompleted', data: { result: { status: 'verified', confidence_score: 0.9 }, credits_charged: 1 } },
      ]);
      expect(await runner.waitFor(completed.position, 10_000, ['jobs'])).toBe(true);
      const jobsProjection = allProjections.find((p) => p.name === 'jobs')!;
      expect((await replayParked({ sql, events }, jobsProjection)).replayed).toContain(parked[0]!.event_id);
      const [row] = await sql.query<{ status: string }>('select status from jobs where job_id = $1', [jobId]);
      expect(row?.status).toBe('complete');
      expect((await listParked(sql, 'jobs')).filter((r) => r.stream === `job-${jobId}`)).toEqual([]);
    } finally {
      await runner.stop();
    }
  });

  /** Replays until nothing that applies is left parked, and every read model has passed `head`. */
  async function settle(runner: ProjectionRunner, head: Position): Promise<void> {
    for (let round = 0; ; round += 1) {
      for (const projection of allProjections) await replayParked({ sql, events }, projection);
      const names = allProjections.map((p) => p.name);
      if (await runner.waitFor(head, 5_000, names)) return;
      // A stopped projection's follower looks for the operator's replay every 2 s (projections/follower.ts): until it
      // has, the wait answers at once that it is stopped.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      if (round === 10) {
        const behind: string[] = [];
        for (const name of names) if (!(await runner.waitFor(head, 100, [name]))) behind.push(name);
        const parked = await sql.query<{ projection: string; type: string; error: string; stopped: boolean }>(
          'select projection, type, error, stopped from projection_parked order by stopped desc',
        );
        throw new Error(
          `the projector never caught up with the feed: ${behind.join(', ')} behind; parked ${JSON.stringify(parked.slice(0, 5))}`,
        );
      }
    }
  }

  /**
   * A rebuild of some read models: carried through, killed in its replay (its feed dies after a few pages), or
   * killed between the build and the swap; the feed grows meanwhile now and then.
   */
  async function rebuildSome(rand: () => number, traffic: Traffic): Promise<string> {
    const chosen = allProjections.filter(() => rand() < 0.5);
    const projections: Projection[] = chosen.length > 0 ? chosen : [allProjections[0]!];
    const names = projections.map((p) => p.name).join(',');
    const how = rand();
    let reads = 0;
    const dying = new Proxy(events, {
      get(target, property, receiver) {
        if (property !== 'readAll') return Reflect.get(target, property, receiver) as unknown;
        return async (options: Parameters<EventStore['readAll']>[0]) => {
          reads += 1;
          if (reads > 2) throw new Error('killed in the replay');
          return target.readAll(options);
        };
      },
    });
    try {
      await rebuild({ sql, events: how < 0.2 ? dying : events, logger }, projections, {
        batchSize: 25,
        afterBuild: async () => {
          if (how < 0.35) throw new Error('killed before the swap');
          if (how < 0.7) for (let i = 0; i < 3; i += 1) await traffic.append();
        },
      });
    } catch (error) {
      return `rebuild of ${names} killed: ${(error as Error).message}`;
    } finally {
      await refuseFaults();
    }
    return `rebuilt ${names}`;
  }
});

/** Every read model's rows, in the shape the folds give them (projections/ owns the tables; this reads them raw). */
async function readModels(sql: Sql): Promise<Expected> {
  const rows = <T>(query: string) => sql.query<T & Record<string, unknown>>(query);
  return {
    jobs: await rows('select * from jobs order by job_id'),
    batches: await rows('select * from batches order by batch_id'),
    batch_items: await rows('select batch_id, index, result from batch_items order by batch_id, index'),
    balances: await rows(
      'select account_id, balance::int, reserved::int, period, revision::int from balances order by account_id',
    ),
    usage: await rows('select key_id, account_id, period, requests::int from usage order by key_id, period'),
    usage_days: await rows(
      `select key_id, to_char(day, 'YYYY-MM-DD') as day, requests::int from usage_days order by key_id, day`,
    ),
    accounts: await rows('select account_id, plan, status from accounts order by account_id'),
    api_keys: await rows('select key_id, account_id, status from api_keys order by key_id'),
    webhook_deliveries: await rows(
      `select job_id, status, attempts, last_status from webhook_deliveries where delivery_id = '' order by job_id`,
    ),
    call_audit: await rows('select source, status from call_audit where source is not null order by source'),
  };
}
