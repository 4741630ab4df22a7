import type { Request } from 'express';

/**
 * The matched route's pattern under the path its router was mounted at (`/api/v1/jobs/:id`), never the path: a
 * path is whatever the caller typed (a policy number, an address). Null when no route matched.
 */
export function routeLabel(req: Request): string | null {
  const route = req.route as { path?: unknown } | undefined;
  return route?.path ? `${req.baseUrl}${String(route.path)}` : null;
}
