// The admin token's check, shared by every route that takes it (/admin, /codec, /metrics).
import type { RequestHandler } from 'express';
import { sameSecret } from '../../domain/accounts/keys.js';
import { ApiError } from '../errors.js';

/**
 * Failed admin-token attempts, per client, in this process (the admin API is one listener of one API process).
 * A client's first `free` - 1 failures cost nothing; from the `free`th on it may try once per slot, a slot twice as
 * long after each further failure (1 s, 2 s, 4 s … at most a minute), and a try before its slot answers 429 whatever token
 * it carries: a 401 against a 200 must not tell a guesser which token is right faster than that. The right token
 * at its slot passes and forgives the client. Nothing a client does reaches another's count: a correct token
 * from elsewhere is never slowed, however one client fails.
 *
 * A client is its request's first hop the trusted proxies did not add (req.ip: the socket's peer without
 * TRUST_PROXY), which TRUST_PROXY's hop counts and addresses never let a client choose: rotating X-Forwarded-For
 * entries of its own does not make a guesser a new client.
 */
function failedAttempts(free: number, forgetMs = 10 * 60_000) {
  const clients = new Map<string, { failures: number; slotAt: number; lastAt: number }>();
  const current = (client: string, now: number) => {
    const found = clients.get(client);
    if (found && now - found.lastAt > forgetMs) clients.delete(client);
    return found && now - found.lastAt <= forgetMs ? found : undefined;
  };
  return {
    /** Seconds until the client's next slot, or 0 when it may try now. */
    delayFor(client: string, now = Date.now()): number {
      const found = current(client, now);
      return found && found.slotAt > now ? Math.ceil((found.slotAt - now) / 1000) : 0;
    },
    fail(client: string, now = Date.now()): void {
      if (clients.size > 10_000) for (const [key, c] of clients) if (now - c.lastAt > forgetMs) clients.delete(key);
      const failures = (current(client, now)?.failures ?? 0) + 1;
      const slotMs = failures >= free ? Math.min(1000 * 2 ** (failures - free), 60_000) : 0;
      clients.set(client, { failures, slotAt: now + slotMs, lastAt: now });
    },
    succeed(client: string): void {
      clients.delete(client);
    },
  };
}

/** The admin token check; a client that keeps failing it is slowed (failedAttempts), others never. */
export function requireAdmin(token: string, free = 10): RequestHandler {
  const attempts = failedAttempts(free);
  return (req, _res, next) => {
    const client = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    const wait = attempts.delayFor(client);
    if (wait > 0) {
      throw ApiError.of(
        'rate_limit_exceeded',
        `Too many failed admin-token attempts. Retry in ${wait} seconds.`,
        { retry_after: wait },
        { 'Retry-After': String(wait) },
      );
    }
    const given = /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '')?.[1];
    if (!given || !sameSecret(given, token)) {
      attempts.fail(client);
      throw ApiError.of('unauthorized', 'Admin token missing or wrong.');
    }
    attempts.succeed(client);
    next();
  };
}
