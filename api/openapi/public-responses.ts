// The response shapes of the verification, jobs and account endpoints and of the webhook event, as the routes and
// projections write them (projections/jobs.ts jobRecord, projections/batches.ts findBatch); the rate-limit headers
// their responses carry. public-api.ts puts them on the endpoints.
import { z } from 'zod';
import { CorrectionsViewSchema } from './correction-schemas.js';
import { REVIEW_BELOW } from '../../domain/extraction/evidence.js';
import { FIELD_KEYS } from '../../domain/extraction/types.js';

export const integerHeader = (description: string) => ({ description, schema: { type: 'integer' as const } });

/** The headers of every response behind the rate limit (api/middleware/rate-limit.ts). */
export const RATE_LIMIT_HEADERS = {
  'X-RateLimit-Limit': integerHeader('Requests allowed in the current window.'),
  'X-RateLimit-Remaining': integerHeader('Requests left in the current window.'),
  'X-RateLimit-Reset': integerHeader('When the window resets, in Unix seconds.'),
};

export const InsurerRefSchema = z
  .object({ name: z.string(), reference: z.string(), regulated: z.enum(['YES', 'NO']), authorised: z.boolean() })
  .meta({ id: 'InsurerRef' });

const Status = z.enum(['verified', 'inconclusive', 'unverified']);

export const VerificationResultSchema = z
  .object({
    status: Status,
    confidence_score: z.number().min(0).max(1),
    verification_sources: z.array(z.string()),
    // A union rather than .nullable(): a registered schema's nullable() makes the component itself nullable.
    insurer: z.union([InsurerRefSchema, z.null()]),
    flags: z.array(z.string()),
    credits_charged: z.number().int(),
    processed_in_ms: z.number().int(),
    sandbox: z.literal(true).optional(),
  })
  .meta({
    id: 'VerificationResult',
    description:
      'The answer of a verification: status and score, the checks that ran, the matched insurer, flags and the credits charged.',
  });

const Timestamp = z.string().meta({ format: 'date-time' });

const WebhookStatus = z.enum(['pending', 'delivered', 'failed', 'not_sent']).meta({
  description: "not_sent: a test key's job, whose callback the sandbox never delivers (the reason says so).",
});

const WebhookState = z
  .object({
    url: z.string(),
    status: WebhookStatus.nullable(),
    attempts: z.number().int(),
    last_attempt_at: Timestamp.nullable(),
    reason: z.string().optional().meta({ description: 'Why the callback is not sent (test keys).' }),
  })
  .nullable();

const JobError = z
  .object({ error: z.string(), message: z.string().optional(), code: z.number().int().optional() })
  .nullable();

const jobBase = {
  job_id: z.string(),
  status: z.enum(['pending', 'complete', 'failed']),
  created_at: Timestamp,
  completed_at: Timestamp.nullable(),
  error: JobError,
  result_erased_at: Timestamp.optional(),
  webhook: WebhookState,
  credits_charged: z
    .number()
    .int()
    .nullable()
    .meta({ description: 'Credits the job was charged once finished (a test key: 0); null while pending.' }),
  poll_url: z.string().optional(),
};

const Money = z.object({ amount: z.number(), currency: z.string().meta({ description: 'ISO 4217, e.g. GBP, EUR.' }) });

const Fraction = z.number().min(0).max(1);

export const EvidenceBoxSchema = z.object({ x: Fraction, y: Fraction, width: Fraction, height: Fraction }).meta({
  id: 'EvidenceBox',
  description:
    "A box on a page as fractions of the page's width and height, measured from its top-left corner: the same at any resolution or page size.",
});

export const FieldEvidenceSchema = z
  .object({
    page: z
      .number()
      .int()
      .min(1)
      .nullable()
      .meta({ description: '1-based; null when the value is not printed at one place (the language).' }),
    box: z.union([EvidenceBoxSchema, z.null()]),
    words: z.array(z.string()).meta({ description: 'The words the value was read from, as the reader gave them.' }),
    source: z.enum(['text', 'ocr']).meta({ description: "The PDF's text layer, or OCR of the page image." }),
    confidence: Fraction.meta({
      description:
        "How sure the value read here is: the field's confidence, lowered to OCR's own confidence in these words when that is lower.",
    }),
    needs_review: z.boolean().meta({ description: `true when confidence is under ${REVIEW_BELOW}.` }),
  })
  .meta({ id: 'FieldEvidence', description: 'Where a field was read, and whether a person should check it.' });

const EvidenceSchema = z
  .object(Object.fromEntries(FIELD_KEYS.map((key) => [key, FieldEvidenceSchema.optional()])))
  .meta({
    description:
      'Per found field (keyed like field_confidence), where it was read. A field not found has none. Absent on results recorded before evidence was kept.',
  });

export const ExtractionResultSchema = z
  .object({
    policy_number: z.string().nullable(),
    insurer: z.string().nullable().meta({ description: 'The registered name of the insurer the document names.' }),
    insurance_type: z.enum(['motor', 'travel', 'health']).nullable(),
    start_date: z.string().meta({ format: 'date' }).nullable(),
    end_date: z.string().meta({ format: 'date' }).nullable(),
    vehicle_registration: z.string().nullable(),
    coverage: z.object({
      level: z.string().nullable().meta({
        description:
          'A code: comprehensive, third_party_fire_theft, third_party, single_trip, annual_multi_trip, hospital, basic.',
      }),
      excess: Money.nullable(),
      sum_insured: Money.nullable(),
      territorial_scope: z.string().nullable(),
    }),
    language: z.enum(['en', 'de', 'fr']).nullable(),
    pages: z.number().int(),
    method: z.enum(['text', 'ocr']),
    field_confidence: z
      .record(z.string(), z.number())
      .meta({ description: '0 to 1 per field; 0 for a field not found.' }),
    evidence: EvidenceSchema.optional(),
  })
  .meta({
    id: 'ExtractionResult',
    description:
      'The policy fields read from the document (null when not found), its coverage, language, page count, how its text was read, a confidence per field and where each field was read.',
  });

const jobVariant = <K extends string, R extends z.ZodType>(
  type: K,
  result: R,
  id: string,
  description: string,
  extra: z.ZodRawShape = {},
) =>
  z
    .object({ type: z.literal(type), ...jobBase, result: z.union([result, z.null()]), ...extra })
    .meta({ id, description });

// `result` is a union with null for the reason `insurer` is. Discriminated by the job's kind (`type`), so that a
// generated client narrows `result` to the verification answer or the extraction result, neither left untyped.
export const JobSchema = z
  .discriminatedUnion('type', [
    jobVariant(
      'verification',
      VerificationResultSchema,
      'VerificationJob',
      'An async verification; result is the verification answer once complete.',
    ),
    jobVariant(
      'extraction',
      ExtractionResultSchema,
      'ExtractionJob',
      'A document extraction; result is the extraction result once complete, with the values as corrected.',
      { corrections: CorrectionsViewSchema.optional() },
    ),
  ])
  .meta({
    id: 'Job',
    description:
      'A job record, by its kind (`type`). result is null until the job completes and after retention erased it (result_erased_at); credits_charged stays.',
  });

export const JobAcceptedSchema = z
  .object({
    job_id: z.string(),
    status: z.literal('pending'),
    poll_url: z.string(),
    webhook: z
      .object({ url: z.string(), status: z.literal('not_sent'), reason: z.string() })
      .optional()
      .meta({ description: "A test key's job given a webhook_url: the sandbox sends no callback, and says why." }),
  })
  .meta({ id: 'JobAccepted' });

export const BatchSchema = z
  .object({
    batch_id: z.string(),
    status: z.enum(['pending', 'processing', 'complete']),
    total_count: z.number().int(),
    completed_count: z.number().int(),
    created_at: Timestamp,
    completed_at: Timestamp.nullable(),
    summary: z.unknown().optional(),
    results: z.array(z.object({}).catchall(z.unknown())).nullable().optional(),
    results_erased_at: Timestamp.optional(),
  })
  .meta({ id: 'Batch' });

export const BatchAcceptedSchema = z
  .object({ batch_id: z.string(), status: z.literal('pending'), total_count: z.number().int() })
  .meta({ id: 'BatchAccepted' });

export const AccountSchema = z
  .object({
    account_id: z.string(),
    key_id: z.string(),
    mode: z.enum(['live', 'test']),
    plan: z.string(),
    credits: z.object({
      available: z.number().int(),
      reserved: z.number().int(),
      monthly_allowance: z.number().int(),
      period_end: Timestamp,
    }),
    requests: z.object({
      this_month: z.number().int(),
      monthly_limit: z.number().int(),
      this_minute: z.number().int(),
      per_minute_limit: z.number().int(),
    }),
  })
  .meta({ id: 'Account' });

const Hash = z.string().regex(/^[0-9a-f]{64}$/);

/** A signed monthly statement of the credit ledger (domain/ledger/statement.ts, docs/ledger-verification.md). */
export const LedgerStatementSchema = z
  .object({
    version: z.union([z.literal(1), z.literal(2)]).meta({ description: '2: with edition and supersedes.' }),
    account_id: z.string(),
    stream: z.string(),
    period: z.string().meta({ description: 'The UTC month, YYYY-MM.' }),
    first_revision: z.number().int(),
    last_revision: z.number().int(),
    event_count: z.number().int(),
    opening_balance: z.number().int(),
    closing_balance: z.number().int(),
    opening_reserved: z.number().int(),
    closing_reserved: z.number().int(),
    totals: z.record(z.string(), z.number().int()).meta({
      description:
        'Credits by what moved them: granted:<reason>, charged:<operation>, expired, reserved:, captured:, released:<operation>.',
    }),
    opening_chain_head: Hash,
    chain_head: Hash.meta({ description: 'The hash chain link of the last event of the month.' }),
    closed: z.boolean().meta({ description: 'The month had ended when it was signed.' }),
    signed_at: Timestamp,
    edition: z.number().int().min(1).optional().meta({
      description: 'Statements are append-only: a month signed again gets the next edition; both stay listed.',
    }),
    supersedes: Hash.nullable()
      .optional()
      .meta({ description: 'The SHA-256 of the canonical JSON of the edition before (signature included), or null.' }),
    algorithm: z.literal('Ed25519'),
    key_id: z.string().meta({ description: 'The key of /.well-known/pvs-ledger-keys.json that signed it.' }),
    signature: z
      .string()
      .meta({ description: 'Ed25519 over the RFC 8785 canonical JSON of every other field, base64.' }),
  })
  .meta({ id: 'LedgerStatement' });

export const LedgerStatementsSchema = z
  .object({ statements: z.array(LedgerStatementSchema), keys_url: z.string() })
  .meta({ id: 'LedgerStatements' });

// The variants of POST /api/v1/verify's missing fields (400) and no credits (402): error and detail, no code
// (docs/architecture.md#errors). One schema each, so that each status lists only its own code.
export const VerifyMissingFieldsErrorSchema = z
  .object({ error: z.enum(['missing_required_fields']), detail: z.string() })
  .meta({ id: 'VerifyMissingFieldsError' });

export const VerifyNoCreditsErrorSchema = z
  .object({ error: z.enum(['insufficient_credits']), detail: z.string() })
  .meta({ id: 'VerifyNoCreditsError' });

export const WebhookEventSchema = z
  .object({
    type: z.enum([
      'verification.completed',
      'verification.failed',
      'extraction.completed',
      'extraction.failed',
      'extraction.corrected',
    ]),
    timestamp: Timestamp,
    data: JobSchema,
  })
  .meta({ id: 'WebhookEvent' });
