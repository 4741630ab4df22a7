import type { NextFunction, Request, RequestHandler, Response } from 'express';
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
 * The door of every endpoint that needs a key: the key (401, 403 without the scope), then its rate limits
 * (429), with the X-RateLimit-* headers on every answer. One layer rather than two, because on the paying
 * paths each Express layer and each promise is a measurable share of a request.
 */
export function keyGate(deps: GateDeps, scope: Scope): RequestHandler {
  const admit = async (req: Request, res: Response, next: NextFunction, principal: Principal) => {
    if (!principal.scopes.includes(scope)) {
      throw ApiError.of('forbidden', `This API key lacks the "${scope}" permission.`);
    }
    req.principal = principal;
    deps.onAuthenticated?.(principal);
    enforce(res, await deps.limits.forKey(principal.keyId, principal.limits));
    next();
  };
  return (req, res, next) => {
    const header = req.headers.authorization;
    // Nearly every request carries a key answered moments ago: no look-up, no regex, no extra turn.
    const cached = deps.keys.cachedBearer(header);
    return cached ? admit(req, res, next, cached) : authenticate(deps.keys, header).then((principal) => admit(req, res, next, principal));
  };
}
