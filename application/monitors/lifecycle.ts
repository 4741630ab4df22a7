// A monitor's life beyond its checks (docs/architecture.md#monitors): a grant resumes an account's paused monitors,
// its closing stops its monitors and erases them, and a stopped monitor's personal data goes when its retention
// runs out, as a job's does: its data key shredded (its events' personal fields and its workflow's history are
// unreadable from then on), then MonitorErased recorded.
import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import {
  MONITOR_ERASURE_WORKFLOW,
  MONITOR_WORKFLOW,
  eraseMonitorNow,
  resumeMonitor,
  stopMonitor,
} from '../../contracts/monitor.js';
import { monitorDecider, monitorStream, type ErasureReason } from '../../domain/monitors/monitor.js';
import type { DataKeys } from '../../infra/eventstore/data-keys.js';
import { appendDecided } from '../../infra/eventstore/decided.js';
import { readEvents, type EventStore } from '../../infra/eventstore/types.js';
import { runningWorkflowIds, workflowHandle } from '../../infra/temporal/contract-client.js';

/** The visibility clause of one account's workflows (an account id is `acct_` and base62: quoted as it is). */
const ofAccount = (accountId: string) => `AccountId = '${accountId.replace(/[^A-Za-z0-9_]/g, '')}'`;

/** Signals each workflow, skipping one that closed since it was listed. */
async function signalEach(ids: readonly string[], send: (id: string) => Promise<void>): Promise<number> {
  let sent = 0;
  for (const id of ids) {
    try {
      await send(id);
      sent += 1;
    } catch (error) {
      if (!(error instanceof WorkflowNotFoundError)) throw error;
    }
  }
  return sent;
}

/**
 * After a grant (a top-up, an adjustment, a plan's upgrade): the account's paused monitors try their month's
 * credits again at once. A paused monitor also tries daily and at each month's start by itself, so a signal lost
 * here only delays its resumption.
 */
export async function resumePausedMonitors(client: Client, accountId: string): Promise<number> {
  const ids = await runningWorkflowIds(
    client,
    MONITOR_WORKFLOW,
    `${ofAccount(accountId)} AND MonitorStatus = 'paused'`,
  );
  return signalEach(ids, (id) => workflowHandle(client, MONITOR_WORKFLOW, id).signal(resumeMonitor));
}

/**
 * At an account's closing: each of its monitors stops (`account_closed`, its `monitor.stopped` sent) and is erased
 * once its workflow has ended; a monitor stopped earlier and waiting out its retention is erased now.
 */
export async function stopAccountMonitors(
  client: Client,
  accountId: string,
): Promise<{ stopped: number; erased: number }> {
  const monitors = await runningWorkflowIds(client, MONITOR_WORKFLOW, ofAccount(accountId));
  const stopped = await signalEach(monitors, (id) =>
    workflowHandle(client, MONITOR_WORKFLOW, id).signal(stopMonitor, 'account_closed'),
  );
  const erasures = await runningWorkflowIds(client, MONITOR_ERASURE_WORKFLOW, ofAccount(accountId));
  const erased = await signalEach(erasures, (id) =>
    workflowHandle(client, MONITOR_ERASURE_WORKFLOW, id).signal(eraseMonitorNow),
  );
  return { stopped, erased };
}

export interface MonitorErasureDeps {
  events: EventStore;
  keys: Pick<DataKeys, 'shred'>;
}

/**
 * Shreds a stopped monitor's data key, then records MonitorErased. The key goes first: an erasure that dies
 * between the two is found again (not recorded) and finished by its retry. Refuses a monitor still active.
 */
export async function eraseMonitor(deps: MonitorErasureDeps, monitorId: string, reason: ErasureReason, at: Date) {
  const state = (await readEvents(deps.events, monitorStream, monitorId)).reduce(
    monitorDecider.evolve,
    monitorDecider.initialState(),
  );
  if (state.erased || !state.started) return false;
  const command = { type: 'EraseMonitor' as const, data: { monitorId, reason, at: at.toISOString() } };
  const decided = monitorDecider.decide(command, state);
  await deps.keys.shred([monitorStream(monitorId)]);
  await appendDecided(deps.events, monitorStream, monitorId, decided, { actor: 'system', $correlationId: monitorId });
  return true;
}
