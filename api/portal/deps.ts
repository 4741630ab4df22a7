import type { KeyMode } from '../../domain/accounts/keys.js';
import type { Accounts } from '../../application/accounts.js';
import type { Ledger } from '../../application/ledger/ledger.js';
import type { Logger } from '../../infra/logger.js';
import type { MailPurpose } from '../../application/mail/outbox.js';
import type { RateLimits } from '../../application/rate-limits/rate-limits.js';
import type { Queryable } from '../../infra/sql/sql.js';
import type { EventStore } from '../../infra/eventstore/types.js';
import type { UsageRecorder } from '../../application/usage.js';
import type { AccountReader } from '../../projections/readers/accounts.js';
import type { MonitorReader } from '../../projections/readers/monitors.js';
import type { KeyDirectory } from '../middleware/auth.js';
import type { DeliveryRow } from '../web/pages.js';
import type { PortalSession } from './session.js';
import type { PageImages } from '../../infra/page-images.js';
import type { Corrections } from '../routes/corrections.js';

/** What a public page (docs, datasets) needs: the layout's context for the request, and the public address. */
export type PageDeps = Pick<PortalDeps, 'session' | 'baseUrl'>;

/** What the portal and the dashboard work with; Temporal is reached through the three functions at the end. */
export interface PortalDeps {
  db: Queryable;
  /** The event store: the account’s own ledger export, and the trace each listed job was submitted in, are read from it. */
  events: EventStore;
  accounts: Accounts;
  ledger: Ledger;
  keys: KeyDirectory;
  limits: RateLimits;
  usage: UsageRecorder;
  /** The request log's buffer, flushed before the dashboard lists it. */
  requestLog: { flush(): Promise<void> };
  logger: Logger;
  /** Where links in e-mail point: PUBLIC_BASE_URL. */
  baseUrl: string;
  /** TRACE_UI_URL: a trace's page, `{trace_id}` standing for its id. */
  traceUi?: string;
  session: PortalSession;
  /** What a write must show before its page answers: the next page reads without a position. */
  reader: AccountReader;
  /** The account's monitors and their timelines (the dashboard's monitors pages). */
  monitors: MonitorReader;
  /**
   * Puts a mail in the outbox (application/mail/outbox.ts) and starts its sending: resolves once the intent is stored,
   * whatever the mail server does, so a form's answer never depends on it.
   */
  queueMail(intent: { purpose: MailPurpose; address: string; mode?: KeyMode; accountId?: string }): Promise<void>;
  /** A mailed link was used: any copy the service keeps of its mail (a local trial's `.eml` file) goes. */
  forgetMailedLink(token: string): void;
  /** Starts the unused-key timer of a free key (`key-expiry-{key_id}`). */
  startKeyExpiry(accountId: string, keyId: string, mode: KeyMode): Promise<void>;
  /** The account's last 50 callbacks. */
  deliveries(accountId: string): Promise<DeliveryRow[]>;
  /**
   * Erases what closed accounts' finished jobs and batches hold (their keys, their personal fields in every read
   * model), as retention would; retention's next run finishes what this does not.
   */
  eraseClosedAccounts(): Promise<void>;
  /** Delivers a job's callback again; throws ResendRefusedError for a job with nothing to resend. */
  resendWebhook(accountId: string, jobId: string): Promise<void>;
  /**
   * Sends one of a monitor's events again, resolving once the monitor's page shows it; throws ResendRefusedError
   * (the reason as its message) for an event still being delivered or an erased monitor's.
   */
  resendMonitorNotice(input: { accountId: string; monitorId: string; noticeId: string; mode: KeyMode }): Promise<void>;
  /** The pages of extracted documents, drawn for the job page (issue 56). */
  pageImages: PageImages;
  /** Corrections of an extraction's fields, as the API records them. */
  corrections: Corrections;
}
