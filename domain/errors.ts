// The error catalogue (docs/architecture.md#errors): one code, one HTTP status, everywhere.

export const ERROR_STATUS = {
  invalid_request: 400,
  invalid_policy_number: 400,
  missing_required_field: 400,
  missing_required_fields: 400,
  unsupported_country: 400,
  unsupported_insurance_type: 400,
  invalid_parameter: 400,
  unauthorized: 401,
  invalid_api_key: 401,
  insufficient_credits: 402,
  forbidden: 403,
  not_found: 404,
  insurer_not_found: 404,
  policy_not_found: 404,
  method_not_allowed: 405,
  job_not_correctable: 409,
  monitor_stopped: 409,
  payload_too_large: 413,
  invalid_webhook_url: 422,
  invalid_document: 422,
  batch_too_large: 422,
  idempotency_conflict: 422,
  rate_limit_exceeded: 429,
  internal_error: 500,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** A failure the caller can act on; `message` is safe to show (never a key or document content). */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const isDomainError = (error: unknown): error is DomainError => error instanceof DomainError;
