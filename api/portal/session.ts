import { createHmac, randomBytes } from 'node:crypto';
import cookieParser from 'cookie-parser';
import { doubleCsrf } from 'csrf-csrf';
import type { CookieOptions, Request, RequestHandler, Response } from 'express';
import type { Queryable } from '../../infra/sql/sql.js';
import { findSession, type AccountRow } from '../../projections/account-rows.js';
import type { PageContext } from '../web/pages.js';

// Who is at the other end of a page request: a signed-in dashboard session (a server-side row in the read
// models, known by the keyed hash of an HttpOnly cookie) or an anonymous visitor, and the CSRF token their
// forms carry (double submit, bound to the session or, before sign-in, to a visitor cookie).

declare module 'express-serve-static-core' {
  interface Request {
    /** `signedInNow`: a session began in this request (its page shows Sign out, though the row was read before). */
    portal?: { account: AccountRow | null; sessionHash: string | null; signedInNow?: boolean };
  }
}

export interface SessionDeps {
  db: Queryable;
  /** The keyed hash tokens are stored under (Accounts.tokenHash). */
  tokenHash(token: string): string;
  /** The service's own secret, from which the CSRF secret is derived. */
  secret: string;
  /** Behind https: cookies are Secure and take the __Host- prefix. */
  secure: boolean;
}

export function portalSession(deps: SessionDeps) {
  const name = (base: string) => (deps.secure ? `__Host-${base}` : base);
  const SESSION = name('pvs_session');
  const VISITOR = name('pvs_visitor');
  const cookie = (maxAgeMs?: number): CookieOptions => ({
    httpOnly: true,
    sameSite: 'lax',
    secure: deps.secure,
    path: '/',
    ...(maxAgeMs === undefined ? {} : { maxAge: maxAgeMs }),
  });
  const csrf = doubleCsrf({
    getSecret: () => createHmac('sha256', deps.secret).update('portal csrf').digest('hex'),
    getSessionIdentifier: (req) => String(req.cookies?.[SESSION] ?? req.cookies?.[VISITOR] ?? ''),
    cookieName: name('pvs_csrf'),
    cookieOptions: cookie(),
    getCsrfTokenFromRequest: (req) => (typeof req.body?._csrf === 'string' ? req.body._csrf : undefined),
  });

  /**
   * Reads the session, gives a first-time visitor its cookie, and checks the CSRF token of every POST; after
   * `readCookies`, and after the form parser.
   */
  const middleware: RequestHandler[] = [
    async (req, res, next) => {
      const session = req.cookies?.[SESSION];
      const sessionHash = typeof session === 'string' && session.length <= 64 ? deps.tokenHash(session) : null;
      const account = sessionHash ? await findSession(deps.db, sessionHash) : null;
      req.portal = { account, sessionHash: account ? sessionHash : null };
      if (!req.cookies?.[SESSION] && !req.cookies?.[VISITOR]) {
        const visitor = randomBytes(18).toString('base64url');
        res.cookie(VISITOR, visitor, cookie(365 * 24 * 3600_000));
        req.cookies = { ...req.cookies, [VISITOR]: visitor };
      }
      next();
    },
    csrf.doubleCsrfProtection,
  ];

  return {
    readCookies: cookieParser(),
    middleware,
    /**
     * What the layout needs of this request: the CSRF token for its forms (the visitor's or the session's current
     * one, so that a form open in another tab still works; a new one after sign-in), whether signed in.
     */
    context(req: Request, res: Response): PageContext {
      // Made (and its cookie set) only when a page renders a form: most pages a visitor reads have none.
      let token: string | undefined;
      return {
        get csrfToken() {
          return (token ??= csrf.generateCsrfToken(req, res));
        },
        signedIn: Boolean(req.portal?.account || req.portal?.signedInNow),
        path: req.path,
      };
    },
    /** Starts a session; the CSRF token is bound to it from the next page on. */
    signIn(req: Request, res: Response, session: string, expiresAt: Date) {
      res.cookie(SESSION, session, cookie(expiresAt.getTime() - Date.now()));
      req.cookies = { ...req.cookies, [SESSION]: session };
      req.portal = {
        account: req.portal?.account ?? null,
        sessionHash: req.portal?.sessionHash ?? null,
        signedInNow: true,
      };
    },
    signOut(req: Request, res: Response) {
      res.clearCookie(SESSION, cookie());
      req.portal = { account: null, sessionHash: null };
      const { [SESSION]: _gone, ...rest } = req.cookies ?? {};
      req.cookies = rest;
    },
    isCsrfError: (error: unknown) =>
      error === csrf.invalidCsrfTokenError || (error as { code?: string } | null)?.code === 'EBADCSRFTOKEN',
  };
}

export type PortalSession = ReturnType<typeof portalSession>;
