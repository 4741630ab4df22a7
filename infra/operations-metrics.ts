import { Counter, Gauge } from 'prom-client';
import { businessMetrics } from './metrics.js';

// What the alerting rules of ops/prometheus/alerts.yml watch, beside the business metrics: the state of the read
// side, the mail outbox, the task queues and the last reconcile. Each is read when /metrics is scraped, from the
// engines every API process shares, so any one API process answers for the whole deployment; a source that does
// not answer leaves its gauge out of that scrape (absent, which the rules treat as unknown, never as healthy).

/** One projection's health as the read side stores it. */
export interface ProjectionHealth {
  projection: string;
  /** Events parked for an operator to replay. */
  parked: number;
  /** Seconds since the oldest event it has not applied was recorded (0 when it is at the head of the feed). */
  lagSeconds: number;
}

/** One task queue's backlog as Temporal reports it. */
export interface TaskQueueBacklog {
  taskQueue: string;
  type: 'workflow' | 'activity';
  backlog: number;
  ageSeconds: number;
}

export interface OperationsSources {
  projections(): Promise<ProjectionHealth[]>;
  /** Seconds the oldest pending mail has waited, 0 when none is pending. */
  oldestPendingMailSeconds(): Promise<number>;
  taskQueues?(): Promise<TaskQueueBacklog[]>;
}

let sources: OperationsSources | null = null;
/** Wired by bin/ when the API starts. */
export const readOperationsFrom = (given: OperationsSources) => {
  sources = given;
};

/** Runs `read`, and leaves the gauge empty for this scrape when its source fails. */
async function settled<T>(read: (() => Promise<T>) | undefined): Promise<T | undefined> {
  if (!read) return undefined;
  try {
    return await read();
  } catch {
    return undefined;
  }
}

const parked = new Gauge({
  name: 'pvs_projection_parked_events',
  help: 'Events parked by each read model, waiting for an operator to fix the cause and replay them (normal: 0)',
  labelNames: ['projection'],
  registers: [businessMetrics],
});
new Gauge({
  name: 'pvs_projection_lag_seconds',
  help: 'Age of the oldest event each read model has not applied yet (normal: under a second; grows when a projection stops)',
  labelNames: ['projection'],
  registers: [businessMetrics],
  async collect() {
    this.reset();
    parked.reset();
    const rows = await settled(sources?.projections);
    for (const row of rows ?? []) {
      this.set({ projection: row.projection }, row.lagSeconds);
      parked.set({ projection: row.projection }, row.parked);
    }
  },
});

new Gauge({
  name: 'pvs_mail_outbox_oldest_pending_seconds',
  help: 'How long the oldest portal mail has waited for the mail server (normal: a few seconds; 0 when none waits)',
  registers: [businessMetrics],
  async collect() {
    this.reset();
    const seconds = await settled(sources?.oldestPendingMailSeconds);
    if (seconds !== undefined) this.set(seconds);
  },
});

const backlogAge = new Gauge({
  name: 'pvs_task_queue_backlog_age_seconds',
  help: 'Age of the oldest task waiting on each Temporal task queue (normal: under a second)',
  labelNames: ['task_queue', 'type'],
  registers: [businessMetrics],
});
new Gauge({
  name: 'pvs_task_queue_backlog',
  help: 'Tasks waiting for a worker on each Temporal task queue (normal: near 0; grows when workers are missing or slow)',
  labelNames: ['task_queue', 'type'],
  registers: [businessMetrics],
  async collect() {
    this.reset();
    backlogAge.reset();
    for (const row of (await settled(sources?.taskQueues)) ?? []) {
      this.set({ task_queue: row.taskQueue, type: row.type }, row.backlog);
      backlogAge.set({ task_queue: row.taskQueue, type: row.type }, row.ageSeconds);
    }
  },
});

const reconcileMismatches = new Gauge({
  name: 'pvs_ledger_reconcile_mismatches',
  help: 'Accounts whose balance read model disagreed with their ledger at the last reconcile (normal: 0)',
  registers: [businessMetrics],
});
const reconcileAt = new Gauge({
  name: 'pvs_ledger_reconcile_last_run_timestamp_seconds',
  help: 'When the last ledger reconcile ran (Unix seconds), in the process that ran it',
  registers: [businessMetrics],
});
/** Told of each reconcile's result (the admin API's `ledger reconcile`). */
export const recordReconcile = (mismatches: number, at = new Date()) => {
  reconcileMismatches.set(mismatches);
  reconcileAt.set(at.getTime() / 1000);
};

const registryUnavailable = new Counter({
  name: 'pvs_registry_unavailable_total',
  help: 'Verifications whose country registry did not answer in time, by country (normal: 0)',
  labelNames: ['country'],
  registers: [businessMetrics],
});
export const countRegistryUnavailable = (country: string) => registryUnavailable.labels({ country }).inc();
