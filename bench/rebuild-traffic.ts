// The rebuild bench's traffic (bench/rebuild.ts): each account's life as the service records it, one decision an
// append. Round 0 opens the account (AccountOpened, KeyActivated, its monthly allowance). Each later round: last
// round's jobs end (JobCompleted or JobFailed), their callbacks are attempted (a retry now and then) and delivered,
// their reservations settle; last round's batch records its items one by one and ends; this round's synchronous
// verifications are charged one by one, its jobs reserved and submitted, a batch now and then; the requests its key
// made are counted. Now and then the owner signs in (a link, then a session) and out, changes plan, or retention
// erases the results of jobs and batches ended rounds ago (and shreds their streams' keys); a few accounts close
// (their keys revoked, the account closed, its stream's key shredded) and go quiet. The last round's jobs and
// reservations stay open, as a live service always has some.
import { randomUUID } from 'node:crypto';
import { accountStream, type AccountEvent } from '../domain/accounts/account.js';
import { batchStream, type BatchEvent } from '../domain/jobs/batch.js';
import { jobStream, type JobEvent } from '../domain/jobs/job.js';
import type { BatchItemResult } from '../domain/jobs/outcomes.js';
import { creditsStream, type LedgerEvent } from '../domain/ledger/ledger.js';
import { PLANS } from '../domain/plans.js';
import type { Event } from '../domain/streams.js';
import { usageStream, type UsageEvent } from '../domain/usage/requests.js';

export const PERIOD = '2026-11';
export const BATCH_SIZE = 10;
const CHARGES_PER_ROUND = 12;
const JOBS_PER_ROUND = 2;
/** One account in this many closes, at its round CLOSE_ROUND. */
const CLOSES_ONE_IN = 25;
const CLOSE_ROUND = 6;
/** Rounds after its end that retention erases a job's or a batch's results. */
const ERASED_AFTER = 3;

export interface Append {
  stream: string;
  events: Event[];
}

/** An append, then the streams whose keys are shredded after it (an erasure, a close). */
export type Step = Append | { shred: string[] };

/** What was written, to count rows against. */
export interface Written {
  events: number;
  jobs: number;
  batches: number;
}

/** An account as the generator drives it. */
export interface Account {
  id: string;
  index: number;
  keyId: string;
  round: number;
  closed: boolean;
  /** Jobs submitted last round, ended this round. */
  open: { jobId: string; reservation: string; webhook: boolean }[];
  /** A batch submitted last round, finished this round. */
  openBatch: { batchId: string; reservation: string } | null;
  /** Jobs and batches ended, by the round they ended in: erased ERASED_AFTER rounds later. */
  ended: { round: number; jobs: string[]; batch: string | null }[];
  /** A session signed in last round, signed out this round. */
  session: string | null;
}

export const newAccount = (index: number): Account => ({
  id: randomUUID(),
  index,
  keyId: randomUUID(),
  round: 0,
  closed: false,
  open: [],
  openBatch: null,
  ended: [],
  session: null,
});

const request = (n: number) => ({ policy_number: `P-${n}`, country: 'DE', insurance_type: 'liability' });
const itemResult = (index: number): BatchItemResult => ({
  index,
  policy_number: `B-${index}`,
  country: 'DE',
  insurance_type: 'liability',
  provider: 'Example Versicherung',
  status: index % 7 === 0 ? 'unverified' : 'verified',
  confidence_score: 0.9,
  verification_sources: ['register'],
  insurer: null,
  flags: [],
  credits_charged: 1,
  error: null,
});

const one = <E extends Event>(stream: string, event: E): Append => ({ stream, events: [event] });
const credit = (id: string, event: LedgerEvent) => one(creditsStream(id), event);
const job = (id: string, event: JobEvent) => one(jobStream(id), event);
const batch = (id: string, event: BatchEvent) => one(batchStream(id), event);
const account = (id: string, event: AccountEvent) => one(accountStream(id), event);

function opening(a: Account): Step[] {
  return [
    account(a.id, {
      type: 'AccountOpened',
      data: {
        contact: { email: `owner-${a.id}@example.com`, name: 'Bench GmbH', email_hash: `eh-${a.id}` },
        plan: 'growth',
        limits: PLANS.growth,
      },
    }),
    account(a.id, {
      type: 'KeyActivated',
      data: {
        key_id: a.keyId,
        key_hash: `hash-${a.keyId}`,
        prefix: 'pk_live_',
        last4: a.keyId.slice(-4),
        mode: 'live',
        scopes: ['verify', 'jobs', 'batches'],
        name: 'Bench key',
      },
    }),
    credit(a.id, { type: 'CreditsGranted', data: { amount: 1_000_000, reason: 'monthly_allowance', period: PERIOD } }),
  ];
}

/** Last round's jobs and batch end: their events, their callbacks, their settlements. */
function endings(a: Account, r: number): Step[] {
  const steps: Step[] = [];
  const ended = { round: r, jobs: [] as string[], batch: null as string | null };
  for (const [i, open] of a.open.entries()) {
    const failed = (r + i) % 10 === 0;
    steps.push(
      job(
        open.jobId,
        failed
          ? {
              type: 'JobFailed',
              data: { error: { error: 'provider_unavailable', message: 'the register did not answer', code: 503 } },
            }
          : {
              type: 'JobCompleted',
              data: { result: { status: 'verified', confidence_score: 0.9, ...request(r) }, credits_charged: 1 },
            },
      ),
    );
    if (open.webhook) {
      const retried = (r + i) % 3 === 0;
      if (retried)
        steps.push(
          job(open.jobId, {
            type: 'WebhookAttempted',
            data: { attempt: 1, status: 502, outcome: 'retryable', reason: 'bad gateway' },
          }),
        );
      steps.push(
        job(open.jobId, {
          type: 'WebhookAttempted',
          data: { attempt: retried ? 2 : 1, status: 200, outcome: 'delivered', reason: null },
        }),
        job(open.jobId, { type: 'WebhookDelivered', data: { attempts: retried ? 2 : 1 } }),
      );
    }
    steps.push(
      credit(a.id, {
        type: 'ReservationSettled',
        data: { reservation_id: open.reservation, captured: failed ? 0 : 1, released: failed ? 1 : 0 },
      }),
    );
    ended.jobs.push(open.jobId);
  }
  a.open = [];
  if (a.openBatch) {
    const { batchId, reservation } = a.openBatch;
    for (let index = 0; index < BATCH_SIZE; index += 1)
      steps.push(batch(batchId, { type: 'BatchItemCompleted', data: { index, result: itemResult(index) } }));
    const unverified = Math.ceil(BATCH_SIZE / 7);
    steps.push(
      batch(batchId, {
        type: 'BatchCompleted',
        data: {
          summary: {
            verified: BATCH_SIZE - unverified,
            inconclusive: 0,
            unverified,
            error: 0,
            credits_charged: BATCH_SIZE,
          },
        },
      }),
      credit(a.id, {
        type: 'ReservationSettled',
        data: { reservation_id: reservation, captured: BATCH_SIZE, released: 0 },
      }),
    );
    ended.batch = batchId;
    a.openBatch = null;
  }
  a.ended.push(ended);
  return steps;
}

/** Retention: what ended ERASED_AFTER rounds ago loses its results (one job in three), and their keys. */
function erasures(a: Account, r: number): Step[] {
  const due = a.ended.filter((e) => e.round <= r - ERASED_AFTER);
  a.ended = a.ended.filter((e) => e.round > r - ERASED_AFTER);
  const steps: Step[] = [];
  const shredded: string[] = [];
  for (const { jobs, batch: batchId } of due) {
    for (const jobId of jobs.filter((_, i) => (r + i) % 3 === 0)) {
      steps.push(
        job(jobId, {
          type: 'JobResultErased',
          data: { request: { country: 'DE', insurance_type: 'liability' }, cutoff: '2026-11-01T00:00:00.000Z' },
        }),
      );
      shredded.push(jobStream(jobId));
    }
    if (batchId && r % 2 === 0) {
      steps.push(batch(batchId, { type: 'BatchResultsErased', data: { cutoff: '2026-11-01T00:00:00.000Z' } }));
      shredded.push(batchStream(batchId));
    }
  }
  if (shredded.length > 0) steps.push({ shred: shredded });
  return steps;
}

/** One round of an account's traffic, as the appends it makes, in order, one decision each. */
export function roundOf(a: Account, written: Written): Step[] {
  const r = a.round;
  a.round += 1;
  if (a.closed) return [];
  if (r === 0) return opening(a);
  const steps: Step[] = [...endings(a, r), ...erasures(a, r)];
  if (a.session) {
    steps.push(account(a.id, { type: 'SignedOut', data: { session_hash: a.session } }));
    a.session = null;
  }
  if (a.index % CLOSES_ONE_IN === 0 && r === CLOSE_ROUND) {
    // As the close decides it: the keys revoked and the account closed in one append, then its key shredded.
    steps.push(
      {
        stream: accountStream(a.id),
        events: [
          { type: 'KeyRevoked', data: { key_id: a.keyId } },
          { type: 'AccountClosed', data: {} },
        ],
      },
      { shred: [accountStream(a.id)] },
    );
    a.closed = true;
    return steps;
  }
  if (r % 3 === 1) {
    const token = `link-${randomUUID()}`;
    const session = `session-${randomUUID()}`;
    const expires_at = '2026-12-01T00:00:00.000Z';
    steps.push(
      account(a.id, { type: 'SignInRequested', data: { token_hash: token, expires_at } }),
      account(a.id, { type: 'SignedIn', data: { token_hash: token, session_hash: session, expires_at } }),
    );
    a.session = session;
  }
  if (r % 10 === 5) {
    const plan = (r / 10) % 2 < 1 ? 'pro' : 'growth';
    steps.push(account(a.id, { type: 'PlanChanged', data: { plan, limits: PLANS[plan] } }));
  }
  for (let i = 0; i < CHARGES_PER_ROUND; i += 1)
    steps.push(
      credit(a.id, { type: 'CreditsCharged', data: { amount: 1, operation: 'verify', reference: `req-${r}-${i}` } }),
    );
  for (let i = 0; i < JOBS_PER_ROUND; i += 1) {
    const jobId = randomUUID();
    const webhook = (r + i) % 2 === 0;
    a.open.push({ jobId, reservation: `job-${jobId}`, webhook });
    steps.push(
      credit(a.id, {
        type: 'CreditsReserved',
        data: { reservation_id: `job-${jobId}`, amount: 1, operation: 'verify', reference: jobId },
      }),
      job(jobId, {
        type: 'JobSubmitted',
        data: {
          kind: 'verification',
          mode: 'live',
          account_id: a.id,
          key_id: a.keyId,
          request: request(r),
          webhook_url: webhook ? 'https://hooks.example.com/pvs' : null,
          idempotency_key: null,
          request_hash: `h-${jobId}`,
        },
      }),
    );
    written.jobs += 1;
  }
  if (r % 4 === 1) {
    const batchId = randomUUID();
    a.openBatch = { batchId, reservation: `batch-${batchId}` };
    steps.push(
      credit(a.id, {
        type: 'CreditsReserved',
        data: { reservation_id: `batch-${batchId}`, amount: BATCH_SIZE, operation: 'batch', reference: batchId },
      }),
      batch(batchId, {
        type: 'BatchSubmitted',
        data: {
          mode: 'live',
          account_id: a.id,
          key_id: a.keyId,
          total_count: BATCH_SIZE,
          policies: Array.from({ length: BATCH_SIZE }, (_, index) => ({
            policy_number: `B-${index}`,
            country: 'DE' as const,
            insurance_type: 'motor' as const,
          })),
          idempotency_key: null,
          request_hash: `h-${batchId}`,
        },
      }),
    );
    written.batches += 1;
  }
  steps.push(
    one<UsageEvent>(usageStream(a.id), {
      type: 'RequestsCounted',
      data: { key_id: a.keyId, period: PERIOD, day: '2026-11-27', count: CHARGES_PER_ROUND + JOBS_PER_ROUND },
    }),
  );
  return steps;
}
