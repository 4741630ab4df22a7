// GET /admin/extraction/corrections?since=YYYY-MM-DD (`npx pvs-admin extraction corrections`, issue 56): the
// corrected extractions as training examples, one JSON line each, written as they are read. Without the text of
// accounts that have not allowed it (application/jobs/training-export.ts).
import { Router } from 'express';
import { correctionExamples } from '../../application/jobs/training-export.js';
import { dateError, isIsoDate } from '../../domain/datasets/dates.js';
import { ApiError } from '../errors.js';
import type { AdminDeps } from './deps.js';

export function extractionAdminRoutes(deps: AdminDeps): Router {
  const router = Router();
  router.get('/admin/extraction/corrections', async (req, res) => {
    const since = req.query.since;
    if (typeof since !== 'string' || !isIsoDate(since)) throw ApiError.of('invalid_parameter', dateError('since'));
    const textAccounts = new Set(deps.trainingTextAccounts ?? []);
    res.type('application/x-ndjson');
    for await (const line of correctionExamples(deps.db, new Date(`${since}T00:00:00Z`), textAccounts)) {
      if (!res.write(line)) await new Promise((resolve) => res.once('drain', resolve));
    }
    res.end();
  });
  return router;
}
