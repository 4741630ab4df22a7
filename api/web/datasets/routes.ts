// /datasets and /datasets/{slug}: the catalogue with sparklines and a page per dataset (DESIGN §12). Filled in by issue 17.
import { Router } from 'express';
import type { PortalDeps } from '../../portal/deps.js';

export function datasetPages(_deps: PortalDeps): Router {
  return Router();
}
/** The chart library and the pages' own script and style, served by the service (no CDN); mounted beside /assets. */
datasetPages.assets = (): Router => Router();
