import { batchStream, type BatchEvent } from '../domain/jobs/batch.js';
import { jobStream, type JobEvent } from '../domain/jobs/job.js';
import { isEventOf, type StoredEvent } from '../infra/eventstore/types.js';
import type { Queryable } from '../infra/sql/sql.js';
import type { Projection } from './projection.js';

/** How long audit entries are kept; retention deletes older ones. */
export const AUDIT_RETENTION_DAYS = 90;

const DAY_MS = 86_400_000;

/**
 * Per-call audit entries (docs/architecture.md#personal-data) of async verifications and batch items, from their job and batch events:
 * time, key id, account, country, insurance type, status, confidence; never the policy number. The synchronous
 * route writes its entries into the same table through application/audit.ts (they have no event, and no `source`):
 * a rebuild builds the table beside the live one like any other and carries those rows over (`carried`). Events
 * older than the audit's 90 days are skipped, so a rebuild does not bring back what retention deleted.
 */
export const auditProjection: Projection<JobEvent | BatchEvent> = {
  name: 'audit',
  migrations: [
    {
      id: 'audit-001',
      sql: `create table call_audit (
              id bigserial primary key,
              source text unique,
              at timestamptz not null,
              account_id text not null,
              key_id text not null,
              mode text not null,
              channel text not null,
              country text,
              insurance_type text,
              status text not null,
              confidence double precision
            );
            create index call_audit_account_at on call_audit (account_id, at);
            create index call_audit_at on call_audit (at)`,
    },
  ],
  tables: ['call_audit'],
  carried: {
    table: 'call_audit',
    where: 'source is null',
    order: 'id',
    columns: ['at', 'account_id', 'key_id', 'mode', 'channel', 'country', 'insurance_type', 'status', 'confidence'],
  },
  streams: [jobStream, batchStream],
  // A job's entry, or a batch's (one per item; ids are UUIDs, so one's prefix is no other's).
  async forget(tx, id) {
    await tx.query(`delete from call_audit where source = 'job:' || $1 or source like 'batch:' || $1 || ':%'`, [id]);
  },
  async apply(tx, event, id) {
    await applyAudit(tx, [{ event, id }]);
  },
  // A page in one insert and one update: the entries it starts, in feed order, then each entry's last outcome.
  applyMany: (tx, events) => applyAudit(tx, events),
};

/** The entries a page starts, a column each, in feed order: as the insert's unnest takes them (no object per entry). */
class Entries {
  readonly source: string[] = [];
  readonly at: string[] = [];
  readonly account_id: string[] = [];
  readonly key_id: string[] = [];
  readonly mode: string[] = [];
  readonly channel: ('async' | 'batch' | 'correction')[] = [];
  readonly country: (string | null)[] = [];
  readonly insurance_type: (string | null)[] = [];

  add(
    source: string,
    at: string,
    of: { account_id: string; key_id: string; mode: string },
    channel: 'async' | 'batch' | 'correction',
    policy: { country?: unknown; insurance_type?: unknown },
  ) {
    this.source.push(source);
    this.at.push(at);
    this.account_id.push(of.account_id);
    this.key_id.push(of.key_id);
    this.mode.push(of.mode);
    this.channel.push(channel);
    this.country.push(text(policy.country));
    this.insurance_type.push(text(policy.insurance_type));
  }
}

/** An entry's outcome: its status, and its confidence when the event gives one (a failure keeps the one it had). */
interface Outcome {
  status: string;
  confidence?: number | null;
}

/**
 * What `apply` does event by event, in three statements at most: an outcome of an entry the page has not started
 * yet can only change a row that was there before (updates before the insert), then the entries the page starts
 * (an entry already there is left alone), then the outcomes that follow their entry's start, each entry's last.
 */
async function applyAudit(
  tx: Queryable,
  events: readonly { event: StoredEvent<JobEvent | BatchEvent>; id: string }[],
): Promise<void> {
  const since = Date.now() - AUDIT_RETENTION_DAYS * DAY_MS;
  const entries = new Entries();
  const started = new Set<string>();
  const before = new Map<string, Outcome>();
  const after = new Map<string, Outcome>();
  const outcome = (source: string, next: Outcome) => {
    const outcomes = started.has(source) ? after : before;
    const previous = outcomes.get(source);
    outcomes.set(source, next.confidence === undefined && previous ? { ...previous, status: next.status } : next);
  };
  for (const { event, id } of events) {
    if (event.created.getTime() < since) continue;
    if (isEventOf(jobStream, event)) {
      const source = `job:${id}`;
      switch (event.type) {
        case 'JobSubmitted': {
          if (event.data.kind !== 'verification') break;
          entries.add(
            source,
            event.created.toISOString(),
            event.data,
            'async',
            event.data.request as { country?: unknown; insurance_type?: unknown },
          );
          started.add(source);
          break;
        }
        case 'JobCompleted': {
          const result = event.data.result as { status?: unknown; confidence_score?: unknown } | null;
          outcome(source, {
            status: text(result?.status) ?? 'complete',
            confidence: typeof result?.confidence_score === 'number' ? result.confidence_score : null,
          });
          break;
        }
        case 'JobFailed':
          outcome(source, { status: 'error' });
          break;
        case 'ExtractionCorrected': {
          // One entry per corrected field (issue 56): who (a key's id, or the dashboard) and which field, never
          // the values. Its source is the event's own id, so a rebuild finds it again.
          const entry = `correction:${event.id}`;
          const by = event.data.by.via === 'api' ? event.data.by.key_id : 'dashboard';
          entries.add(entry, event.created.toISOString(), { ...event.data, key_id: by }, 'correction', {});
          started.add(entry);
          outcome(entry, { status: `corrected:${event.data.field}`, confidence: null });
          break;
        }
      }
    } else if (isEventOf(batchStream, event)) {
      switch (event.type) {
        case 'BatchSubmitted': {
          const at = event.created.toISOString();
          const { policies } = event.data;
          for (let index = 0; index < policies.length; index += 1) {
            const source = `batch:${id}:${index}`;
            entries.add(source, at, event.data, 'batch', policies[index]!);
            started.add(source);
          }
          break;
        }
        case 'BatchItemCompleted':
          outcome(`batch:${id}:${event.data.index}`, {
            status: event.data.result.status,
            confidence: event.data.result.confidence_score,
          });
          break;
      }
    }
  }
  await settle(tx, before);
  // Outcomes after a start are those of entries the page starts.
  if (entries.source.length === 0) return;
  // An entry whose outcome follows in the same page is inserted with it: one row version instead of two (a
  // rebuild's pages hold most entries' start and end). An entry already there keeps its row, so its outcome is
  // still settled after the insert: the statement answers those entries only (a rebuild inserts them all, and
  // answering each inserted one cost the driver a row each).
  const status: string[] = [];
  const confidence: (number | null)[] = [];
  for (const source of entries.source) {
    const ending = after.get(source);
    status.push(ending?.status ?? 'pending');
    confidence.push(ending?.confidence ?? null);
  }
  const kept = await tx.query<{ source: string }>(
    `with r as (select * from unnest($1::text[], $2::timestamptz[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::float8[])
                  as r(source, at, account_id, key_id, mode, channel, country, insurance_type, status, confidence)),
          inserted as (insert into call_audit (source, at, account_id, key_id, mode, channel, country, insurance_type, status, confidence)
                       select source, at, account_id, key_id, mode, channel, country, insurance_type, status, confidence from r
                       on conflict (source) do nothing
                       returning source)
     select r.source from r where not exists (select 1 from inserted i where i.source = r.source)`,
    [
      entries.source,
      entries.at,
      entries.account_id,
      entries.key_id,
      entries.mode,
      entries.channel,
      entries.country,
      entries.insurance_type,
      status,
      confidence,
    ],
  );
  const settled = new Map<string, Outcome>();
  for (const { source } of kept) {
    const ending = after.get(source);
    if (ending) settled.set(source, ending);
  }
  await settle(tx, settled);
}

async function settle(tx: Queryable, outcomes: ReadonlyMap<string, Outcome>): Promise<void> {
  if (outcomes.size === 0) return;
  const rows = [...outcomes];
  await tx.query(
    `update call_audit c set status = r.status, confidence = case when r.keeps then c.confidence else r.confidence end
       from unnest($1::text[], $2::text[], $3::float8[], $4::bool[]) as r(source, status, confidence, keeps)
      where c.source = r.source`,
    [
      rows.map(([source]) => source),
      rows.map(([, o]) => o.status),
      rows.map(([, o]) => o.confidence ?? null),
      rows.map(([, o]) => o.confidence === undefined),
    ],
  );
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
