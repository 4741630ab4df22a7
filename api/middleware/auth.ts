import type { RequestHandler } from 'express';
import { hashKey, parseKey, type KeyMode, type Scope } from '../../domain/accounts/keys.js';
import type { PlanLimits, PlanName } from '../../domain/plans.js';
import type { Queryable } from '../../infra/sql/sql.js';
import { findKeyByHash } from '../../projections/accounts.js';
import { ApiError } from '../errors.js';

/** Who is calling: set by the auth middleware. */
export interface Principal {
  keyId: string;
  accountId: string;
  mode: KeyMode;
  scopes: readonly Scope[];
  plan: PlanName;
  limits: PlanLimits;
}

declare module 'express-serve-static-core' {
  interface Request {
    principal?: Principal | null;
  }
}

/**
 * Finds keys by their keyed hash in the api_keys read model. Answers are cached briefly: a revoked key (whose
 * revocation reaches the read model within milliseconds) stops working within the TTL everywhere, and at once
 * in the process that revoked it.
 */
export class KeyDirectory {
  private cache = new Map<string, { principal: Principal | null; until: number }>();

  constructor(
    private readonly db: Queryable,
    private readonly pepper: string,
    private readonly ttlMs = 500,
  ) {
    // Expired answers are dropped, so that keys do not linger in memory after their last use.
    setInterval(() => {
      const now = Date.now();
      for (const [token, entry] of this.cache) if (entry.until <= now) this.cache.delete(token);
    }, 5000).unref();
  }

  hash(token: string): string {
    return hashKey(token, this.pepper);
  }

  async find(token: string): Promise<Principal | null> {
    // Cached by the key itself: the keyed hash is only needed (and only costs) on a miss.
    const now = Date.now();
    const cached = this.cache.get(token);
    if (cached && cached.until > now) return cached.principal;
    const row = await findKeyByHash(this.db, this.hash(token));
    const principal: Principal | null =
      row && row.status === 'active'
        ? {
            keyId: row.key_id,
            accountId: row.account_id,
            mode: row.mode,
            scopes: row.scopes as Scope[],
            plan: row.plan as PlanName,
            limits: {
              monthlyCredits: row.monthly_credits,
              requestsPerMinute: row.requests_per_minute,
              requestsPerMonth: Number(row.requests_per_month),
            },
          }
        : null;
    if (this.cache.size > 50_000) this.cache.clear();
    this.cache.set(token, { principal, until: now + this.ttlMs });
    return principal;
  }

  /** Drops cached answers (after a revocation or a plan change in this process). */
  forget(): void {
    this.cache.clear();
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

async function authenticate(directory: KeyDirectory, header: string | undefined): Promise<Principal> {
  if (!header) {
    throw ApiError.of('unauthorized', 'Authorization header missing. Send Authorization: Bearer <API_KEY>.');
  }
  const token = BEARER.exec(header)?.[1];
  const parsed = token ? parseKey(token) : null;
  if (!token || !parsed || (!parsed.ok && parsed.reason === 'not_a_key')) {
    throw ApiError.of('unauthorized', 'Authorization must be "Bearer <API_KEY>" with a pk_live_ or pk_test_ key.');
  }
  const principal = parsed.ok ? await directory.find(token) : null;
  if (!principal) throw ApiError.of('invalid_api_key', 'The API key is not valid: it is unknown or was revoked.');
  return principal;
}

/** 401 without a valid key, 403 without the scope. */
export function requireKey(directory: KeyDirectory, scope: Scope, onAuthenticated?: (p: Principal) => void): RequestHandler {
  return async (req, _res, next) => {
    const principal = await authenticate(directory, req.get('authorization'));
    if (!principal.scopes.includes(scope)) {
      throw ApiError.of('forbidden', `This API key lacks the "${scope}" permission.`);
    }
    req.principal = principal;
    onAuthenticated?.(principal);
    next();
  };
}

/** For endpoints where a key is optional (datasets, insurers): none is fine; a bad one is still 401. */
export function optionalKey(directory: KeyDirectory, onAuthenticated?: (p: Principal) => void): RequestHandler {
  return async (req, _res, next) => {
    const header = req.get('authorization');
    req.principal = header === undefined ? null : await authenticate(directory, header);
    if (req.principal) onAuthenticated?.(req.principal);
    next();
  };
}
