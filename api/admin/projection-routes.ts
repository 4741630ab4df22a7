import express, { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { parsePosition, type EventStore } from '../../infra/eventstore/types.js';
import type { Sql } from '../../infra/sql/sql.js';
import { listParked, projectionStatuses, replayParked } from '../../projections/parked.js';
import type { Projection } from '../../projections/projection.js';
import { ApiError } from '../errors.js';
import { parse } from '../validation.js';

export interface ProjectionAdminDeps {
  requireAdmin: RequestHandler;
  sql: Sql;
  events: EventStore;
  projections: readonly Projection[];
}

const replay = z.object({
  position: z
    .string()
    .regex(/^\d+\/\d+$/, 'a feed position, as listed: <hi>/<lo>')
    .optional(),
});

/**
 * The read models as an operator sees them (`npm run admin -- projections …`): where each stands, the events
 * parked, and the replay of those once their cause is fixed (docs/architecture.md#the-read-side).
 */
export function projectionRoutes(deps: ProjectionAdminDeps): Router {
  const router = Router();
  router.use('/admin/projections', deps.requireAdmin, express.json({ limit: '4kb' }));
  const named = (name: string) => {
    const projection = deps.projections.find((p) => p.name === name);
    if (!projection)
      throw ApiError.of(
        'not_found',
        `No projection ${name}; known: ${deps.projections.map((p) => p.name).join(', ')}.`,
      );
    return projection;
  };

  router.get('/admin/projections', async (_req, res) => {
    res.json({ projections: await projectionStatuses(deps.sql, deps.projections) });
  });

  router.get('/admin/projections/parked', async (req, res) => {
    const name = typeof req.query.projection === 'string' ? named(req.query.projection).name : undefined;
    res.json({ parked: await listParked(deps.sql, name) });
  });

  router.post('/admin/projections/:name/replay', async (req, res) => {
    const projection = named(req.params.name as string);
    const body = parse(replay, req.body ?? {});
    const outcome = await replayParked(deps, projection, body.position ? parsePosition(body.position) : undefined);
    res.json({ projection: projection.name, ...outcome });
  });

  return router;
}
