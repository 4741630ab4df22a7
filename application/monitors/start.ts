// A monitor's start (POST /api/v1/monitors): its stream's first event recorded, then its workflow started
// (`monitor-{mon_id}`, contracts/monitor.ts) through the one start facade. Both are safe to repeat: a retried
// POST (same Idempotency-Key, same monitor id) finds the start recorded and the workflow running.
import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import { TypedSearchAttributes } from '@temporalio/common';
import { MONITOR_WORKFLOW, type MonitorInput } from '../../contracts/monitor.js';
import { AccountId, Country, InsuranceType, KeyMode, MonitorStatus } from '../../contracts/search-attributes.js';
import { monitorDecider, monitorStream, type MonitorStarted } from '../../domain/monitors/monitor.js';
import { FREQUENCY_MS } from '../../domain/monitors/schedule.js';
import { appendDecided } from '../../infra/eventstore/decided.js';
import { positionToString, readEvents, type EventStore } from '../../infra/eventstore/types.js';
import { contractClient } from '../../infra/temporal/contract-client.js';

export interface MonitorStartDeps {
  events: EventStore;
  temporal: Client;
  taskQueue: string;
  /** First retry interval of a notice's delivery, in seconds. */
  webhookRetrySeconds: number;
  /** Overrides of the frequencies' intervals (tests run a sandbox story in seconds). */
  intervalMs?: Partial<typeof FREQUENCY_MS>;
  checksPerRun?: number;
  /** How long a DELETEd monitor's personal data is kept: JOB_RETENTION_DAYS (30 when unset). */
  retentionDays?: number;
}

export type MonitorStart =
  | { ok: true; fresh: boolean; position: string | null; started: MonitorStarted }
  | { ok: false; reason: 'idempotency_conflict' };

export async function startMonitor(
  deps: MonitorStartDeps,
  monitorId: string,
  started: MonitorStarted,
): Promise<MonitorStart> {
  const known = (await readEvents(deps.events, monitorStream, monitorId)).reduce(
    monitorDecider.evolve,
    monitorDecider.initialState(),
  );
  let position: string | null = null;
  let first = started;
  if (known.started && known.settings) {
    if (known.started.request_hash !== started.request_hash) return { ok: false, reason: 'idempotency_conflict' };
    first = { ...known.started, ...known.settings };
  } else {
    const decided = monitorDecider.decide({ type: 'StartMonitor', data: { monitorId, ...started } }, known);
    const metadata = { actor: started.key_id, $correlationId: monitorId };
    position = positionToString(
      (await appendDecided(deps.events, monitorStream, monitorId, decided, metadata)).position,
    );
  }
  const input: MonitorInput = {
    monitorId,
    accountId: first.account_id,
    mode: first.mode,
    request: { country: first.request.country, insurance_type: first.request.insurance_type },
    startedAt: Date.parse(first.at),
    intervalMs: intervalOf(deps, first.frequency),
    check: 0,
    webhookRetrySeconds: deps.webhookRetrySeconds,
    ...(deps.checksPerRun ? { checksPerRun: deps.checksPerRun } : {}),
    ...(deps.retentionDays ? { retentionDays: deps.retentionDays } : {}),
  };
  try {
    await contractClient(deps.temporal, deps.taskQueue).start(MONITOR_WORKFLOW, input, {
      workflowIdConflictPolicy: 'USE_EXISTING',
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
      typedSearchAttributes: new TypedSearchAttributes([
        { key: AccountId, value: first.account_id },
        { key: KeyMode, value: first.mode },
        { key: Country, value: first.request.country },
        { key: InsuranceType, value: first.request.insurance_type },
        { key: MonitorStatus, value: 'active' },
      ]),
    });
  } catch (error) {
    // A stopped monitor's workflow has closed: its replay is that monitor, not a new start.
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
  }
  return { ok: true, fresh: position !== null, position, started: first };
}

export const intervalOf = (deps: Pick<MonitorStartDeps, 'intervalMs'>, frequency: keyof typeof FREQUENCY_MS) =>
  deps.intervalMs?.[frequency] ?? FREQUENCY_MS[frequency];
