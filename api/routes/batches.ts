// GET /api/v1/batches/:batch_id: a batch as its read model shows it, to the account and mode that submitted it only.
import type { Router } from 'express';
import { z } from 'zod';
import type { Queryable } from '../../infra/sql/sql.js';
import { findBatch } from '../../projections/batches.js';
import type { GateDeps } from '../middleware/key-gate.js';
import { idParameter, ownedRecordRoutes } from './owned-record.js';

export const BatchIdParams = z.object({ batch_id: idParameter('The batch_id POST /api/v1/verify/batch answered with.') });

export const batchRoutes = (deps: GateDeps & { db: Queryable }): Router =>
  ownedRecordRoutes(deps, '/api/v1/batches/:batch_id', 'batches', BatchIdParams, (id, owner) => findBatch(deps.db, id, owner));
