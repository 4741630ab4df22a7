// The rebuild bench's check (bench/rebuild.ts): every table of every read model against the domain's folds of the
// feed, read once through the store the rebuild read (shredded keys included), each entity folded from scratch as
// its events come by the deciders' evolve (balances: the ledger's; accounts, keys and links: the account's; jobs:
// the job's; batches and their items: the batch's; deliveries: evolveDelivery), and what no decider folds (usage
// counts, sessions, audit entries) by the rules their projections document.
import { isDeepStrictEqual } from 'node:util';
import { accountDecider } from '../domain/accounts/decider.js';
import { accountStream, type AccountEvent, type AccountState } from '../domain/accounts/account.js';
import { batchDecider, batchStream, type BatchEvent } from '../domain/jobs/batch.js';
import type { BatchItemResult } from '../domain/jobs/outcomes.js';
import { jobDecider, jobStream, type JobEvent } from '../domain/jobs/job.js';
import { creditsStream, ledgerDecider, reservedOf, type LedgerEvent } from '../domain/ledger/ledger.js';
import type { Event, StreamType } from '../domain/streams.js';
import { usageStream, type UsageEvent } from '../domain/usage/requests.js';
import { DELIVERY_STARTED, evolveDelivery, type WebhookDeliveryEvent } from '../domain/webhooks/delivery.js';
import type { EventStore, Position, StoredEvent } from '../infra/eventstore/types.js';
import type { Sql } from '../infra/sql/sql.js';

type Row = Record<string, unknown>;

/** Each table's rows as the folds say they must be, by key. */
class Expected {
  readonly tables = new Map<string, Map<string, Row>>();
  set(table: string, key: string, row: Row | null): void {
    if (!this.tables.has(table)) this.tables.set(table, new Map());
    if (row) this.tables.get(table)!.set(key, row);
    else this.tables.get(table)!.delete(key);
  }
}

const of = <E extends Event>(type: StreamType<E>, event: StoredEvent): event is StoredEvent<E> =>
  event.stream.startsWith(type.prefix) && type.holds(event);

/** Folds the whole feed, one page at a time: each entity's state kept, never its events. */
async function fold(events: EventStore): Promise<Expected> {
  const out = new Expected();
  const accounts = new Map<string, AccountState>();
  const ledgers = new Map<string, ReturnType<typeof ledgerDecider.initialState> & { revision?: number }>();
  const jobs = new Map<string, ReturnType<typeof jobDecider.initialState>>();
  const deliveries = new Map<string, typeof DELIVERY_STARTED>();
  const batches = new Map<
    string,
    { state: ReturnType<typeof batchDecider.initialState>; firsts: Map<number, BatchItemResult> }
  >();
  const usage = new Map<string, Row & { requests: number }>();
  const days = new Map<string, Row & { requests: number; last_counted_at: Date }>();
  for (let after: Position | null = null; ;) {
    const page = await events.readAll({ after, maxCount: 5000 });
    if (page.length === 0) break;
    after = page[page.length - 1]!.position;
    for (const e of page) {
      const id = e.stream.slice(e.stream.indexOf('-') + 1);
      if (of<LedgerEvent>(creditsStream, e)) {
        const state = ledgerDecider.evolve(ledgers.get(id) ?? ledgerDecider.initialState(), e);
        ledgers.set(id, state);
        out.set('balances', id, {
          account_id: id,
          balance: String(state.balance),
          reserved: String(reservedOf(state)),
          period: state.period,
          revision: String(e.revision),
        });
      } else if (of<JobEvent>(jobStream, e)) {
        const state = jobDecider.evolve(jobs.get(id) ?? jobDecider.initialState(), e);
        jobs.set(id, state);
        out.set('jobs', id, state && { job_id: id, ...state });
        if (e.type === 'JobSubmitted' && e.data.webhook_url) deliveries.set(id, DELIVERY_STARTED);
        else if (e.type.startsWith('Webhook') && deliveries.has(id))
          deliveries.set(id, evolveDelivery(deliveries.get(id)!, e as StoredEvent<WebhookDeliveryEvent>));
        const delivery = deliveries.get(id);
        if (delivery)
          out.set('webhook_deliveries', id, {
            job_id: id,
            status: delivery.status,
            attempts: delivery.attempts,
            last_status: delivery.last_status,
          });
        if (e.type === 'JobSubmitted' && e.data.kind === 'verification')
          out.set('call_audit', `job:${id}`, { source: `job:${id}`, status: 'pending' });
        else if (e.type === 'JobCompleted')
          out.set('call_audit', `job:${id}`, {
            source: `job:${id}`,
            // A shredded job's result reads as erased: its entry keeps the job's status.
            status: (e.data.result as { status?: string } | null)?.status ?? 'complete',
          });
        else if (e.type === 'JobFailed') out.set('call_audit', `job:${id}`, { source: `job:${id}`, status: 'error' });
      } else if (of<BatchEvent>(batchStream, e)) {
        const held = batches.get(id) ?? { state: batchDecider.initialState(), firsts: new Map() };
        held.state = batchDecider.evolve(held.state, e);
        batches.set(id, held);
        if (e.type === 'BatchItemCompleted' && !held.firsts.has(e.data.index))
          held.firsts.set(e.data.index, e.data.result);
        if (held.state) {
          const { recorded, ...row } = held.state;
          out.set('batches', id, { batch_id: id, ...row });
          // A batch keeping no item (not started, or erased) has no rows there.
          out.set(
            'batch_items',
            id,
            recorded.length === 0
              ? null
              : {
                  items: [...recorded]
                    .sort((a, b) => a - b)
                    .map((index) => ({ index, result: held.firsts.get(index)! })),
                },
          );
        }
        if (e.type === 'BatchSubmitted')
          e.data.policies.forEach((_, index) =>
            out.set('call_audit', `batch:${id}:${index}`, { source: `batch:${id}:${index}`, status: 'pending' }),
          );
        else if (e.type === 'BatchItemCompleted')
          out.set('call_audit', `batch:${id}:${e.data.index}`, {
            source: `batch:${id}:${e.data.index}`,
            status: e.data.result.status,
          });
      } else if (of<UsageEvent>(usageStream, e)) {
        const { key_id, period, count } = e.data;
        const day = e.data.day ?? e.created.toISOString().slice(0, 10);
        const month = usage.get(`${key_id} ${period}`) ?? { key_id, account_id: id, period, requests: 0 };
        month.requests += count;
        usage.set(`${key_id} ${period}`, month);
        out.set('usage', `${key_id} ${period}`, { ...month, requests: String(month.requests) });
        const daily = days.get(`${key_id} ${day}`) ?? {
          key_id,
          account_id: id,
          day,
          requests: 0,
          last_counted_at: e.created,
        };
        daily.requests += count;
        if (e.created > daily.last_counted_at) daily.last_counted_at = e.created;
        days.set(`${key_id} ${day}`, daily);
        out.set('usage_days', `${key_id} ${day}`, { ...daily, requests: String(daily.requests) });
      } else if (of<AccountEvent>(accountStream, e)) {
        const state = accountDecider.evolve(accounts.get(id) ?? accountDecider.initialState(), e);
        accounts.set(id, state);
        foldAccount(out, id, state, e);
      }
    }
  }
  return out;
}

/** An account's rows: the account and its keys and links from its decider's state; its sessions by the projection's rule. */
function foldAccount(out: Expected, id: string, state: AccountState, e: StoredEvent<AccountEvent>): void {
  out.set('accounts', id, {
    account_id: id,
    plan: state.plan,
    monthly_credits: state.limits?.monthlyCredits,
    status: state.closed ? 'closed' : 'open',
    email_verified: state.emailVerified,
  });
  for (const [key_id, status] of Object.entries(state.keys))
    out.set('api_keys', key_id, { key_id, account_id: id, status });
  // Links leave the read model with the account; the state keeps them.
  for (const [token_hash, link] of Object.entries(state.links)) {
    out.set(
      'portal_links',
      token_hash,
      state.closed ? null : { token_hash, account_id: id, purpose: link.purpose, used: link.used },
    );
  }
  if (e.type === 'SignedIn')
    out.set('portal_sessions', e.data.session_hash, {
      session_hash: e.data.session_hash,
      account_id: id,
      ended: false,
    });
  if (e.type === 'SignedOut')
    out.set('portal_sessions', e.data.session_hash, { session_hash: e.data.session_hash, account_id: id, ended: true });
  if (e.type === 'AccountClosed') {
    for (const [key, row] of out.tables.get('portal_sessions') ?? [])
      if (row.account_id === id) out.set('portal_sessions', key, { ...row, ended: true });
    for (const [key, row] of out.tables.get('portal_links') ?? [])
      if (row.account_id === id) out.set('portal_links', key, null);
  }
}

/** The tables' rows, keyed as the folds key them, in the folds' shape. */
async function found(sql: Sql, table: string): Promise<Map<string, Row>> {
  const queries: Record<string, [string, (row: Row) => string]> = {
    balances: [
      'select account_id, balance::text, reserved::text, period, revision::text from balances',
      (r) => String(r.account_id),
    ],
    jobs: ['select * from jobs', (r) => String(r.job_id)],
    webhook_deliveries: [
      `select job_id, status, attempts, last_status from webhook_deliveries where delivery_id = ''`,
      (r) => String(r.job_id),
    ],
    call_audit: ['select source, status from call_audit where source is not null', (r) => String(r.source)],
    batches: ['select * from batches', (r) => String(r.batch_id)],
    batch_items: [
      `select batch_id, jsonb_agg(jsonb_build_object('index', index, 'result', result) order by index) as items from batch_items group by batch_id`,
      (r) => String(r.batch_id),
    ],
    usage: [
      'select key_id, account_id, period, requests::text from usage',
      (r) => `${String(r.key_id)} ${String(r.period)}`,
    ],
    usage_days: [
      `select key_id, account_id, to_char(day, 'YYYY-MM-DD') as day, requests::text, last_counted_at from usage_days`,
      (r) => `${String(r.key_id)} ${String(r.day)}`,
    ],
    accounts: [
      'select account_id, plan, monthly_credits, status, email_verified from accounts',
      (r) => String(r.account_id),
    ],
    api_keys: ['select key_id, account_id, status from api_keys', (r) => String(r.key_id)],
    portal_links: [
      'select token_hash, account_id, purpose, used_at is not null as used from portal_links',
      (r) => String(r.token_hash),
    ],
    portal_sessions: [
      'select session_hash, account_id, ended_at is not null as ended from portal_sessions',
      (r) => String(r.session_hash),
    ],
  };
  const [query, key] = queries[table]!;
  const rows = await sql.query<Row>(query);
  return new Map(
    rows.map((row) => {
      if (table === 'batch_items') return [key(row), { items: row.items }];
      return [key(row), row];
    }),
  );
}

export const CHECKED_TABLES = [
  'accounts',
  'api_keys',
  'portal_links',
  'portal_sessions',
  'balances',
  'usage',
  'usage_days',
  'jobs',
  'webhook_deliveries',
  'batches',
  'batch_items',
  'call_audit',
] as const;

/** Every row of every table against the folds: what differs, at most a few per table. */
export async function checkEveryTable(sql: Sql, events: EventStore): Promise<{ wrong: string[]; rows: number }> {
  const expected = await fold(events);
  const wrong: string[] = [];
  let rows = 0;
  for (const table of CHECKED_TABLES) {
    const want = expected.tables.get(table) ?? new Map<string, Row>();
    const got = await found(sql, table);
    rows += got.size;
    const differences: string[] = [];
    if (got.size !== want.size) differences.push(`${table} has ${got.size} rows, the folds ${want.size}`);
    for (const [key, row] of want) {
      if (differences.length >= 3) break;
      const have = got.get(key);
      // jsonb comes back parsed, dates as dates: compared through JSON, where both read the same.
      if (!isDeepStrictEqual(JSON.parse(JSON.stringify(have ?? null)), JSON.parse(JSON.stringify(row))))
        differences.push(`${table} ${key}: ${JSON.stringify(have)}, the fold ${JSON.stringify(row)}`);
    }
    wrong.push(...differences);
  }
  return { wrong, rows };
}
