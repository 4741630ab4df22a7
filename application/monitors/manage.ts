// What a client does to a running monitor besides starting it (PATCH and DELETE /api/v1/monitors/{id}): a change
// of settings as the workflow's validated update (a stopped monitor refuses it), and a stop as the workflow's
// cancellation, which records MonitorStopped and sends monitor.stopped once. Both answer where the monitor's
// stream stands afterwards, for the read that shows the caller its effect.
import { WorkflowNotFoundError, WorkflowUpdateFailedError, type Client } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import { changeMonitor, MONITOR_WORKFLOW, monitorWorkflowId } from '../../contracts/monitor.js';
import { monitorStream, type MonitorEvent, type MonitorSettings } from '../../domain/monitors/monitor.js';
import type { MonitorFrequency } from '../../domain/monitors/schedule.js';
import {
  parsePosition,
  readEvents,
  type EventStore,
  type Position,
  type StoredEvent,
} from '../../infra/eventstore/types.js';
import { workflowHandle } from '../../infra/temporal/contract-client.js';

export interface MonitorManageDeps {
  events: EventStore;
  temporal: Client;
  /** A frequency's interval, as the monitors were started with it. */
  intervalOf(frequency: MonitorFrequency): number;
}

/** A change the monitor cannot take: it has stopped (its workflow refuses, or has closed). */
export class MonitorStoppedError extends Error {
  constructor() {
    super('The monitor has stopped.');
    this.name = 'MonitorStoppedError';
  }
}

const handleOf = (deps: MonitorManageDeps, monitorId: string) =>
  workflowHandle(deps.temporal, MONITOR_WORKFLOW, monitorWorkflowId(monitorId));

/** The new settings, recorded by the workflow before it answers; the position of the MonitorChanged event. */
export async function changeMonitorSettings(
  deps: MonitorManageDeps,
  monitorId: string,
  settings: Partial<MonitorSettings>,
): Promise<Position | null> {
  try {
    const { position } = await handleOf(deps, monitorId).executeUpdate(changeMonitor, {
      args: [{ settings, ...(settings.frequency ? { intervalMs: deps.intervalOf(settings.frequency) } : {}) }],
    });
    return position ? parsePosition(position) : null;
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) throw new MonitorStoppedError();
    const cause = error instanceof WorkflowUpdateFailedError ? error.cause : null;
    if (cause instanceof ApplicationFailure && cause.type === 'monitor_stopped') throw new MonitorStoppedError();
    throw error;
  }
}

/**
 * Cancels the monitor's workflow (a closed one is already stopped: nothing to do) and waits up to `waitMs` for its
 * stop to be recorded: the MonitorStopped event, or null when it has not landed yet.
 */
export async function stopMonitorByClient(
  deps: MonitorManageDeps,
  monitorId: string,
  waitMs = 10_000,
): Promise<StoredEvent<MonitorEvent> | null> {
  try {
    await handleOf(deps, monitorId).cancel();
  } catch (error) {
    if (!(error instanceof WorkflowNotFoundError)) throw error;
  }
  return untilRecorded(deps.events, monitorId, (e) => e.type === 'MonitorStopped', waitMs);
}

/** The first event of the monitor's stream that `wanted` picks, read until it lands or `waitMs` passes. */
export async function untilRecorded(
  events: EventStore,
  monitorId: string,
  wanted: (event: StoredEvent<MonitorEvent>) => boolean,
  waitMs: number,
): Promise<StoredEvent<MonitorEvent> | null> {
  const deadline = Date.now() + waitMs;
  for (let pause = 20; ; pause = Math.min(pause * 2, 250)) {
    const found = (await readEvents(events, monitorStream, monitorId)).find(wanted);
    if (found || Date.now() >= deadline) return found ?? null;
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}
