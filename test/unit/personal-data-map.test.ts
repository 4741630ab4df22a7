// The personal-data map (domain/personal-data.ts) against every event type of every stream (issue 39 item 3).
// Each event type has a sample here with every field present, optional ones too (`Complete`: typecheck fails when
// an event type gains a field the sample lacks, or a type its stream lists has no sample). Walking the samples,
// every string field must be either personal (in the map, so sealed) or declared below as not personal, with why.
// A new event type, or a new free-text field, fails until someone decides which it is.
import { describe, expect, it } from 'vitest';
import { accountStream, type AccountEvent } from '../../domain/accounts/account.js';
import { batchStream, type BatchEvent } from '../../domain/jobs/batch.js';
import { jobStream, type JobEvent } from '../../domain/jobs/job.js';
import { creditsStream, type LedgerEvent } from '../../domain/ledger/ledger.js';
import { personalFields } from '../../domain/personal-data.js';
import type { Event, StreamType } from '../../domain/streams.js';
import { usageStream, type UsageEvent } from '../../domain/usage/requests.js';

/** Every optional field required, all the way down: a sample must show each field an event can carry. */
type Complete<T> = T extends readonly (infer U)[]
  ? Complete<U>[]
  : T extends object
    ? { [K in keyof T]-?: Complete<Exclude<T[K], undefined>> }
    : T;
type Samples<E extends Event> = { [T in E['type']]: Complete<Extract<E, { type: T }>['data']> };

/** Why a string field is not personal. */
type Why = 'id' | 'hash' | 'enum' | 'time' | 'sealed secret' | 'names the failure';

const jobError = {
  error: 'invalid_policy_number',
  message: 'The policy number is not in a recognised format for UK motor insurance.',
  code: 422,
};

const STREAMS: {
  stream: StreamType<Event>;
  samples: Record<string, unknown>;
  notPersonal: Record<string, Record<string, Why>>;
}[] = [
  {
    stream: accountStream as StreamType<Event>,
    samples: {
      AccountOpened: {
        contact: { email: 'a@example.com', name: 'Ann', email_hash: 'h' },
        plan: 'pro',
        limits: { monthlyCredits: 1, requestsPerMinute: 1, requestsPerMonth: 1 },
      },
      PlanChanged: { plan: 'pro', limits: { monthlyCredits: 1, requestsPerMinute: 1, requestsPerMonth: 1 } },
      WebhookSecretIssued: { sealed: 'x', issued_at: '2026-01-01T00:00:00Z' },
      EmailVerified: { token_hash: 'h' },
      SignInRequested: { token_hash: 'h', expires_at: '2026-01-01T00:00:00Z' },
      SignedIn: { token_hash: 'h', session_hash: 'h', expires_at: '2026-01-01T00:00:00Z' },
      SignedOut: { session_hash: 'h' },
      AccountClosed: {},
      KeyActivated: {
        key_id: 'k',
        key_hash: 'h',
        prefix: 'pvs_live_',
        last4: 'abcd',
        mode: 'live',
        scopes: ['verify'],
        token_hash: 'h',
        name: 'Ann laptop',
      },
      KeyRevoked: { key_id: 'k' },
      KeyDeactivated: { key_id: 'k', reason: 'unused' },
      KeyRequested: { key_id: 'k', mode: 'live', token_hash: 'h', expires_at: '2026-01-01T00:00:00Z' },
    } satisfies Samples<AccountEvent>,
    notPersonal: {
      AccountOpened: { plan: 'enum' },
      PlanChanged: { plan: 'enum' },
      WebhookSecretIssued: { sealed: 'sealed secret', issued_at: 'time' },
      EmailVerified: { token_hash: 'hash' },
      SignInRequested: { token_hash: 'hash', expires_at: 'time' },
      SignedIn: { token_hash: 'hash', session_hash: 'hash', expires_at: 'time' },
      SignedOut: { session_hash: 'hash' },
      // prefix and last4: what the dashboard shows of a key, not of a person.
      KeyActivated: {
        key_id: 'id',
        key_hash: 'hash',
        prefix: 'id',
        last4: 'id',
        mode: 'enum',
        'scopes[]': 'enum',
        token_hash: 'hash',
      },
      KeyRevoked: { key_id: 'id' },
      // Written by the service, not the user: why it retired the key.
      KeyDeactivated: { key_id: 'id', reason: 'names the failure' },
      KeyRequested: { key_id: 'id', mode: 'enum', token_hash: 'hash', expires_at: 'time' },
    },
  },
  {
    stream: jobStream as StreamType<Event>,
    samples: {
      JobSubmitted: {
        kind: 'verification',
        mode: 'live',
        account_id: 'a',
        key_id: 'k',
        request: { policy_number: 'AXK12345678' },
        webhook_url: 'https://hooks.example.com/x',
        idempotency_key: 'i',
        request_hash: 'h',
        has_document: true,
        blob_id: 'b',
      },
      JobCompleted: { result: { policy_number: 'AXK12345678' }, credits_charged: 1 },
      JobFailed: { error: jobError },
      WebhookAttempted: {
        delivery_id: 'd',
        attempt: 1,
        status: 503,
        outcome: 'retryable',
        reason: 'receiver answered HTTP 503',
      },
      WebhookDelivered: { delivery_id: 'd', attempts: 1 },
      WebhookAbandoned: {
        delivery_id: 'd',
        attempts: 3,
        reason: 'gave up after retries: the webhook host does not resolve',
      },
      WebhookResent: { delivery_id: 'd', url: 'https://hooks.example.com/x' },
      JobResultErased: { request: { country: 'UK', insurance_type: 'motor' }, cutoff: '2026-01-01T00:00:00Z' },
      ExtractionCorrected: {
        field: 'policy_number',
        from: 'AXK1234567B',
        to: 'AXK12345678',
        by: { via: 'dashboard', person: 'jane@example.com' },
        account_id: 'a',
        mode: 'live',
      },
    } satisfies Samples<JobEvent>,
    notPersonal: {
      // The idempotency key is the client's request id (a UUID per request); the blob id is the document's hash.
      JobSubmitted: {
        kind: 'enum',
        mode: 'enum',
        account_id: 'id',
        key_id: 'id',
        idempotency_key: 'id',
        request_hash: 'hash',
        blob_id: 'hash',
      },
      // The docs/architecture.md#errors error of the catalogue: its messages name the failure, never the request's values.
      JobFailed: { 'error.error': 'enum', 'error.message': 'names the failure' },
      // Delivery reasons name the failure, never the host or URL (infra/webhooks/, test/integration/webhook-delivery.test.ts).
      WebhookAttempted: { delivery_id: 'id', outcome: 'enum', reason: 'names the failure' },
      WebhookDelivered: { delivery_id: 'id' },
      WebhookAbandoned: { delivery_id: 'id', reason: 'names the failure' },
      WebhookResent: { delivery_id: 'id' },
      JobResultErased: { 'request.country': 'enum', 'request.insurance_type': 'enum', cutoff: 'time' },
      // A key's id names no one (by.key_id, on a correction made with a key).
      ExtractionCorrected: { field: 'enum', 'by.via': 'enum', account_id: 'id', mode: 'enum' },
    },
  },
  {
    stream: batchStream as StreamType<Event>,
    samples: {
      BatchSubmitted: {
        mode: 'live',
        account_id: 'a',
        key_id: 'k',
        total_count: 1,
        policies: [{ policy_number: 'AXK12345678', country: 'UK', insurance_type: 'motor', provider: 'AXA' }],
        idempotency_key: 'i',
        request_hash: 'h',
      },
      BatchItemCompleted: {
        index: 0,
        result: {
          index: 0,
          policy_number: 'AXK12345678',
          country: 'UK',
          insurance_type: 'motor',
          provider: 'AXA',
          status: 'verified',
          confidence_score: 1,
          verification_sources: ['register'],
          insurer: { name: 'AXA', reference: 'r', regulated: 'YES', authorised: true },
          flags: ['f'],
          credits_charged: 1,
          error: jobError,
        },
      },
      BatchCompleted: { summary: { verified: 1, inconclusive: 0, unverified: 0, error: 0, credits_charged: 1 } },
      BatchResultsErased: { cutoff: '2026-01-01T00:00:00Z' },
    } satisfies Samples<BatchEvent>,
    notPersonal: {
      BatchSubmitted: { mode: 'enum', account_id: 'id', key_id: 'id', idempotency_key: 'id', request_hash: 'hash' },
      BatchItemCompleted: {
        'result.country': 'enum',
        'result.insurance_type': 'enum',
        'result.status': 'enum',
        'result.verification_sources[]': 'enum',
        'result.flags[]': 'enum',
        'result.error.error': 'enum',
        'result.error.message': 'names the failure',
      },
      BatchResultsErased: { cutoff: 'time' },
    },
  },
  {
    stream: creditsStream as StreamType<Event>,
    samples: {
      CreditsGranted: { amount: 1, reason: 'top_up', period: '2026-01' },
      CreditsExpired: { amount: 1, period: '2026-01' },
      CreditsCharged: { amount: 1, operation: 'verify', reference: 'job_1' },
      CreditsReserved: { reservation_id: 'r', amount: 1, operation: 'verify', reference: 'job_1' },
      ReservationSettled: { reservation_id: 'r', captured: 1, released: 0 },
      LedgerChainStarted: { through_revision: 3, head: '0'.repeat(64) },
    } satisfies Samples<LedgerEvent>,
    notPersonal: {
      CreditsGranted: { reason: 'enum', period: 'time' },
      CreditsExpired: { period: 'time' },
      // reference: the job, batch or request the credits went to.
      CreditsCharged: { operation: 'enum', reference: 'id' },
      CreditsReserved: { reservation_id: 'id', operation: 'enum', reference: 'id' },
      ReservationSettled: { reservation_id: 'id' },
      // head: a SHA-256 of the ledger's own events.
      LedgerChainStarted: { head: 'hash' },
    },
  },
  {
    stream: usageStream as StreamType<Event>,
    samples: {
      RequestsCounted: { key_id: 'k', period: '2026-01', day: '2026-01-01', count: 1 },
    } satisfies Samples<UsageEvent>,
    notPersonal: { RequestsCounted: { key_id: 'id', period: 'time', day: 'time' } },
  },
];

/** The path of every string in a value (`a.b`, `a[]` for an array's items), not going below a personal path. */
function stringPaths(value: unknown, personal: ReadonlySet<string>, at = ''): string[] {
  if (personal.has(at)) return [];
  if (typeof value === 'string') return [at];
  if (Array.isArray(value)) return [...new Set(value.flatMap((item) => stringPaths(item, personal, `${at}[]`)))];
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, child]) => stringPaths(child, personal, at ? `${at}.${key}` : key));
  return [];
}

/** Every path in a value, down to its leaves (to tell a declared path that no longer exists). */
function allPaths(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) return [at, ...value.flatMap((item) => allPaths(item, `${at}[]`))];
  if (value && typeof value === 'object')
    return [at, ...Object.entries(value).flatMap(([key, child]) => allPaths(child, at ? `${at}.${key}` : key))];
  return [at];
}

describe.each(STREAMS)('the $stream.prefix stream', ({ stream, samples, notPersonal }) => {
  it('has a sample of every event type it holds, and of nothing else', () => {
    expect(Object.keys(samples).sort()).toEqual([...stream.types].sort());
  });

  it.each([...stream.types])(
    '%s: every string field is personal (sealed) or declared not personal, and nothing declared is stale',
    (type) => {
      const sample = samples[type];
      const personal = new Set(personalFields(stream(`x`), type).map((f) => f.path.join('.')));
      const declared = notPersonal[type] ?? {};
      const undecided = stringPaths(sample, personal).filter((path) => !(path in declared));
      expect(undecided, 'string fields neither in domain/personal-data.ts nor declared not personal here').toEqual([]);
      const paths = new Set(allPaths(sample));
      expect(
        [...personal, ...Object.keys(declared)].filter((path) => !paths.has(path)),
        'declared fields the event does not have',
      ).toEqual([]);
      expect(
        Object.keys(declared).filter((path) => personal.has(path)),
        'fields declared both ways',
      ).toEqual([]);
    },
  );
});

it('a free-text field nobody declared fails the walk', () => {
  expect(
    stringPaths({ key_id: 'k', note: 'call Ann on 0123' }, new Set()).filter((path) => !(path in { key_id: 'id' })),
  ).toEqual(['note']);
});
