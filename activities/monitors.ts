// A monitor's work outside its workflow (workflows/monitor.ts): each check (observe, decide, record), the body and
// delivery of each notice, and every other decision of its decider (domain/monitors/monitor.ts), read from and
// appended to its stream `monitor-{id}`. Every event has a fixed key, so an activity Temporal retries writes once.
import { ApplicationFailure, Context } from '@temporalio/activity';
import type { Accounts } from '../application/accounts.js';
import type { Ledger } from '../application/ledger/ledger.js';
import { payMonth } from '../application/monitors/credits.js';
import { eraseMonitor } from '../application/monitors/lifecycle.js';
import { observePolicy, type ObserveDeps } from '../application/monitors/observe.js';
import { MONITOR_WORKFLOW, monitorWorkflowId } from '../contracts/monitor.js';
import { workflowHandle } from '../infra/temporal/contract-client.js';
import type { ErasureReason } from '../domain/monitors/events.js';
import {
  monitorDecider,
  monitorStream,
  noticesPending,
  type MonitorCommand,
  type MonitorSettings,
  type MonitorState,
  type MonitorStatus,
  MonitorRefused,
} from '../domain/monitors/monitor.js';
import type { DataKeys } from '../infra/eventstore/data-keys.js';
import { appendDecided } from '../infra/eventstore/decided.js';
import { positionToString, readEvents, type EventStore } from '../infra/eventstore/types.js';
import { traced, traceOutcome } from '../infra/tracing/spans.js';
import type { LookupFn } from '../infra/webhooks/resolve.js';
import { webhookActivities } from './webhooks.js';

export interface MonitorActivityDeps extends ObserveDeps {
  events: EventStore;
  accounts: Accounts;
  ledger: Pick<Ledger, 'reserve' | 'settle'>;
  keys: Pick<DataKeys, 'shred'>;
  webhooks: { allowlist: readonly string[]; lookup?: LookupFn; timeoutMs?: number };
}

/** What the workflow needs to know after a decision: where the monitor stands and what is left to send. */
export interface MonitorTurn {
  status: MonitorStatus;
  /** Notices made due and not yet sent, oldest first. */
  pending: string[];
  /** Where the last event landed; null when the decision appended nothing. */
  position: string | null;
}

/** A notice's webhook id: the same for every attempt and restart, so a receiver can tell a repeat. */
export const noticeWebhookId = (monitorId: string, noticeId: string) => `${monitorId}.${noticeId}`;

const system = (monitorId: string) => ({ actor: 'system', $correlationId: monitorId });

export function monitorActivities(deps: MonitorActivityDeps) {
  const load = async (monitorId: string): Promise<MonitorState> =>
    (await readEvents(deps.events, monitorStream, monitorId)).reduce(
      monitorDecider.evolve,
      monitorDecider.initialState(),
    );

  async function decide(command: MonitorCommand, state?: MonitorState): Promise<MonitorTurn> {
    const id = command.data.monitorId;
    const before = state ?? (await load(id));
    const decided = monitorDecider.decide(command, before);
    const after = decided.reduce(monitorDecider.evolve, before);
    const appended = decided.length ? await appendDecided(deps.events, monitorStream, id, decided, system(id)) : null;
    return {
      status: after.status,
      pending: noticesPending(after),
      position: appended ? positionToString(appended.position) : null,
    };
  }

  /**
   * The month paid before a check (application/monitors/credits.ts): with no credits left the monitor pauses
   * (MonitorPaused, monitor.paused due), and an account found closed stops it. Null when the check may go on.
   */
  async function pay(monitorId: string, state: MonitorState, now: number): Promise<MonitorTurn | MonitorState> {
    const funding = await payMonth(deps, monitorId, state, now);
    if (funding.kind === 'funded') return funding.state;
    const at = new Date(now).toISOString();
    return funding.kind === 'unfunded'
      ? decide({ type: 'PauseMonitor', data: { monitorId, at } }, state)
      : decide({ type: 'StopMonitor', data: { monitorId, reason: 'account_closed', at } }, state);
  }

  async function check(input: { monitorId: string; check: number; now: number }): Promise<MonitorTurn> {
    const known = await load(input.monitorId);
    if (!known.started || known.status !== 'active') {
      traceOutcome({ 'pvs.outcome': 'skipped', 'pvs.monitor_status': known.started ? known.status : 'stopped' });
      return known.started
        ? { status: known.status, pending: noticesPending(known), position: null }
        : { status: 'stopped', pending: [], position: null };
    }
    const paid = await pay(input.monitorId, known, input.now);
    if ('pending' in paid) {
      traceOutcome({ 'pvs.outcome': 'unpaid', 'pvs.monitor_status': paid.status });
      return paid;
    }
    const state = paid;
    const started = known.started;
    const { observation, asOf } = await observePolicy(deps, {
      request: started.request,
      mode: started.mode,
      startedAt: started.at,
      check: input.check,
      now: input.now,
    });
    const at = new Date(input.now).toISOString();
    const turn = await decide(
      { type: 'RecordCheck', data: { monitorId: input.monitorId, check: input.check, asOf, at, observation } },
      state,
    );
    traceOutcome({
      'pvs.outcome': turn.position ? 'recorded' : 'already_recorded',
      'pvs.monitor_status': turn.status,
      'pvs.notices_pending': turn.pending.length,
    });
    return turn;
  }

  return {
    /**
     * Check `check` of a monitor: the registry read (an outage throws, for Temporal to retry), then what the
     * decider makes of it. A check already recorded (a retry after the append) records nothing again.
     */
    async checkMonitor(input: { monitorId: string; check: number; now: number }): Promise<MonitorTurn> {
      // A trace of its own (linked to the activity's span in the workflow's): the workflow runs for months.
      const attributes = { 'pvs.monitor_id': input.monitorId, 'pvs.check': input.check };
      return traced('monitor.check', attributes, () => check(input), { newTrace: true });
    },

    /**
     * A paused monitor's try at its month's credits (after a grant's signal, daily, at a month's start): resumed
     * (MonitorResumed) once paid, still paused otherwise (nothing recorded), stopped when its account has closed.
     */
    async resumeIfPaid(input: { monitorId: string; now: number }): Promise<MonitorTurn> {
      const state = await load(input.monitorId);
      if (state.status !== 'paused') return { status: state.status, pending: noticesPending(state), position: null };
      const paid = await pay(input.monitorId, state, input.now);
      if ('pending' in paid) return paid;
      const at = new Date(input.now).toISOString();
      return decide({ type: 'ResumeMonitor', data: { monitorId: input.monitorId, at } }, paid);
    },

    /**
     * A stopped monitor's erasure (application/monitors/lifecycle.ts), once its workflow has closed: the history
     * it still writes is sealed under the key about to go. Retried while that workflow runs (its last notice).
     */
    async eraseStoppedMonitor(input: { monitorId: string; reason: ErasureReason }): Promise<boolean> {
      const client = Context.current().client;
      const described = await workflowHandle(client, MONITOR_WORKFLOW, monitorWorkflowId(input.monitorId)).describe();
      if (described.status.name === 'RUNNING') {
        throw ApplicationFailure.retryable("The monitor's workflow has not closed yet.", 'monitor_running');
      }
      return eraseMonitor(deps, input.monitorId, input.reason, new Date());
    },

    /** Any other decision: a change of settings, a pause, a resume, a stop, a notice's end. */
    async decideMonitor(command: MonitorCommand): Promise<MonitorTurn> {
      return decide(command);
    },

    /**
     * A resend of a notice recorded (MonitorNoticeResent), or why it cannot be: its first delivery still runs, a
     * resend of it runs already, the monitor's data is erased, no such notice. The same resend again is no error.
     */
    async beginNoticeResend(input: {
      monitorId: string;
      noticeId: string;
      resendId: string;
    }): Promise<{ ok: true; position: string } | { ok: false; code: string; reason: string }> {
      const at = new Date().toISOString();
      try {
        const turn = await decide({ type: 'ResendNotice', data: { ...input, at } });
        if (turn.position) return { ok: true, position: turn.position };
        // Recorded by an earlier try of this activity: where that landed.
        const events = await readEvents(deps.events, monitorStream, input.monitorId);
        const resent = events.find((e) => e.type === 'MonitorNoticeResent' && e.data.resend_id === input.resendId);
        return { ok: true, position: positionToString(resent!.position) };
      } catch (error) {
        if (!(error instanceof MonitorRefused)) throw error;
        return { ok: false, code: error.code, reason: error.message };
      }
    },

    /**
     * A notice's webhook (docs: "Watching a policy"): the monitor, the client's metadata, the policy as last seen
     * and what the notice says, to the URL the monitor has now (a PATCH moves the next notice). Null when the
     * notice is no longer due (sent, or the monitor stopped meanwhile and only monitor.stopped goes out); with
     * `resendId`, when that resend is no longer under way.
     */
    async monitorNoticeBody(input: {
      monitorId: string;
      noticeId: string;
      resendId?: string;
    }): Promise<{ url: string; body: string; accountId: string } | null> {
      const events = await readEvents(deps.events, monitorStream, input.monitorId);
      const state = events.reduce(monitorDecider.evolve, monitorDecider.initialState());
      const open = input.resendId
        ? state.resending[input.noticeId] === input.resendId && !state.erased
        : state.notices[input.noticeId] === 'due';
      if (!state.started || !state.settings || !open) return null;
      const due = events.find((e) => e.type === 'MonitorNoticeDue' && e.data.notice_id === input.noticeId);
      if (!due || due.type !== 'MonitorNoticeDue') return null;
      const { type, ...detail } = due.data.detail;
      const request = state.started.request;
      const body = {
        id: noticeWebhookId(input.monitorId, input.noticeId),
        type,
        timestamp: due.data.at,
        data: {
          monitor_id: input.monitorId,
          metadata: state.settings.metadata,
          policy: {
            policy_number: request.policy_number,
            country: request.country,
            insurance_type: request.insurance_type,
            ...(state.last ? state.last.observation : {}),
          },
          ...detail,
        },
      };
      return { url: state.settings.webhook_url, body: JSON.stringify(body), accountId: state.started.account_id };
    },

    /** One delivery attempt of a notice, signed with the account's secrets, recorded on the monitor's stream. */
    async deliverMonitorNotice(input: {
      monitorId: string;
      noticeId: string;
      resendId?: string;
      accountId: string;
      url: string;
      body: string;
    }) {
      // A resend may outlive its monitor's data (an account closed meanwhile): nothing more is sent then.
      if (input.resendId && (await load(input.monitorId)).erased) {
        throw ApplicationFailure.nonRetryable('The monitor’s data has been erased.', 'monitor_erased');
      }
      let secrets = await deps.accounts.signingSecrets(input.accountId);
      if (secrets.length === 0) secrets = [await deps.accounts.webhookSecret(input.accountId, false)];
      const deliverer = webhookActivities({
        ...deps.webhooks,
        async recordAttempt(record) {
          const { outcome } = record;
          await decide({
            type: 'RecordNoticeAttempt',
            data: {
              monitorId: input.monitorId,
              noticeId: input.noticeId,
              ...(input.resendId ? { resendId: input.resendId } : {}),
              attempt: record.attempt,
              status: outcome.status,
              outcome: outcome.kind,
              reason: outcome.kind === 'delivered' ? null : outcome.reason,
            },
          });
        },
      });
      return deliverer.deliverWebhook({
        url: input.url,
        id: noticeWebhookId(input.monitorId, input.noticeId),
        body: input.body,
        secrets,
      });
    },
  };
}

export type MonitorActivities = ReturnType<typeof monitorActivities>;
export type { MonitorSettings };
