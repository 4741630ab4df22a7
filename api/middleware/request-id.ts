import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

declare module 'express-serve-static-core' {
  interface Request {
    id: string;
  }
}

const SAFE = /^[A-Za-z0-9._-]{8,64}$/;

// Unique without a random draw per request: this process's random id and a counter, UUID-shaped.
const boot = randomUUID().slice(0, 23);
let counter = 0;
const nextId = () => `${boot}-${(counter++).toString(16).padStart(12, '0')}`;

/** Every response carries X-Request-Id: the caller's, when it looks like an id, else a new one. */
export function requestId(req: Request, res: Response, next: NextFunction): void {
  const incoming = req.get('x-request-id');
  req.id = incoming && SAFE.test(incoming) ? incoming : nextId();
  res.setHeader('X-Request-Id', req.id);
  next();
}
