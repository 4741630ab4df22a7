import { v5 as uuidv5 } from 'uuid';

// Our own namespace for name-based event ids (a fixed random UUID).
const NAMESPACE = '3f6d1c9e-5a7b-4c2d-9e8f-1a2b3c4d5e6f';

/**
 * A deterministic event id for an append that may run more than once (an activity retried by Temporal, a
 * request retried by a client): the same parts always give the same id, so the store writes it once.
 */
export const eventIdFor = (...parts: (string | number)[]): string => uuidv5(parts.join('\u001f'), NAMESPACE);
