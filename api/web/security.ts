import compression from 'compression';
import type { Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

/**
 * The public pages whose HTML goes out compressed: home, docs and datasets (with the datasets' CSV and JSON).
 * Not the portal's or the dashboard's pages: they carry a CSRF token or show a key beside text a request can put
 * in the page, and compressing a secret next to an attacker's guesses leaks it by the response's length (BREACH).
 */
const COMPRESSED_PAGE = /^\/(?:$|docs(?:\/|$)|datasets(?:\/|$))/;

/**
 * Whether a page response may be compressed: a public page, of a compressible type, for a visitor who is not
 * signed in (a signed-in layout has a sign-out form, and so a CSRF token, on every page).
 */
export function compressiblePage(req: Request, res: Response): boolean {
  const path = (req.originalUrl ?? req.url).split('?', 1)[0]!;
  return COMPRESSED_PAGE.test(path) && !req.portal?.account && compression.filter(req, res);
}

/**
 * The headers of every page for people (docs/architecture.md#pages-for-people): a Content-Security-Policy that allows the service's own
 * scripts, styles and images only (no inline script, no inline style), no framing, same-origin referrers. HSTS
 * and upgrade-insecure-requests only behind https: on http://localhost they would break a local trial. And the
 * public pages' Content-Encoding (compressiblePage): br or gzip, as the browser accepts. The assets are
 * compressed once by their own handler (assets.ts), which this leaves alone.
 */
export function pageHeaders(secure: boolean): RequestHandler {
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: secure ? { maxAge: 31_536_000 } : false,
    xFrameOptions: { action: 'deny' },
  });
  const compress = compression({ filter: compressiblePage });
  return (req, res, next) => headers(req, res, (error?: unknown) => (error ? next(error) : compress(req, res, next)));
}
