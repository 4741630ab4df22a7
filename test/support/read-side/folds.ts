// What every read model must hold, folded from scratch from the streams by the domain's evolve (the deciders),
// events of types a stream does not hold left out (they stay parked): the read-side model's truth
// (test/integration/read-side-model.test.ts). In the shape test/integration/read-side-model.test.ts reads the tables in.
import { accountDecider } from '../../../domain/accounts/decider.js';
import { accountStream } from '../../../domain/accounts/account.js';
import { fold } from '../../../domain/decider.js';
import { foldBatchRow } from '../../../domain/jobs/batch-record.js';
import { batchStream, type BatchEvent } from '../../../domain/jobs/batch.js';
import { foldJobRow } from '../../../domain/jobs/job-record.js';
import { jobStream, type JobEvent } from '../../../domain/jobs/job.js';
import { creditsStream, ledgerDecider, reservedOf, type LedgerEvent } from '../../../domain/ledger/ledger.js';
import type { Event, StreamType } from '../../../domain/streams.js';
import { usageStream, type UsageEvent } from '../../../domain/usage/requests.js';
import { DELIVERY_STARTED, evolveDelivery, WEBHOOK_DELIVERY_EVENT_TYPES } from '../../../domain/webhooks/delivery.js';
import type { EventStore, StoredEvent } from '../../../infra/eventstore/types.js';
import type { Traffic } from './traffic.js';

type Rows = Record<string, unknown>[];
export type Expected = Record<
  | 'jobs'
  | 'batches'
  | 'batch_items'
  | 'balances'
  | 'usage'
  | 'usage_days'
  | 'accounts'
  | 'api_keys'
  | 'webhook_deliveries'
  | 'call_audit',
  Rows
>;

const by =
  (...keys: string[]) =>
  (a: Record<string, unknown>, b: Record<string, unknown>) => {
    for (const key of keys) {
      const [x, y] = [String(a[key]), String(b[key])];
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  };

export async function expectedReadModels(events: EventStore, traffic: Traffic): Promise<Expected> {
  const held = async <E extends Event>(type: StreamType<E>, id: string) =>
    (await events.readStream(`${type.prefix}${id}`)).filter((e): e is StoredEvent<E> => type.holds(e));
  const ids = (type: StreamType<Event>) => [...(traffic.streams.get(type) ?? [])];
  const out: Expected = {
    jobs: [],
    batches: [],
    batch_items: [],
    balances: [],
    usage: [],
    usage_days: [],
    accounts: [],
    api_keys: [],
    webhook_deliveries: [],
    call_audit: [],
  };
  const deliveryTypes: readonly string[] = WEBHOOK_DELIVERY_EVENT_TYPES;
  for (const id of ids(jobStream as StreamType<Event>)) {
    const stream = await held<JobEvent>(jobStream, id);
    const row = foldJobRow(id, stream);
    if (row) out.jobs.push({ ...row });
    const submitted = stream.find((e) => e.type === 'JobSubmitted');
    if (submitted?.data.webhook_url) {
      let delivery = DELIVERY_STARTED;
      for (const e of stream)
        if (deliveryTypes.includes(e.type))
          delivery = evolveDelivery(delivery, e as Parameters<typeof evolveDelivery>[1]);
      out.webhook_deliveries.push({
        job_id: id,
        status: delivery.status,
        attempts: delivery.attempts,
        last_status: delivery.last_status,
      });
    }
    if (submitted?.data.kind === 'verification') {
      let status = 'pending';
      for (const e of stream)
        if (e.type === 'JobCompleted') status = (e.data.result as { status: string }).status;
        else if (e.type === 'JobFailed') status = 'error';
      out.call_audit.push({ source: `job:${id}`, status });
    }
  }
  for (const id of ids(batchStream as StreamType<Event>)) {
    const stream = await held<BatchEvent>(batchStream, id);
    const folded = foldBatchRow(id, stream);
    if (!folded) continue;
    out.batches.push(folded.row);
    out.batch_items.push(...folded.items.map((item) => ({ batch_id: id, ...item })));
    const submitted = stream.find((e) => e.type === 'BatchSubmitted');
    const statuses = (submitted?.data.policies ?? []).map(() => 'pending');
    for (const e of stream) if (e.type === 'BatchItemCompleted') statuses[e.data.index] = e.data.result.status;
    statuses.forEach((status, index) => out.call_audit.push({ source: `batch:${id}:${index}`, status }));
  }
  for (const id of ids(creditsStream as StreamType<Event>)) {
    const stream = await held<LedgerEvent>(creditsStream, id);
    if (stream.length === 0) continue;
    const state = fold(ledgerDecider, stream);
    out.balances.push({
      account_id: id,
      balance: state.balance,
      reserved: reservedOf(state),
      period: state.period,
      revision: stream.at(-1)!.revision,
    });
  }
  const months = new Map<string, Record<string, unknown> & { requests: number }>();
  const days = new Map<string, Record<string, unknown> & { requests: number }>();
  for (const id of ids(usageStream as StreamType<Event>)) {
    for (const e of await held<UsageEvent>(usageStream, id)) {
      const { key_id, period, day, count } = e.data;
      const month = months.get(`${key_id} ${period}`) ?? { key_id, account_id: id, period, requests: 0 };
      month.requests += count;
      months.set(`${key_id} ${period}`, month);
      const daily = days.get(`${key_id} ${day}`) ?? { key_id, day, requests: 0 };
      daily.requests += count;
      days.set(`${key_id} ${day}`, daily);
    }
  }
  out.usage = [...months.values()];
  out.usage_days = [...days.values()];
  for (const id of ids(accountStream as StreamType<Event>)) {
    const state = fold(accountDecider, await held(accountStream, id));
    if (!state.opened) continue;
    out.accounts.push({ account_id: id, plan: state.plan, status: state.closed ? 'closed' : 'open' });
    for (const [key_id, status] of Object.entries(state.keys)) out.api_keys.push({ key_id, account_id: id, status });
  }
  out.jobs.sort(by('job_id'));
  out.batches.sort(by('batch_id'));
  out.batch_items.sort((a, b) => by('batch_id')(a, b) || Number(a.index) - Number(b.index));
  out.balances.sort(by('account_id'));
  out.usage.sort(by('key_id', 'period'));
  out.usage_days.sort(by('key_id', 'day'));
  out.accounts.sort(by('account_id'));
  out.api_keys.sort(by('key_id'));
  out.webhook_deliveries.sort(by('job_id'));
  out.call_audit.sort(by('source'));
  return out;
}
