// /docs: the API reference rendered from /openapi.json, and the guides (DESIGN §12). Filled in by issue 17.
import { Router } from 'express';
import type { PortalDeps } from '../../portal/deps.js';

export function docsPages(_deps: PortalDeps): Router {
  return Router();
}
/** The renderer's scripts and styles, served from npm by the service (no CDN); mounted beside /assets. */
docsPages.assets = (): Router => Router();
