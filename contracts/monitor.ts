// `monitor-{mon_id}` (docs/architecture.md#monitors): one workflow per watched policy, for as long as it is watched.
import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';
import type { KeyMode } from '../domain/vocabulary.js';
import type { MonitorSettings } from '../domain/monitors/monitor.js';
import type { StopReason } from '../domain/monitors/notices.js';
import type { ErasureReason } from '../domain/monitors/events.js';
import type { VerificationRequest } from '../domain/verification/types.js';
import { contract } from './workflow.js';

export interface MonitorInput {
  monitorId: string;
  accountId: string;
  mode: KeyMode;
  /** For the search attributes: the rest of the request stays on the monitor's stream. */
  request: Pick<VerificationRequest, 'country' | 'insurance_type'>;
  /** Epoch ms of the start: check n is due at startedAt + n × interval. */
  startedAt: number;
  /** Between checks, from the frequency (contracts carry it so tests can run a year in seconds). */
  intervalMs: number;
  /** The next check's number: 0 on the first run, carried over by continue-as-new. */
  check: number;
  /** First retry interval of a notice's delivery, in seconds (shorter in tests). */
  webhookRetrySeconds: number;
  /** Checks per run before it continues as new: its history stays bounded however long it watches. */
  checksPerRun?: number;
  /** How long a stopped monitor's personal data is kept (JOB_RETENTION_DAYS); 30 days when unset. */
  retentionDays?: number;
}

/** How a monitor's workflow ends: stopped (DELETE, account closed). It never ends by itself. */
export type MonitorEnd = 'stopped';

export const MONITOR_WORKFLOW = contract<MonitorInput, MonitorEnd, 'monitorWorkflow'>('monitorWorkflow', (input) =>
  monitorWorkflowId(input.monitorId),
);

export const monitorWorkflowId = (monitorId: string) => `monitor-${monitorId}`;

/** PATCH: new settings, validated by the workflow (a stopped monitor refuses), recorded before the answer. */
export interface MonitorChange {
  settings: Partial<MonitorSettings>;
  /** The new frequency's interval, when the frequency changes: the next check is one interval from the change. */
  intervalMs?: number;
}

export const changeMonitor = defineUpdate<{ position: string }, [change: MonitorChange]>('changeMonitor');

/** A stop with a reason other than the client's DELETE (which cancels): the account closed. */
export const stopMonitor = defineSignal<[reason: StopReason]>('stopMonitor');

/** Credits again after a pause (the next grant): the paused monitor checks again at once. */
export const resumeMonitor = defineSignal('resumeMonitor');

/** Where the run stands: the next check's number (counted across continue-as-new) and the status. */
export const monitorProgress = defineQuery<{ check: number; status: 'active' | 'paused' | 'stopped' }>(
  'monitorProgress',
);

/**
 * `erase-monitor-{mon_id}`: started by a monitor's workflow as it stops, it waits out the retention (none when the
 * account closed), then shreds the monitor's data key once that workflow has closed. Holds ids and a delay only:
 * sealed under the global key, so it reads its own history after the shred.
 */
export interface MonitorErasureInput {
  monitorId: string;
  accountId: string;
  reason: ErasureReason;
  /** From the stop to the erasure, in ms; 0 at once. */
  afterMs: number;
}

export const MONITOR_ERASURE_WORKFLOW = contract<MonitorErasureInput, 'erased', 'monitorErasureWorkflow'>(
  'monitorErasureWorkflow',
  (input) => monitorErasureWorkflowId(input.monitorId),
);

export const monitorErasureWorkflowId = (monitorId: string) => `erase-monitor-${monitorId}`;

/** Erase now, whatever is left of the retention: the account has closed. */
export const eraseMonitorNow = defineSignal('eraseMonitorNow');

/** `monitor-resend-{mon_id}.{notice_id}`: one of a monitor's events sent again, from the dashboard. */
export interface NoticeResendInput {
  monitorId: string;
  noticeId: string;
  accountId: string;
  /** First retry interval, in seconds (WEBHOOK_RETRY_SECONDS), as for the notice's first delivery. */
  webhookRetrySeconds: number;
}

export const NOTICE_RESEND_WORKFLOW = contract<
  NoticeResendInput,
  'delivered' | 'failed' | 'refused',
  'noticeResendWorkflow'
>('noticeResendWorkflow', (input) => `monitor-resend-${input.monitorId}.${input.noticeId}`);

/**
 * The dashboard starts a resend with update-with-start and waits on this update: it answers once the resend is
 * recorded (MonitorNoticeResent, at `position`), or refuses it (`not_resendable`, the decider's reason as message).
 */
export const noticeResendStarted = defineUpdate<{ position: string }>('noticeResendStarted');
