// A short history with at least one event of every type a read model reads, in an order the service could write
// them: one account with its keys and portal links, its ledger, its requests' count, two jobs (one that completes,
// is delivered, resent and erased; one that fails and whose callback is abandoned) and a batch that completes and is
// erased. test/integration/rebuild-routing.test.ts replays it through each projection alone.
import { accountStream, type AccountEvent } from '../../domain/accounts/account.js';
import { batchStream, type BatchEvent } from '../../domain/jobs/batch.js';
import { jobStream, type JobEvent } from '../../domain/jobs/job.js';
import type { BatchItemResult } from '../../domain/jobs/outcomes.js';
import { creditsStream, type LedgerEvent } from '../../domain/ledger/ledger.js';
import { monitorStream, type MonitorEvent } from '../../domain/monitors/monitor.js';
import { PLANS } from '../../domain/plans.js';
import type { Event } from '../../domain/streams.js';
import { usageStream, type UsageEvent } from '../../domain/usage/requests.js';
import type { VerificationRequest } from '../../domain/verification/types.js';

const soon = () => new Date(Date.now() + 3_600_000).toISOString();
const request: VerificationRequest = { policy_number: 'AXK12345678', country: 'UK', insurance_type: 'motor' };

const item = (index: number): BatchItemResult => ({
  index,
  ...request,
  provider: 'AXA',
  status: 'verified',
  confidence_score: 0.9,
  verification_sources: ['format', 'registry'],
  insurer: null,
  flags: [],
  credits_charged: 1,
  error: null,
});

/** The appends, stream by stream, for an account `id` (ids of its jobs and batch derived from it). */
export function everyEvent(id: string): { stream: string; events: Event[] }[] {
  const submitted = (webhook: boolean): JobEvent => ({
    type: 'JobSubmitted',
    data: {
      kind: 'verification',
      mode: 'live',
      account_id: id,
      key_id: `${id}_k1`,
      request: { ...request },
      webhook_url: webhook ? 'https://receiver.example/hook' : null,
      idempotency_key: null,
      request_hash: 'h',
    },
  });
  const account: AccountEvent[] = [
    {
      type: 'AccountOpened',
      data: { contact: { name: 'Routing GmbH', email_hash: `hash-${id}` }, plan: 'growth', limits: PLANS.growth },
    },
    { type: 'EmailVerified', data: { token_hash: `${id}_t0` } },
    { type: 'KeyRequested', data: { key_id: `${id}_k1`, mode: 'live', token_hash: `${id}_t1`, expires_at: soon() } },
    {
      type: 'KeyActivated',
      data: {
        key_id: `${id}_k1`,
        key_hash: `${id}_h1`,
        prefix: 'pk_live_',
        last4: 'abcd',
        mode: 'live',
        scopes: ['verify', 'jobs', 'batches'],
        token_hash: `${id}_t1`,
      },
    },
    {
      type: 'KeyActivated',
      data: {
        key_id: `${id}_k2`,
        key_hash: `${id}_h2`,
        prefix: 'pk_test_',
        last4: 'efgh',
        mode: 'test',
        scopes: ['verify'],
      },
    },
    { type: 'SignInRequested', data: { token_hash: `${id}_t2`, expires_at: soon() } },
    { type: 'SignedIn', data: { token_hash: `${id}_t2`, session_hash: `${id}_s1`, expires_at: soon() } },
    { type: 'SignedOut', data: { session_hash: `${id}_s1` } },
    { type: 'WebhookSecretIssued', data: { sealed: 'sealed-secret', issued_at: new Date().toISOString() } },
    { type: 'PlanChanged', data: { plan: 'pro', limits: PLANS.pro } },
    { type: 'KeyDeactivated', data: { key_id: `${id}_k2`, reason: 'expired' } },
    { type: 'KeyRevoked', data: { key_id: `${id}_k1` } },
    { type: 'AccountClosed', data: {} },
  ];
  const ledger: LedgerEvent[] = [
    { type: 'CreditsGranted', data: { amount: 100, reason: 'monthly_allowance', period: '2026-11' } },
    { type: 'CreditsCharged', data: { amount: 1, operation: 'verify', reference: 'r1' } },
    { type: 'CreditsReserved', data: { reservation_id: `${id}_r1`, amount: 3, operation: 'batch', reference: 'b1' } },
    { type: 'ReservationSettled', data: { reservation_id: `${id}_r1`, captured: 2, released: 1 } },
    { type: 'CreditsExpired', data: { amount: 10, period: '2026-10' } },
    { type: 'LedgerChainStarted', data: { through_revision: 4, head: 'head' } },
  ];
  const usage: UsageEvent[] = [
    { type: 'RequestsCounted', data: { key_id: `${id}_k1`, period: '2026-11', day: '2026-11-28', count: 3 } },
  ];
  const delivered: JobEvent[] = [
    submitted(true),
    { type: 'JobCompleted', data: { result: { status: 'verified', confidence_score: 0.9 }, credits_charged: 1 } },
    { type: 'WebhookAttempted', data: { attempt: 1, status: 502, outcome: 'retryable', reason: 'bad gateway' } },
    { type: 'WebhookAttempted', data: { attempt: 2, status: 200, outcome: 'delivered', reason: null } },
    { type: 'WebhookDelivered', data: { attempts: 2 } },
    { type: 'WebhookResent', data: { delivery_id: `${id}_d1`, url: 'https://receiver.example/hook' } },
    { type: 'WebhookDelivered', data: { delivery_id: `${id}_d1`, attempts: 1 } },
    {
      type: 'ExtractionCorrected',
      data: {
        field: 'policy_number',
        from: 'AXK12345678',
        to: 'AXK12345679',
        by: { via: 'api', key_id: `${id}_k1` },
        account_id: id,
        mode: 'live',
      },
    },
    { type: 'JobResultErased', data: { request: { country: 'UK', insurance_type: 'motor' }, cutoff: soon() } },
  ];
  const abandoned: JobEvent[] = [
    submitted(true),
    { type: 'JobFailed', data: { error: { error: 'provider_unavailable', message: 'no answer', code: 503 } } },
    { type: 'WebhookAttempted', data: { attempt: 1, status: null, outcome: 'retryable', reason: 'timeout' } },
    { type: 'WebhookAbandoned', data: { attempts: 1, reason: 'gave up' } },
  ];
  const batch: BatchEvent[] = [
    {
      type: 'BatchSubmitted',
      data: {
        mode: 'live',
        account_id: id,
        key_id: `${id}_k1`,
        total_count: 2,
        policies: [request, request],
        idempotency_key: null,
        request_hash: 'h',
      },
    },
    { type: 'BatchItemCompleted', data: { index: 0, result: item(0) } },
    { type: 'BatchItemCompleted', data: { index: 1, result: item(1) } },
    {
      type: 'BatchCompleted',
      data: { summary: { verified: 2, inconclusive: 0, unverified: 0, error: 0, credits_charged: 2 } },
    },
    { type: 'BatchResultsErased', data: { cutoff: soon() } },
  ];
  const at = new Date().toISOString();
  const observation = {
    status: 'active' as const,
    insurer: 'Sandbox Insurance Ltd',
    period: { start: '2026-01-01', end: '2026-12-31' },
    vehicle: 'SB12 OXQ',
  };
  const monitor: MonitorEvent[] = [
    {
      type: 'MonitorStarted',
      data: {
        account_id: id,
        key_id: `${id}_k2`,
        mode: 'test',
        request,
        idempotency_key: null,
        request_hash: 'h',
        at,
        webhook_url: 'https://receiver.example/monitor',
        expiry_notice_days: 30,
        frequency: 'daily',
        metadata: { loan: 'L-1' },
      },
    },
    { type: 'PolicyObserved', data: { check: 0, as_of: at.slice(0, 10), at, observation, changes: [] } },
    {
      type: 'PolicyObserved',
      data: {
        check: 1,
        as_of: at.slice(0, 10),
        at,
        observation: { ...observation, status: 'cancelled' },
        changes: [{ field: 'status', from: 'active', to: 'cancelled' }],
      },
    },
    {
      type: 'MonitorNoticeDue',
      data: {
        notice_id: 'policy.changed:check-1',
        type: 'policy.changed',
        detail: { type: 'policy.changed', changes: [{ field: 'status', from: 'active', to: 'cancelled' }] },
        at,
      },
    },
    {
      type: 'WebhookAttempted',
      data: {
        delivery_id: `mon_${id}/policy.changed:check-1`,
        attempt: 1,
        status: 204,
        outcome: 'delivered',
        reason: null,
      },
    },
    { type: 'MonitorNoticeSent', data: { notice_id: 'policy.changed:check-1', delivered: true, attempts: 1, at } },
    { type: 'MonitorNoticeResent', data: { notice_id: 'policy.changed:check-1', resend_id: 'run-1', at } },
    {
      type: 'WebhookAttempted',
      data: {
        delivery_id: `mon_${id}/policy.changed:check-1/run-1`,
        attempt: 1,
        status: 204,
        outcome: 'delivered',
        reason: null,
      },
    },
    {
      type: 'MonitorNoticeSent',
      data: { notice_id: 'policy.changed:check-1', delivered: true, attempts: 1, at, resend_id: 'run-1' },
    },
    { type: 'MonitorPaused', data: { reason: 'insufficient_credits', pause: 1, at } },
    { type: 'MonitorResumed', data: { pause: 1, at } },
    { type: 'MonitorChanged', data: { change: 1, settings: { frequency: 'weekly' }, at } },
    { type: 'MonitorCharged', data: { period: at.slice(0, 7), credits: 5, at } },
    { type: 'MonitorStopped', data: { reason: 'deleted', at } },
    { type: 'MonitorErased', data: { reason: 'retention', at } },
  ];
  return [
    { stream: monitorStream(`mon_${id}`), events: monitor },
    { stream: accountStream(id), events: account },
    { stream: creditsStream(id), events: ledger },
    { stream: usageStream(id), events: usage },
    { stream: jobStream(`${id}_j1`), events: delivered },
    { stream: jobStream(`${id}_j2`), events: abandoned },
    { stream: batchStream(`${id}_b1`), events: batch },
  ];
}
