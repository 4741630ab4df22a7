// GET /api/v1/jobs/:job_id: a job as its read model shows it, to the account and mode that submitted it only.
import type { Router } from 'express';
import { z } from 'zod';
import type { JobReader } from '../../projections/readers/jobs.js';
import type { GateDeps } from '../middleware/key-gate.js';
import { idParameter, ownedRecordRoutes } from './owned-record.js';

export const JobIdParams = z.object({ job_id: idParameter('The job_id a submission answered with.') });

/**
 * A job its submission answered for is found even while the read model lags behind its admission: the record is
 * then folded from the job's own events (a poll right after a 202 never gets a 404).
 */
export const jobRoutes = (deps: GateDeps & { jobs: JobReader }): Router =>
  ownedRecordRoutes(deps, '/api/v1/jobs/:job_id', 'jobs', JobIdParams, (id, owner) => deps.jobs.get(id, owner));
