// The JSON body of the public endpoints. body-parser leaves a body of any other media type unread, which the
// routes would then call "not a JSON object": the developer who sent JSON with `curl -d` (form-encoded by default)
// needs to hear that the header is what is missing, not the object.
import express, { type RequestHandler } from 'express';
import { ApiError } from '../errors.js';

const declaresBody = (headers: Record<string, string | string[] | undefined>) =>
  headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;

/** Refuses a body sent under another Content-Type (or none), naming the header to send. */
export const requireJsonType: RequestHandler = (req, _res, next) => {
  if (req.body !== undefined || !declaresBody(req.headers)) return next();
  const type = req.headers['content-type']?.split(';')[0]?.trim().slice(0, 100);
  next(
    ApiError.of(
      'invalid_request',
      `The request body was sent ${type ? `as ${type}` : 'without a Content-Type'}; send it as JSON with the header Content-Type: application/json (curl: -H 'content-type: application/json').`,
    ),
  );
};

/** express.json with `limit`, then requireJsonType. */
export const jsonBody = (limit: string): RequestHandler[] => [express.json({ limit }), requireJsonType];
