// /docs: the API reference, drawn on the server from the service's own OpenAPI document, and the guides
// (docs/architecture.md#pages-for-people). The reference is a page like the others: no renderer in the browser, one small script for search, the
// samples' language tabs and the reader's test key.
import { Router } from 'express';
import { buildOpenApiDocument } from '../../openapi.js';
import type { PageDeps } from '../../portal/deps.js';
import { sendPage } from '../../portal/answers.js';
import { load, serve } from '../assets.js';
import { ALL_GUIDES } from './library.js';
import { operationsOf, type Operation } from './openapi-view.js';
import { guidePage, referencePage } from './pages.js';

let operations: Operation[] | null = null;

export function docsPages(deps: PageDeps): Router {
  const router = Router();
  router.get('/docs', (req, res) => {
    operations ??= operationsOf(buildOpenApiDocument() as unknown as Record<string, unknown>);
    const query = typeof req.query.q === 'string' ? req.query.q.trim().slice(0, 100) : '';
    sendPage(res, 200, referencePage(deps.session.context(req, res), { operations, query, baseUrl: deps.baseUrl }));
  });
  for (const guide of ALL_GUIDES) {
    router.get(guide.path, (req, res) =>
      sendPage(res, 200, guidePage(deps.session.context(req, res), guide, deps.baseUrl)),
    );
  }
  return router;
}

/** The page's own stylesheet and script; mounted beside /assets. */
docsPages.assets = (): Router => {
  const router = Router();
  router.get('/assets/docs.css', serve(load('./assets/docs.css', 'text/css; charset=utf-8')));
  router.get('/assets/docs.js', serve(load('./assets/docs.js', 'text/javascript; charset=utf-8')));
  return router;
};
