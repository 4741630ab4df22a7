// What GET /api/v1/jobs/:job_id and GET /api/v1/batches/:batch_id share: the id in the path and the look-up of
// a record its caller may see.
import { Router } from 'express';
import { z } from 'zod';
import type { Scope } from '../../domain/accounts/keys.js';
import { ApiError } from '../errors.js';
import type { Principal } from '../middleware/auth.js';
import { keyGate, type GateDeps } from '../middleware/key-gate.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A job or batch id as the routes read it: a UUID, in either case. Anything else names nothing that can exist,
 * so it is answered 404 not_found before any query.
 */
export const idParameter = (description: string) =>
  z
    .string()
    .refine((id) => UUID.test(id))
    .meta({ format: 'uuid', description, example: '0b6f8f8e-3c55-4a6e-9d51-6f2f7c1e5a10' });

/** The record as its owner sees it: another account's, or the other mode's, is null. */
type FindOwned = (id: string, owner: Principal) => Promise<object | null>;

/** GET `path`, which ends in its id parameter (`:job_id`): the record, or 404 `No job {id}.` */
export function ownedRecordRoutes(
  deps: GateDeps,
  path: string,
  scope: Scope,
  params: z.ZodType,
  find: FindOwned,
): Router {
  const router = Router();
  const param = path.slice(path.lastIndexOf(':') + 1);
  const noun = param.replace(/_id$/, '');
  router.get(path, keyGate(deps, scope), async (req, res) => {
    const id = String(req.params[param]);
    const record = params.safeParse(req.params).success ? await find(id.toLowerCase(), req.principal!) : null;
    if (!record) throw ApiError.of('not_found', `No ${noun} ${id}.`);
    res.json(record);
  });
  return router;
}
