import type { RequestHandler } from 'express';
import type { Scope } from '../../domain/accounts/keys.js';
import type { RateLimits } from '../../infra/rate-limits.js';
import { ApiError } from '../errors.js';
import { authenticate, type KeyDirectory, type Principal } from './auth.js';
import { enforce } from './rate-limit.js';

export interface GateDeps {
  keys: KeyDirectory;
  limits: RateLimits;
  /** Told of every admitted caller (usage counting). */
  onAuthenticated?(principal: Principal): void;
}

/**
 * The door of every endpoint that needs a key, in the order the answers must come: the key (401, 403 without
 * the scope; `null`: any key of the account), then its rate limits (429), with the X-RateLimit-* headers on every
 * answer. Reads (polls of a job or batch, the account view) have a per-minute window of their own and neither
 * spend nor count against the monthly quota: a client watching its job is not making requests of the service.
 */
export function keyGate(deps: GateDeps, scope: Scope | null): RequestHandler {
  return async (req, res, next) => {
    const principal = await authenticate(deps.keys, req.headers.authorization);
    if (scope && !principal.scopes.includes(scope)) {
      throw ApiError.of('forbidden', `This API key lacks the "${scope}" permission.`);
    }
    req.principal = principal;
    if (req.method === 'GET') {
      enforce(res, await deps.limits.forPoll(principal.keyId, principal.limits));
      return next();
    }
    enforce(res, await deps.limits.forKey(principal.keyId, principal.limits));
    // Counted in the durable usage as in the quota: admitted requests only.
    deps.onAuthenticated?.(principal);
    next();
  };
}
