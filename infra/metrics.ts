import { Counter, Gauge, Registry } from 'prom-client';
import { freshness } from '../domain/datasets/freshness.js';
import type { KeyMode } from '../domain/vocabulary.js';
import { listDatasets } from './datasets/queries.js';
import type { Queryable } from './sql/sql.js';

// Business metrics for /metrics, beside the process and HTTP ones: what the service did (counted in the process
// that did it, so in production the API counts synchronous calls and the worker the jobs it ran) and the state of
// its jobs, batches, callbacks and datasets (read from the read models when scraped, so every API process reports
// the same totals). One registry per process: counters are incremented from wherever the work happens.

export const businessMetrics = new Registry();

// Verifications are counted on every call of the paying path: tallied in a plain map, and handed to prom-client when
// /metrics is read (its collect hook), because a labelled child hashes its label object on every increment.
const verificationTally = new Map<KeyMode, Map<string, number>>();
new Counter({
  name: 'pvs_verifications_total',
  help: 'Verifications answered, by status (verified, inconclusive, unverified, or the error code) and key mode',
  labelNames: ['status', 'mode'],
  registers: [businessMetrics],
  collect() {
    for (const [mode, byStatus] of verificationTally) {
      for (const [status, count] of byStatus) if (count > 0) this.inc({ status, mode }, count);
      byStatus.clear();
    }
  },
});
const credits = new Counter({
  name: 'pvs_credits_charged_total',
  help: 'Credits charged (sync charges and settled reservations)',
  registers: [businessMetrics],
});
const webhookAttempts = new Counter({
  name: 'pvs_webhook_delivery_attempts_total',
  help: 'Callback delivery attempts, by outcome (delivered, retryable, failed)',
  labelNames: ['outcome'],
  registers: [businessMetrics],
});
const ocrPages = new Counter({
  name: 'pvs_ocr_pages_total',
  help: 'Scanned pages read by OCR',
  registers: [businessMetrics],
});
const ocrSeconds = new Counter({
  name: 'pvs_ocr_seconds_total',
  help: 'Seconds spent reading scanned pages',
  registers: [businessMetrics],
});
const readModelLag = new Counter({
  name: 'pvs_read_model_waits_timed_out_total',
  help: 'Waits for the read models to reach a write that gave up (the caller then read the events, or showed the page as it stood)',
  registers: [businessMetrics],
});

export const countVerification = (status: string, mode: KeyMode) => {
  let byStatus = verificationTally.get(mode);
  if (!byStatus) verificationTally.set(mode, (byStatus = new Map()));
  byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
};
export const countCredits = (amount: number) => {
  if (amount > 0) credits.inc(amount);
};
export const countWebhookAttempt = (outcome: string) => webhookAttempts.labels({ outcome }).inc();
export const countReadModelTimeout = () => readModelLag.inc();
const deadLetters = new Counter({
  name: 'pvs_dead_letter_events_total',
  help: 'Events of a type their stream does not hold (written by a newer version, or by mistake), by stream kind and type',
  labelNames: ['stream', 'type'],
  registers: [businessMetrics],
});
/** Labelled by the stream's kind (`job-`), never its id. */
export const countDeadLetter = (stream: string, type: string) =>
  deadLetters.labels({ stream: stream.replace(/-.*$/, '-'), type }).inc();
const parkedEvents = new Counter({
  name: 'pvs_projection_parked_events_total',
  help: 'Events a read model could not apply after its retries, parked for an operator to replay, by projection',
  labelNames: ['projection'],
  registers: [businessMetrics],
});
export const countParkedEvent = (projection: string) => parkedEvents.labels({ projection }).inc();
const ledgerWarmup = new Gauge({
  name: 'pvs_ledger_warmup_remaining',
  help: 'Ledgers the warm-up has yet to snapshot at the current snapshot version (in the process running it; 0 elsewhere and once done)',
  registers: [businessMetrics],
});
export const setLedgerWarmupRemaining = (ledgers: number) => ledgerWarmup.set(ledgers);
export const countOcrPage = (seconds: number) => {
  ocrPages.inc();
  ocrSeconds.inc(seconds);
};

type Counts<K extends string> = () => Promise<(Record<K, string> & { n: string })[]>;

/** What the gauges count in the read models: projections/readers/counts.ts, wired by bin/. */
export interface ReadModelCounts {
  jobs: Counts<'kind' | 'status'>;
  batches: Counts<'status'>;
  webhooks: Counts<'status'>;
  /** Portal mails by status, and the attempts of those still pending (application/mail/outbox.ts). */
  mailOutbox: () => Promise<{ status: string; count: number }[]>;
  mailAttempts: () => Promise<number>;
}

/** The database the gauges are read from (the API's), set when the API starts. */
let readModels: Queryable | null = null;
let counts: ReadModelCounts | null = null;
export const readMetricsFrom = (db: Queryable, readModelCounts: ReadModelCounts) => {
  readModels = db;
  counts = readModelCounts;
};

new Gauge({
  name: 'pvs_jobs',
  help: 'Jobs by kind and status (pending, complete, failed)',
  labelNames: ['kind', 'status'],
  registers: [businessMetrics],
  async collect() {
    this.reset();
    if (!counts) return;
    for (const row of await counts.jobs()) {
      this.set({ kind: row.kind, status: row.status }, Number(row.n));
    }
  },
});

new Gauge({
  name: 'pvs_batches',
  help: 'Batches by status',
  labelNames: ['status'],
  registers: [businessMetrics],
  async collect() {
    this.reset();
    if (!counts) return;
    for (const row of await counts.batches()) {
      this.set({ status: row.status }, Number(row.n));
    }
  },
});

new Gauge({
  name: 'pvs_webhook_deliveries',
  help: 'Job callbacks by delivery status (pending, delivered, failed)',
  labelNames: ['status'],
  registers: [businessMetrics],
  async collect() {
    this.reset();
    if (!counts) return;
    for (const row of await counts.webhooks()) this.set({ status: row.status }, Number(row.n));
  },
});

new Gauge({
  name: 'pvs_mail_outbox',
  help: 'Portal mails by status (pending: waiting for the mail server, retried for a day; sent; abandoned)',
  labelNames: ['status'],
  registers: [businessMetrics],
  async collect() {
    this.reset();
    if (!counts) return;
    for (const status of ['pending', 'sent', 'abandoned']) this.set({ status }, 0);
    for (const row of await counts.mailOutbox()) this.set({ status: row.status }, row.count);
  },
});

new Gauge({
  name: 'pvs_mail_attempts',
  help: 'Sending attempts of the portal mails still pending (a refusing or stalled mail server shows here)',
  registers: [businessMetrics],
  async collect() {
    this.reset();
    if (!counts) return;
    this.set(await counts.mailAttempts());
  },
});

new Gauge({
  name: 'pvs_datasets',
  help: 'Datasets by freshness status (fresh, due, overdue, stale)',
  labelNames: ['freshness'],
  registers: [businessMetrics],
  async collect() {
    this.reset();
    if (!readModels) return;
    const now = new Date();
    const { rows } = await listDatasets(readModels, { limit: 10_000, offset: 0 });
    for (const status of ['fresh', 'due', 'overdue', 'stale']) this.set({ freshness: status }, 0);
    for (const row of rows) {
      const { status } = freshness({
        cadence: row.cadence,
        publicationLagDays: row.publication_lag_days,
        lastObservationDate: row.last_date,
        lastRefreshedAt: row.last_refreshed_at,
        now,
      });
      this.inc({ freshness: status });
    }
  },
});
