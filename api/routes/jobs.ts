// GET /api/v1/jobs/:job_id: a job as its read model shows it, to the account and mode that submitted it only.
import type { Router } from 'express';
import { z } from 'zod';
import type { Queryable } from '../../infra/sql/sql.js';
import { findJob } from '../../projections/jobs.js';
import type { GateDeps } from '../middleware/key-gate.js';
import { idParameter, ownedRecordRoutes } from './owned-record.js';

export const JobIdParams = z.object({ job_id: idParameter('The job_id a submission answered with.') });

export const jobRoutes = (deps: GateDeps & { db: Queryable }): Router =>
  ownedRecordRoutes(deps, '/api/v1/jobs/:job_id', 'jobs', JobIdParams, (id, owner) => findJob(deps.db, id, owner));
