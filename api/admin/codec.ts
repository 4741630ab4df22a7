import express, { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import type { Payload } from '@temporalio/common';
import { PayloadKeyError, type AesGcmPayloadCodec } from '../../infra/temporal/payload-codec.js';
import { ApiError } from '../errors.js';
import { parse } from '../validation.js';

// The codec server of the Temporal UI's remote-codec protocol (POST {endpoint}/encode and /decode, payloads in
// proto3 JSON: metadata values and data in base64), so that an operator reads sealed histories in the UI or with
// `temporal workflow show --codec-endpoint`. Sealed payloads are personal data: only the admin token opens them.
// A payload whose job's or batch's data key is gone is answered as `{"erased":true,"stream":…}` (json/plain), so
// the UI shows the rest of the history with that in its place (README, "Reading workflow payloads").

export interface CodecDeps {
  /** Encodes without a workflow (the global key: the request names none); decodes as `displayable`. */
  codec: Pick<AesGcmPayloadCodec, 'encode' | 'displayable'>;
  /** The admin token check (api/admin/routes.ts requireAdmin). */
  requireAdmin: RequestHandler;
  /** Origins whose browsers may call (CORS): the Temporal UI's (TEMPORAL_UI_ORIGIN, the dev server's UI). */
  corsOrigins: readonly string[];
  /**
   * Under `npm run dev` only: the UI of the dev server the service runs itself, bound to loopback. A browser
   * request from it, whose connection comes from a loopback address, needs no token, so the local UI decodes
   * with no set-up. Never set in production: an Origin header is only a browser's word.
   */
  trustedOrigins: readonly string[];
}

const base64 = z
  .string()
  .max(10_000_000)
  .regex(/^[A-Za-z0-9+/_-]*={0,2}$/, { message: 'must be base64' });
const payloadsBody = z.object({
  payloads: z
    .array(z.object({ metadata: z.record(z.string(), base64).optional(), data: base64.optional() }))
    .max(10_000),
});

const fromJson = (p: z.infer<typeof payloadsBody>['payloads'][number]): Payload => ({
  metadata: Object.fromEntries(Object.entries(p.metadata ?? {}).map(([k, v]) => [k, Buffer.from(v, 'base64')])),
  data: Buffer.from(p.data ?? '', 'base64'),
});

const toJson = (p: Payload) => ({
  metadata: Object.fromEntries(
    Object.entries(p.metadata ?? {}).map(([k, v]) => [k, Buffer.from(v ?? new Uint8Array()).toString('base64')]),
  ),
  data: Buffer.from(p.data ?? new Uint8Array()).toString('base64'),
});

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.replace(/^::ffff:/i, '');
  return /^127\./.test(v4) || address === '::1';
}

export function codecRoutes(deps: CodecDeps): Router {
  const router = Router();
  const cors: RequestHandler = (req, res, next) => {
    const origin = req.get('origin');
    if (origin && deps.corsOrigins.includes(origin)) {
      res.set({
        'Access-Control-Allow-Origin': origin,
        'Access-Control-Allow-Credentials': 'true',
        'Access-Control-Allow-Methods': 'POST',
        'Access-Control-Allow-Headers': 'authorization, content-type, x-namespace',
        'Access-Control-Max-Age': '600',
      });
    }
    res.vary('Origin');
    if (req.method === 'OPTIONS') {
      res.status(204).end();
      return;
    }
    next();
  };
  const gate: RequestHandler = (req, res, next) => {
    // The Origin header is only a browser's word, so it counts only from this machine: the socket's own peer,
    // never an address a proxy header claims.
    const origin = req.get('origin');
    if (origin && deps.trustedOrigins.includes(origin) && isLoopback(req.socket.remoteAddress)) {
      next();
      return;
    }
    deps.requireAdmin(req, res, next);
  };
  const handle =
    (step: 'encode' | 'decode'): RequestHandler =>
    async (req, res) => {
      const body = parse(payloadsBody, req.body);
      let payloads: Payload[];
      try {
        const given = body.payloads.map(fromJson);
        payloads = step === 'encode' ? await deps.codec.encode(given) : await deps.codec.displayable(given);
      } catch (error) {
        // A payload sealed with a key no longer configured, or altered: the caller's input, not our failure.
        if (error instanceof PayloadKeyError || (error instanceof Error && /auth|decrypt/i.test(error.message))) {
          throw ApiError.of(
            'invalid_request',
            `A payload could not be ${step}d: ${error instanceof PayloadKeyError ? error.message : 'it does not open with any key'}.`,
          );
        }
        throw error;
      }
      res.json({ payloads: payloads.map(toJson) });
    };
  router.use('/codec', cors, gate, express.json({ limit: '12mb' }));
  router.post('/codec/encode', handle('encode'));
  router.post('/codec/decode', handle('decode'));
  return router;
}
