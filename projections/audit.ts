import { batchStream, type BatchEvent } from '../domain/jobs/batch.js';
import { jobStream, type JobEvent } from '../domain/jobs/job.js';
import { AUDIT_RETENTION_DAYS } from '../infra/audit.js';
import { isEventOf } from '../infra/eventstore/types.js';
import type { Projection } from './runner.js';

const DAY_MS = 86_400_000;

/**
 * Per-call audit entries (DESIGN §13) of async verifications and batch items, from their job and batch events:
 * time, key id, account, country, insurance type, status, confidence; never the policy number. The synchronous
 * route writes its entries into the same table through infra/audit.ts (they have no event), so a rebuild does
 * not empty the table: rows are keyed by `source` and replayed events only fill in what is missing. Events
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
  tables: [],
  streams: [jobStream, batchStream],
  async apply(tx, event, id) {
    if (event.created.getTime() < Date.now() - AUDIT_RETENTION_DAYS * DAY_MS) return;
    if (isEventOf(jobStream, event)) {
      const source = `job:${id}`;
      switch (event.type) {
        case 'JobSubmitted': {
          if (event.data.kind !== 'verification') return;
          const request = event.data.request as { country?: unknown; insurance_type?: unknown };
          await tx.query(
            `insert into call_audit (source, at, account_id, key_id, mode, channel, country, insurance_type, status)
             values ($1, $2, $3, $4, $5, 'async', $6, $7, 'pending') on conflict (source) do nothing`,
            [source, event.created, event.data.account_id, event.data.key_id, event.data.mode, text(request.country), text(request.insurance_type)],
          );
          return;
        }
        case 'JobCompleted': {
          const result = event.data.result as { status?: unknown; confidence_score?: unknown } | null;
          await tx.query('update call_audit set status = $2, confidence = $3 where source = $1', [
            source,
            text(result?.status) ?? 'complete',
            typeof result?.confidence_score === 'number' ? result.confidence_score : null,
          ]);
          return;
        }
        case 'JobFailed':
          await tx.query(`update call_audit set status = 'error' where source = $1`, [source]);
          return;
        default:
          return;
      }
    }
    if (isEventOf(batchStream, event)) {
      const batchId = id;
      switch (event.type) {
        case 'BatchSubmitted':
          await tx.query(
            `insert into call_audit (source, at, account_id, key_id, mode, channel, country, insurance_type, status)
             select 'batch:' || $1 || ':' || (p.ordinality - 1), $2, $3, $4, $5, 'batch', p.country, p.insurance_type, 'pending'
               from unnest($6::text[], $7::text[]) with ordinality as p(country, insurance_type, ordinality)
             on conflict (source) do nothing`,
            [
              batchId,
              event.created,
              event.data.account_id,
              event.data.key_id,
              event.data.mode,
              event.data.policies.map((p) => text(p.country)),
              event.data.policies.map((p) => text(p.insurance_type)),
            ],
          );
          return;
        case 'BatchItemCompleted':
          await tx.query('update call_audit set status = $2, confidence = $3 where source = $1', [
            `batch:${batchId}:${event.data.index}`,
            event.data.result.status,
            event.data.result.confidence_score,
          ]);
          return;
        default:
          return;
      }
    }
  },
};

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
