// /docs: the API reference, drawn in the page by Swagger UI from /openapi.json, and the guides (DESIGN §12).
// Swagger UI's script and stylesheet come from the swagger-ui-dist package and are served by the service, never
// from a CDN; the bundle is large, so it goes out compressed (once, by serve in ../assets.ts).
import { createRequire } from 'node:module';
import { Router } from 'express';
import type { PortalDeps } from '../../portal/deps.js';
import { sendPage } from '../../portal/answers.js';
import { load, serve } from '../assets.js';
import { GUIDES } from './guides.js';
import { guidePage, referencePage } from './pages.js';

const require = createRequire(import.meta.url);

export function docsPages(deps: PortalDeps): Router {
  const router = Router();
  router.get('/docs', (req, res) => sendPage(res, 200, referencePage(deps.session.context(req, res))));
  for (const guide of GUIDES) {
    router.get(guide.path, (req, res) => sendPage(res, 200, guidePage(deps.session.context(req, res), guide)));
  }
  return router;
}

/** The renderer's script and stylesheet, and the page's own; mounted beside /assets. */
docsPages.assets = (): Router => {
  const router = Router();
  const swagger = (file: string) => require.resolve(`swagger-ui-dist/${file}`);
  router.get('/assets/docs/swagger-ui-bundle.js', serve(load(swagger('swagger-ui-bundle.js'), 'text/javascript; charset=utf-8')));
  router.get('/assets/docs/swagger-ui.css', serve(load(swagger('swagger-ui.css'), 'text/css; charset=utf-8')));
  router.get('/assets/docs.css', serve(load('./assets/docs.css', 'text/css; charset=utf-8')));
  router.get('/assets/docs.js', serve(load('./assets/docs.js', 'text/javascript; charset=utf-8')));
  return router;
};
