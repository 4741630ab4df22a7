// The read-side model's traffic (test/integration/read-side-model.test.ts): the service's streams as it writes
// them, an append per transaction, driven by a seeded generator: accounts opened, signed in and out, their plans
// changed, keys activated and revoked, accounts closed; credits granted, charged, reserved and settled; requests
// counted; jobs submitted, ended and their callbacks delivered; batches submitted, their items and their end.
import { accountStream, type AccountEvent } from '../../../domain/accounts/account.js';
import { batchStream, type BatchEvent } from '../../../domain/jobs/batch.js';
import type { BatchItemResult } from '../../../domain/jobs/outcomes.js';
import { jobStream, type JobEvent } from '../../../domain/jobs/job.js';
import { creditsStream, type LedgerEvent } from '../../../domain/ledger/ledger.js';
import { PLANS } from '../../../domain/plans.js';
import type { Event, StreamType } from '../../../domain/streams.js';
import { usageStream, type UsageEvent } from '../../../domain/usage/requests.js';
import type { EventStore, Position } from '../../../infra/eventstore/types.js';
import type { AuditEntry } from '../../../projections/audit-rows.js';
import { allProjections } from '../../../projections/index.js';

/** mulberry32: the same seed, the same run. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface AccountModel {
  id: string;
  keys: string[];
  active: Set<string>;
  sessions: string[];
  closed: boolean;
}

interface JobModel {
  id: string;
  account: AccountModel;
  webhook: boolean;
  /** 0 submitted, 1 ended, 2 delivered. */
  stage: number;
  attempts: number;
}

interface BatchModel {
  id: string;
  account: AccountModel;
  size: number;
  done: boolean;
}

const PERIOD = '2026-11';
const BATCH_SIZE = 4;

const itemResult = (index: number): BatchItemResult => ({
  index,
  policy_number: `B-${index}`,
  country: 'DE',
  insurance_type: 'liability',
  provider: 'Example Versicherung',
  status: index % 3 === 0 ? 'unverified' : 'verified',
  confidence_score: 0.9,
  verification_sources: ['register'],
  insurer: null,
  flags: [],
  credits_charged: 1,
  error: null,
});

export class Traffic {
  readonly accounts: AccountModel[] = [];
  readonly jobs: JobModel[] = [];
  readonly batches: BatchModel[] = [];
  /** Every stream written, by kind. */
  readonly streams = new Map<StreamType<Event>, Set<string>>();
  /** Events of types no stream holds: stream and event id. */
  private readonly unknowns: { stream: string; id: string }[] = [];
  /** Job ids a fault was set for before their job is submitted. */
  private readonly faultedJobs: string[] = [];
  head: Position | null = null;
  private n = 0;

  constructor(
    private readonly rand: () => number,
    private readonly events: EventStore,
  ) {}

  private pick<T>(all: readonly T[]): T | undefined {
    return all.length === 0 ? undefined : all[Math.floor(this.rand() * all.length)];
  }

  private id(prefix: string): string {
    this.n += 1;
    return `${prefix}${this.n}x${Math.floor(this.rand() * 1e9).toString(36)}`;
  }

  /** One append, one transaction. */
  private async put<E extends Event>(type: StreamType<E>, id: string, ...events: E[]): Promise<string> {
    const stream = `${type.prefix}${id}`;
    const appended = await this.events.append(stream, events);
    if (!this.streams.has(type as StreamType<Event>)) this.streams.set(type as StreamType<Event>, new Set());
    this.streams.get(type as StreamType<Event>)!.add(id);
    this.head = appended.position;
    return `${events.map((e) => e.type).join('+')} on ${stream}`;
  }

  private open(): AccountModel | undefined {
    return this.pick(this.accounts.filter((a) => !a.closed));
  }

  /** One append the service would make, chosen at random among those its entities allow. */
  async append(): Promise<string> {
    const account = this.open();
    const roll = this.rand();
    if (!account || (roll < 0.08 && this.accounts.length < 8)) return this.openAccount();
    if (roll < 0.12) {
      const plan = this.rand() < 0.5 ? 'pro' : 'growth';
      return this.put<AccountEvent>(accountStream, account.id, {
        type: 'PlanChanged',
        data: { plan, limits: PLANS[plan] },
      });
    }
    if (roll < 0.16) return this.activateKey(account);
    if (roll < 0.18 && account.active.size > 1) {
      const key = [...account.active][0]!;
      account.active.delete(key);
      return this.put<AccountEvent>(accountStream, account.id, { type: 'KeyRevoked', data: { key_id: key } });
    }
    if (roll < 0.22) {
      const token = this.id('t');
      const session = this.id('s');
      account.sessions.push(session);
      const expires_at = '2026-12-01T00:00:00.000Z';
      await this.put<AccountEvent>(accountStream, account.id, {
        type: 'SignInRequested',
        data: { token_hash: token, expires_at },
      });
      return this.put<AccountEvent>(accountStream, account.id, {
        type: 'SignedIn',
        data: { token_hash: token, session_hash: session, expires_at },
      });
    }
    if (roll < 0.24 && account.sessions.length > 0)
      return this.put<AccountEvent>(accountStream, account.id, {
        type: 'SignedOut',
        data: { session_hash: account.sessions.shift()! },
      });
    if (roll < 0.25 && this.accounts.length > 2) {
      for (const key of account.active)
        await this.put<AccountEvent>(accountStream, account.id, { type: 'KeyRevoked', data: { key_id: key } });
      account.active.clear();
      account.closed = true;
      return this.put<AccountEvent>(accountStream, account.id, { type: 'AccountClosed', data: {} });
    }
    if (roll < 0.35)
      return this.put<LedgerEvent>(creditsStream, account.id, {
        type: 'CreditsCharged',
        data: { amount: 1, operation: 'verify', reference: this.id('r') },
      });
    if (roll < 0.43)
      return this.put<UsageEvent>(usageStream, account.id, {
        type: 'RequestsCounted',
        data: {
          key_id: this.pick([...account.keys])!,
          period: PERIOD,
          day: `2026-11-2${Math.floor(this.rand() * 3)}`,
          count: 1 + Math.floor(this.rand() * 5),
        },
      });
    if (roll < 0.58) return this.submitJob(account);
    if (roll < 0.8) return this.advanceJob();
    if (roll < 0.88 && !this.batches.some((b) => !b.done)) return this.submitBatch(account);
    return this.advanceBatch();
  }

  private async openAccount(): Promise<string> {
    const account: AccountModel = { id: this.id('a'), keys: [], active: new Set(), sessions: [], closed: false };
    this.accounts.push(account);
    await this.put<AccountEvent>(accountStream, account.id, {
      type: 'AccountOpened',
      data: {
        contact: { email: `${account.id}@example.com`, name: 'Model GmbH' },
        plan: 'growth',
        limits: PLANS.growth,
      },
    });
    await this.activateKey(account);
    return this.put<LedgerEvent>(creditsStream, account.id, {
      type: 'CreditsGranted',
      data: { amount: 1000, reason: 'monthly_allowance', period: PERIOD },
    });
  }

  private activateKey(account: AccountModel): Promise<string> {
    const key = this.id('k');
    account.keys.push(key);
    account.active.add(key);
    return this.put<AccountEvent>(accountStream, account.id, {
      type: 'KeyActivated',
      data: {
        key_id: key,
        key_hash: `hash-${key}`,
        prefix: 'pk_live_',
        last4: key.slice(-4),
        mode: 'live',
        scopes: ['verify', 'jobs', 'batches'],
      },
    });
  }

  private async submitJob(account: AccountModel): Promise<string> {
    const job: JobModel = {
      id: this.faultedJobs.shift() ?? this.id('j'),
      account,
      webhook: this.rand() < 0.5,
      stage: 0,
      attempts: 0,
    };
    this.jobs.push(job);
    await this.put<LedgerEvent>(creditsStream, account.id, {
      type: 'CreditsReserved',
      data: { reservation_id: `job-${job.id}`, amount: 1, operation: 'verify', reference: job.id },
    });
    return this.put<JobEvent>(jobStream, job.id, {
      type: 'JobSubmitted',
      data: {
        kind: 'verification',
        mode: 'live',
        account_id: account.id,
        key_id: account.keys[0]!,
        request: { policy_number: `P-${job.id}`, country: 'DE', insurance_type: 'liability' },
        webhook_url: job.webhook ? 'https://hooks.example.com/pvs' : null,
        idempotency_key: null,
        request_hash: `h-${job.id}`,
      },
    });
  }

  private async advanceJob(): Promise<string> {
    const job = this.pick(this.jobs.filter((j) => j.stage < 1 || (j.webhook && j.stage < 2)));
    if (!job) return this.submitJob(this.open() ?? this.accounts[0]!);
    if (job.stage === 0) {
      job.stage = 1;
      const failed = this.rand() < 0.2;
      await this.put<LedgerEvent>(creditsStream, job.account.id, {
        type: 'ReservationSettled',
        data: { reservation_id: `job-${job.id}`, captured: failed ? 0 : 1, released: failed ? 1 : 0 },
      });
      return this.put<JobEvent>(
        jobStream,
        job.id,
        failed
          ? { type: 'JobFailed', data: { error: { error: 'provider_unavailable', message: 'no answer', code: 503 } } }
          : {
              type: 'JobCompleted',
              data: { result: { status: 'verified', confidence_score: 0.8, policy_number: 'P' }, credits_charged: 1 },
            },
      );
    }
    job.attempts += 1;
    const delivered = this.rand() < 0.6;
    await this.put<JobEvent>(jobStream, job.id, {
      type: 'WebhookAttempted',
      data: {
        attempt: job.attempts,
        status: delivered ? 200 : 502,
        outcome: delivered ? 'delivered' : 'retryable',
        reason: null,
      },
    });
    if (!delivered) return `attempt of ${job.id}`;
    job.stage = 2;
    return this.put<JobEvent>(jobStream, job.id, { type: 'WebhookDelivered', data: { attempts: job.attempts } });
  }

  private async submitBatch(account: AccountModel): Promise<string> {
    const batch: BatchModel = { id: this.id('b'), account, size: 0, done: false };
    this.batches.push(batch);
    return this.put<BatchEvent>(batchStream, batch.id, {
      type: 'BatchSubmitted',
      data: {
        mode: 'live',
        account_id: account.id,
        key_id: account.keys[0]!,
        total_count: BATCH_SIZE,
        policies: Array.from({ length: BATCH_SIZE }, (_, index) => ({
          policy_number: `B-${index}`,
          country: 'DE' as const,
          insurance_type: 'motor' as const,
        })),
        idempotency_key: null,
        request_hash: `h-${batch.id}`,
      },
    });
  }

  private async advanceBatch(): Promise<string> {
    const batch = this.batches.find((b) => !b.done);
    if (!batch) return this.submitBatch(this.open() ?? this.accounts[0]!);
    if (batch.size < BATCH_SIZE) {
      // Now and then an item recorded twice (a retried activity): the fold keeps the first.
      const index = this.rand() < 0.15 && batch.size > 0 ? batch.size - 1 : batch.size++;
      return this.put<BatchEvent>(batchStream, batch.id, {
        type: 'BatchItemCompleted',
        data: { index, result: itemResult(index) },
      });
    }
    batch.done = true;
    return this.put<BatchEvent>(batchStream, batch.id, {
      type: 'BatchCompleted',
      data: {
        summary: { verified: 2, inconclusive: 0, unverified: 2, error: 0, credits_charged: BATCH_SIZE },
      },
    });
  }

  /** An event of a type no stream holds (a newer version's, or a mistake), on a stream written before. */
  async unknown(): Promise<string> {
    const kinds = [...this.streams.keys()];
    const type = this.pick(kinds);
    if (!type) return this.append();
    const id = this.pick([...this.streams.get(type)!])!;
    const stream = `${type.prefix}${id}`;
    const appended = await this.events.append(stream, [{ type: 'Teleported', data: { to: 'nowhere' } }]);
    this.head = appended.position;
    const [event] = await this.events.readStream(stream, { fromRevision: appended.nextRevision, maxCount: 1 });
    this.unknowns.push({ stream, id: event!.id });
    return `unknown event on ${stream}`;
  }

  /** An entity whose rows a read model refuses until the fault is fixed: a job still to be submitted, or an account's balance. */
  async fault(): Promise<string | null> {
    if (this.rand() < 0.6) {
      const id = this.id('j');
      this.faultedJobs.push(id);
      return id;
    }
    return this.open()?.id ?? null;
  }

  syncEntry(): AuditEntry {
    const account = this.open() ?? this.accounts[0];
    return {
      at: Date.now(),
      accountId: account?.id ?? 'none',
      keyId: account?.keys[0] ?? 'none',
      mode: 'live',
      country: 'DE',
      insuranceType: 'motor',
      status: 'verified',
      confidence: 0.9,
    };
  }

  /** `projection event_id` of every unknown event, for every read model of its kind of stream. */
  deadLetters(): string[] {
    return this.unknowns.flatMap(({ stream, id }) =>
      allProjections
        .filter((p) => p.streams.some((type) => stream.startsWith(type.prefix)))
        .map((p) => `${p.name} ${id}`),
    );
  }
}
