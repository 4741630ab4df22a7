import type { KeyMode } from '../accounts/keys.js';
import { FIELD_KEYS, type FieldKey } from '../extraction/types.js';
import type { Decided, Event } from '../streams.js';

// Corrections of an extraction's fields (issue 56): a person (on the dashboard) or a client (with a key of the
// job's account) gives the right value of a field the service read wrong. Each is an event on the job's stream,
// after the job's completion: the reading it corrects stays in JobCompleted, the job view shows the value as
// corrected, and the corrections are a record of who changed what. The values and the person are personal data,
// sealed under the job's key (../personal-data.ts) and erased with the job's result.

/** Who corrected: a key of the account (its id, never the key) or the person signed in to the dashboard. */
export type Corrector = { via: 'api'; key_id: string } | { via: 'dashboard'; person: string };

export interface ExtractionCorrected {
  field: FieldKey;
  /** The value before: the reading, or an earlier correction's. */
  from: unknown;
  to: unknown;
  by: Corrector;
  /** Whose job: the audit entry (projections/audit.ts) is made from the event alone. */
  account_id: string;
  mode: KeyMode;
}

export type CorrectionEvent = Event<'ExtractionCorrected', ExtractionCorrected>;

/** One correction as the job keeps it: what changed, by whom, and when it was recorded. */
export interface Correction {
  field: FieldKey;
  from: unknown;
  to: unknown;
  by: Corrector;
  at: string;
}

/** What a job must be for its fields to be corrected; the reason is the caller's answer. */
export type CorrectionRefusal = 'not_extraction' | 'not_complete' | 'erased';

export class CorrectionRefused extends Error {
  constructor(
    readonly reason: CorrectionRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'CorrectionRefused';
  }
}

/** The job as a correction reads it (domain/jobs/job.ts's Job). */
export interface CorrectableJob {
  account_id: string;
  mode: KeyMode;
  kind: string;
  status: string;
  result: unknown;
  result_erased_at: Date | null;
  corrections: readonly Correction[];
}

export interface CorrectExtraction {
  jobId: string;
  /** The corrected values by field: a field absent is left as it is; null says the document has no such value. */
  values: Partial<Record<FieldKey, unknown>>;
  by: Corrector;
}

type Fields = Record<string, unknown> & { coverage?: Record<string, unknown> | null };

/** A field's value in an extraction result ("coverage.level" inside coverage); undefined when the result has none. */
export function fieldValue(result: unknown, field: FieldKey): unknown {
  const fields = (result ?? {}) as Fields;
  if (field.startsWith('coverage.')) return (fields.coverage ?? {})[field.slice('coverage.'.length)] ?? null;
  return fields[field] ?? null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The value of each field now: the reading, each correction applied in turn. */
export function currentValues(result: unknown, corrections: readonly Correction[]): Record<FieldKey, unknown> {
  const values = Object.fromEntries(FIELD_KEYS.map((key) => [key, fieldValue(result, key)])) as Record<
    FieldKey,
    unknown
  >;
  for (const correction of corrections) values[correction.field] = correction.to;
  return values;
}

/**
 * The events a correction appends: one per field whose value changes (a value equal to the current one is no
 * correction). Refused for a verification, a job not completed, and one whose result retention erased.
 */
export function correct(job: CorrectableJob | null, command: CorrectExtraction): Decided<CorrectionEvent>[] {
  if (!job) throw new CorrectionRefused('not_complete', `Job ${command.jobId} has not been recorded yet.`);
  if (job.kind !== 'extraction') {
    throw new CorrectionRefused(
      'not_extraction',
      `Job ${command.jobId} is a ${job.kind}: only the fields of a document extraction can be corrected.`,
    );
  }
  if (job.result_erased_at) {
    throw new CorrectionRefused(
      'erased',
      `Job ${command.jobId} was erased (retention, or the account's close): there is nothing left to correct.`,
    );
  }
  if (job.status !== 'complete' || !job.result) {
    throw new CorrectionRefused(
      'not_complete',
      `Job ${command.jobId} is ${job.status}: only a completed extraction's fields can be corrected.`,
    );
  }
  const now = currentValues(job.result, job.corrections);
  return FIELD_KEYS.filter((field) => field in command.values && !same(now[field], command.values[field])).map(
    (field) => ({
      type: 'ExtractionCorrected' as const,
      data: {
        field,
        from: now[field] ?? null,
        to: command.values[field] ?? null,
        by: command.by,
        account_id: job.account_id,
        mode: job.mode,
      },
    }),
  );
}

/** The job's corrections after one more (`at`: when it was recorded). */
export const withCorrection = (
  corrections: readonly Correction[],
  data: ExtractionCorrected,
  at: Date,
): Correction[] => [
  ...corrections,
  { field: data.field, from: data.from, to: data.to, by: data.by, at: at.toISOString() },
];

/** The result with the corrected values in place of the readings (the readings stay in JobCompleted). */
export function correctedResult(result: unknown, corrections: readonly Correction[]): unknown {
  if (corrections.length === 0 || !result || typeof result !== 'object') return result;
  const out = { ...(result as Fields) };
  const coverage = { ...(out.coverage ?? {}) };
  for (const [field, value] of Object.entries(currentValues(result, corrections))) {
    if (field.startsWith('coverage.')) coverage[field.slice('coverage.'.length)] = value;
    else if (field in out || value !== null) out[field] = value;
  }
  if (out.coverage) out.coverage = coverage;
  return out;
}

/** Per field: its value now, whether a person corrected it, and what the service read. */
export function fieldStates(result: unknown, corrections: readonly Correction[]) {
  const now = currentValues(result, corrections);
  const touched = new Set(corrections.map((c) => c.field));
  return Object.fromEntries(
    FIELD_KEYS.map((field) => [
      field,
      { value: now[field] ?? null, corrected: touched.has(field), read: fieldValue(result, field) },
    ]),
  ) as Record<FieldKey, { value: unknown; corrected: boolean; read: unknown }>;
}
