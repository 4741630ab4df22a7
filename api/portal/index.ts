import express, { Router, type ErrorRequestHandler, type Request, type Response } from 'express';
import { assetRoutes } from '../web/assets.js';
import { datasetPages } from '../web/datasets/routes.js';
import { docsPages } from '../web/docs/routes.js';
import { errorPage, homePage } from '../web/pages.js';
import { pageHeaders } from '../web/security.js';
import { accountRoutes } from './account-routes.js';
import type { PortalDeps } from './deps.js';
import { PortalLimits } from './limits.js';
import { portalRoutes } from './portal-routes.js';
import { sendPage } from './answers.js';

export type { PortalDeps } from './deps.js';
export { portalSession } from './session.js';

const PAGE_PATH = /^\/(?:$|portal(?:\/|$)|account(?:\/|$)|docs(?:\/|$)|datasets(?:\/|$))/;

/**
 * The pages for people: home, portal, dashboard, and their assets. Mounted after the API's routers, and only on
 * their own paths, so an API request never meets a cookie parser, a form parser or a CSP.
 */
export function webRoutes(deps: PortalDeps & { secure: boolean; secret: string }): Router {
  const router = Router();
  const headers = pageHeaders(deps.secure);
  const limits = new PortalLimits(deps.limits, deps.secret);
  const pages = Router();
  // Cookies are read before the form: a form the parser refuses (413) still gets its error page, which needs them.
  pages.use(
    headers,
    deps.session.readCookies,
    express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 20 }),
    ...deps.session.middleware,
  );
  pages.get('/', (req, res) => sendPage(res, 200, homePage(deps.session.context(req, res))));
  pages.use(portalRoutes(deps, limits), accountRoutes(deps, limits), docsPages(deps), datasetPages(deps));
  pages.use((req: Request, res: Response) => {
    sendPage(
      res,
      404,
      errorPage(deps.session.context(req, res), {
        status: 404,
        title: 'Page not found',
        message: `There is no page at ${req.path}.`,
      }),
    );
  });
  const failed: ErrorRequestHandler = (error, req, res, _next) => {
    const ctx = () => deps.session.context(req, res);
    if (deps.session.isCsrfError(error)) {
      return sendPage(
        res,
        403,
        errorPage(ctx(), {
          status: 403,
          title: 'This form has expired',
          message: 'Go back, reload the page and send the form again.',
        }),
      );
    }
    const status = (error as { status?: number }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return sendPage(
        res,
        status,
        errorPage(ctx(), { status, title: 'This request could not be read', message: 'Go back and try again.' }),
      );
    }
    // Never the error itself: portal errors may carry an address (a mail server's refusal names its recipient).
    deps.logger.error(
      { request_id: req.id, path: req.path, error: (error as Error)?.name ?? 'unknown' },
      'page failed',
    );
    sendPage(
      res,
      500,
      errorPage(ctx(), { status: 500, title: 'Something went wrong', message: 'Please try again in a moment.' }),
    );
  };
  pages.use(failed);
  router.use('/assets', headers);
  router.use(assetRoutes(), docsPages.assets(), datasetPages.assets());
  router.use((req, res, next) => (PAGE_PATH.test(req.path) ? pages(req, res, next) : next()));
  return router;
}
