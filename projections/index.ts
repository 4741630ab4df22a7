import type { Projection } from './runner.js';

/** Every read model the service keeps, one module each. */
export const allProjections: readonly Projection[] = [];
