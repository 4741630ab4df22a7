import type { RequestHandler } from 'express';
import { hashKey, parseKey, type KeyMode, type Scope } from '../../domain/accounts/keys.js';
import { keyLimits, type PlanLimits, type PlanName } from '../../domain/plans.js';
import type { Queryable } from '../../infra/sql/sql.js';
import { findKeyByHash } from '../../projections/account-rows.js';
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
 * in the process that revoked it. Concurrent misses for one key share one look-up: when an answer expires under
 * load, every request in flight would otherwise query PostgreSQL at once (and open pool connections for it).
 */
export class KeyDirectory {
  private cache = new Map<string, { principal: Principal | null; until: number }>();
  private pending = new Map<string, Promise<Principal | null>>();
  // Bumped by forget(): a look-up that started before must not cache what it read.
  private generation = 0;

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

  /** The cached answer for a key: undefined when there is none (or it expired). */
  cached(token: string): Principal | null | undefined {
    const entry = this.cache.get(token);
    return entry && entry.until > Date.now() ? entry.principal : undefined;
  }

  find(token: string): Promise<Principal | null> {
    // Cached by the key itself: the keyed hash is only needed (and only costs) on a miss.
    const cached = this.cached(token);
    if (cached !== undefined) return Promise.resolve(cached);
    const pending = this.pending.get(token);
    if (pending) return pending;
    const generation = this.generation;
    // The answer is as old as the look-up's start: the TTL bounds how long a revoked key may still pass.
    const started = Date.now();
    const answered = this.lookup(token).then((principal) => {
      if (generation === this.generation) {
        if (this.cache.size > 50_000) this.cache.clear();
        this.cache.set(token, { principal, until: started + this.ttlMs });
      }
      return principal;
    });
    // forget() may have put a newer look-up in its place: only this one's own entry is removed.
    const own: Promise<Principal | null> = answered.finally(() => {
      if (this.pending.get(token) === own) this.pending.delete(token);
    });
    this.pending.set(token, own);
    return own;
  }

  private async lookup(token: string): Promise<Principal | null> {
    const row = await findKeyByHash(this.db, this.hash(token));
    return row && row.status === 'active'
      ? {
          keyId: row.key_id,
          accountId: row.account_id,
          mode: row.mode,
          scopes: row.scopes as Scope[],
          plan: row.plan as PlanName,
          limits: keyLimits(row.mode, {
            monthlyCredits: row.monthly_credits,
            requestsPerMinute: row.requests_per_minute,
            requestsPerMonth: Number(row.requests_per_month),
          }),
        }
      : null;
  }

  /** Drops cached answers and look-ups in flight (after a revocation or a plan change in this process). */
  forget(): void {
    this.generation += 1;
    this.cache.clear();
    this.pending.clear();
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The caller when its key's answer is cached and valid: no I/O, no promise (every call of a busy key). */
export function cachedPrincipal(directory: KeyDirectory, header: string | undefined): Principal | undefined {
  const token = header === undefined ? undefined : BEARER.exec(header)?.[1];
  return (token !== undefined && directory.cached(token)) || undefined;
}

/** Who is calling: 401 without a valid key. */
export async function authenticate(directory: KeyDirectory, header: string | undefined): Promise<Principal> {
  if (!header) {
    throw ApiError.of('unauthorized', 'Authorization header missing. Send Authorization: Bearer <API_KEY>.');
  }
  const token = BEARER.exec(header)?.[1];
  // Only keys that parsed are ever cached: a cached one needs neither its shape nor its checksum checked again.
  const cached = token === undefined ? undefined : directory.cached(token);
  if (cached) return cached;
  const parsed = token ? parseKey(token) : null;
  if (!token || !parsed || (!parsed.ok && parsed.reason === 'not_a_key')) {
    throw ApiError.of('unauthorized', 'Authorization must be "Bearer <API_KEY>" with a pk_live_ or pk_test_ key.');
  }
  const principal = parsed.ok ? await directory.find(token) : null;
  if (!principal) throw ApiError.of('invalid_api_key', 'The API key is not valid: it is unknown or was revoked.');
  return principal;
}

/** For endpoints where a key is optional (datasets, insurers): none is fine; a bad one is still 401. */
export function optionalKey(directory: KeyDirectory): RequestHandler {
  return async (req, _res, next) => {
    const header = req.get('authorization');
    req.principal = header === undefined ? null : await authenticate(directory, header);
    next();
  };
}
