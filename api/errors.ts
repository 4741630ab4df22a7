import { DomainError, ERROR_STATUS, type ErrorCode } from '../domain/errors.js';

/** The docs/architecture.md#errors body: {error, message, code}, plus retry_after on 429. */
export interface ErrorBody {
  error: string;
  message?: string;
  code?: number;
  detail?: string;
  retry_after?: number;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message ?? body.detail ?? body.error);
    this.name = 'ApiError';
  }

  static of(
    code: ErrorCode,
    message: string,
    extra: Partial<ErrorBody> = {},
    headers?: Record<string, string>,
  ): ApiError {
    const status = ERROR_STATUS[code];
    return new ApiError(status, { error: code, message, code: status, ...extra }, headers);
  }

  /** The docs/architecture.md#errors variants of POST /api/v1/verify: error and detail, no code. */
  static detail(code: 'missing_required_fields' | 'insufficient_credits', detail: string): ApiError {
    return new ApiError(ERROR_STATUS[code], { error: code, detail });
  }

  static from(error: DomainError): ApiError {
    return ApiError.of(error.code, error.message);
  }
}
