import type { RequestHandler } from 'express';
import type { z } from 'zod';
import { isStorableText, unstorablePath } from '../domain/text/storable.js';
import { ApiError } from './errors.js';

/** How a 400 reports what zod found wrong. */
export interface Refusal {
  code: 'invalid_request' | 'invalid_parameter';
  message(issues: z.ZodError['issues']): string;
}

/**
 * A request body (or a query read like one): the first problem, named by its path, or by `what` when it is
 * about the whole input. The client fixes one field at a time, and the message says which.
 */
export const firstProblem = (what = 'request'): Refusal => ({
  code: 'invalid_request',
  message: (issues) => {
    const issue = issues[0]!;
    return `${issue.path.length > 0 ? issue.path.join('.') : what}: ${issue.message}`;
  },
});

/**
 * The datasets' query parameters, whose schemas write messages that name their parameter: every distinct
 * problem once, so a query wrong in two places is answered once.
 */
export const everyProblem: Refusal = {
  code: 'invalid_parameter',
  message: (issues) => [...new Set(issues.map((issue) => issue.message))].join(' '),
};

/** Parses with zod, or answers 400 as `refusal` reports the problems. */
export function parse<T extends z.ZodType>(schema: T, input: unknown, refusal: Refusal = firstProblem()): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw ApiError.of(refusal.code, refusal.message(result.error.issues));
}

/** Text PostgreSQL cannot hold (domain/text/storable.ts), named by its field or parameter. */
export const unstorableField = (field: string, code: 'invalid_request' | 'invalid_parameter' = 'invalid_request') =>
  ApiError.of(code, `${field} holds a NUL character or an unpaired UTF-16 surrogate, which is not valid text.`);

/**
 * After a JSON body parser: a 400 naming the first field that holds text PostgreSQL cannot store (a NUL character
 * or an unpaired surrogate, which JSON can carry as \u escapes), before any handler reads, reserves or records it.
 */
export const refuseUnstorableBody: RequestHandler = (req, _res, next) => {
  const at = req.body === undefined ? null : unstorablePath(req.body);
  if (at !== null) throw unstorableField(at === '' ? 'The request body' : at);
  next();
};

// Paths of the pages for people (api/portal): they answer their own 4xx pages, in HTML.
const PAGE_PATH = /^\/(?:$|portal(?:\/|$)|account(?:\/|$))/;

/**
 * Before every route: a URL whose path or query holds a NUL character (percent-encoded as %00; the HTTP parser
 * refuses a raw one, and percent-decoding never yields an unpaired surrogate) is refused before any handler can
 * look it up. In the path it names nothing that can exist, so 404 not_found, as for any other malformed id or
 * slug; in the query, 400 invalid_parameter naming the parameter. The pages leave theirs to the portal.
 */
export const refuseUnstorableUrl: RequestHandler = (req, _res, next) => {
  const url = req.url;
  if (!url.includes('%00') || PAGE_PATH.test(req.path)) return next();
  const question = url.indexOf('?');
  const path = question === -1 ? url : url.slice(0, question);
  if (path.includes('%00'))
    throw ApiError.of('not_found', 'Nothing can be found at a path that holds a NUL character (%00).');
  for (const [name, value] of Object.entries(req.query as Record<string, unknown>)) {
    const values = Array.isArray(value) ? value : [value];
    if (!isStorableText(name) || values.some((item) => typeof item === 'string' && !isStorableText(item))) {
      throw unstorableField(`Query parameter ${JSON.stringify(name.slice(0, 100))}`, 'invalid_parameter');
    }
  }
  next();
};
