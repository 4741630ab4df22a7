import helmet from 'helmet';

/**
 * The headers of every page for people (DESIGN §12): a Content-Security-Policy that allows the service's own
 * scripts, styles and images only (no inline script, no inline style), no framing, same-origin referrers. HSTS
 * and upgrade-insecure-requests only behind https: on http://localhost they would break a local trial.
 */
export function pageHeaders(secure: boolean) {
  return helmet({
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
}
