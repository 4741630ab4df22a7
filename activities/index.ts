import type { ServiceContext } from '../bin/service.js';

/**
 * Every activity the worker runs, bound to the service's engines. Workflows import only the *type* of this
 * object (`typeof Activities`), never the module, so their bundle stays free of I/O.
 */
export function createActivities(_context: ServiceContext) {
  return {};
}

export type Activities = ReturnType<typeof createActivities>;
