// GET /api/v1/batches/:batch_id: a batch as its read model shows it, or folded from its events while the read
// model lags (a poll right after a 202 never gets a 404), to the account and mode that submitted it only.
import type { Router } from 'express';
import { z } from 'zod';
import type { BatchReader } from '../../projections/readers/jobs.js';
import type { GateDeps } from '../middleware/key-gate.js';
import { idParameter, ownedRecordRoutes } from './owned-record.js';

export const BatchIdParams = z.object({
  batch_id: idParameter('The batch_id POST /api/v1/verify/batch answered with.'),
});

export const batchRoutes = (deps: GateDeps & { batches: BatchReader }): Router =>
  ownedRecordRoutes(deps, '/api/v1/batches/:batch_id', 'batches', BatchIdParams, (id, owner) =>
    deps.batches.get(id, owner),
  );
