import type { ErrorRequestHandler, RequestHandler } from 'express';
import { isDomainError } from '../../domain/errors.js';
import { UnstorableEventError } from '../../infra/eventstore/types.js';
import type { Logger } from '../../infra/logger.js';
import { ReadModelBehindError } from '../../projections/readers/index.js';
import { ApiError } from '../errors.js';

export const notFound: RequestHandler = (req, _res, next) => {
  next(ApiError.of('not_found', `No route for ${req.method} ${req.path}.`));
};

// body-parser and multer signal bad input through error types; they are the caller's fault, never a 500.
function fromFramework(error: { type?: string; status?: number; code?: string }): ApiError | null {
  if (error.type === 'entity.parse.failed')
    return ApiError.of('invalid_request', 'The request body is not valid JSON.');
  if (error.type === 'entity.too.large' || error.code === 'LIMIT_FILE_SIZE') {
    return ApiError.of('payload_too_large', 'The request body is larger than this endpoint accepts.');
  }
  if (error.type === 'encoding.unsupported' || error.type === 'charset.unsupported') {
    return ApiError.of('invalid_request', 'The request body encoding is not supported.');
  }
  if (typeof error.status === 'number' && error.status >= 400 && error.status < 500) {
    return ApiError.of('invalid_request', 'The request could not be read.');
  }
  return null;
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) return next(error);
    const api =
      error instanceof ApiError
        ? error
        : isDomainError(error)
          ? ApiError.from(error)
          : error instanceof UnstorableEventError
            ? // A backstop: validation refuses such text first, naming the field.
              ApiError.of(
                'invalid_request',
                'The request holds text that cannot be stored (a NUL character or an unpaired surrogate).',
              )
            : error instanceof ReadModelBehindError
              ? // The write is done; what it changed is not readable yet (a projection stopped or far behind).
                ApiError.of(
                  'service_unavailable',
                  'The write was recorded, but the read models have not caught up with it yet. Retry in a few seconds.',
                  { retry_after: 5 },
                  { 'Retry-After': '5' },
                )
              : fromFramework(error as { type?: string; status?: number; code?: string });
    if (!api) {
      // Only the error and where it happened, never the request's body or query; the logger's redaction keeps of
      // the error its class, message (a database error's cut before the value it quotes), code and stack, and
      // drops its query parameters (infra/logger.ts).
      logger.error({ err: error, request_id: req.id, method: req.method, path: req.path }, 'unhandled error');
    }
    const out = api ?? ApiError.of('internal_error', 'Unexpected failure. Retry with exponential backoff.');
    if (typeof out.body.error === 'string') res.locals.errorCode = out.body.error;
    res.status(out.status).set(out.headers).json(out.body);
  };
}
