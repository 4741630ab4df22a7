import type { RequestHandler, Response } from 'express';
import type { RateLimits } from '../../application/rate-limits/rate-limits.js';
import type { LimitCheck } from '../../application/rate-limits/verdict.js';
import type { Principal } from './auth.js';
import { ApiError } from '../errors.js';

/** Every response carries the X-RateLimit-* headers; a refusal is the docs/architecture.md#errors body with Retry-After. */
export function enforce(res: Response, check: LimitCheck): void {
  res.setHeader('X-RateLimit-Limit', String(check.limit));
  res.setHeader('X-RateLimit-Remaining', String(check.remaining));
  res.setHeader('X-RateLimit-Reset', String(check.resetAt));
  if (!check.allowed) {
    throw ApiError.of(
      'rate_limit_exceeded',
      `Rate limit exceeded. Retry in ${check.retryAfter} seconds.`,
      { retry_after: check.retryAfter },
      { 'Retry-After': String(check.retryAfter) },
    );
  }
}

/**
 * After optionalKey: per key by plan, or per client IP when no key was sent (docs/architecture.md#limits). A key's admitted request
 * is counted in its durable usage (`onAdmitted`), as the quota counts it.
 */
export function rateLimit(limits: RateLimits, onAdmitted?: (principal: Principal) => void): RequestHandler {
  return async (req, res, next) => {
    const check = req.principal
      ? await limits.forKey(req.principal.keyId, req.principal.limits)
      : await limits.forIp(req.ip ?? req.socket.remoteAddress ?? 'unknown');
    enforce(res, check);
    if (req.principal) onAdmitted?.(req.principal);
    next();
  };
}
