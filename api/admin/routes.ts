// The operator's API under /admin (docs/architecture.md#portal-and-admin); `npm run admin` is its client. Its routes
// by what they serve: accounts (account-routes.ts) and the ledger (ledger-routes.ts).
import express, { Router } from 'express';
import { refuseUnstorableBody } from '../validation.js';
import { accountAdminRoutes } from './account-routes.js';
import type { AdminDeps } from './deps.js';
import { ledgerAdminRoutes } from './ledger-routes.js';
import { extractionAdminRoutes } from './extraction-routes.js';

export type { AdminDeps } from './deps.js';

export function adminRoutes(deps: AdminDeps): Router {
  const router = Router();
  router.use('/admin', deps.requireAdmin, express.json({ limit: '16kb' }), refuseUnstorableBody);
  router.use(accountAdminRoutes(deps));
  router.use(ledgerAdminRoutes(deps));
  router.use(extractionAdminRoutes(deps));
  return router;
}
