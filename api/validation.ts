import type { z } from 'zod';
import { ApiError } from './errors.js';

/** Parses with zod or answers 400 with the first problem, named by its path. */
export function parse<T extends z.ZodType>(schema: T, input: unknown, what = 'request'): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const where = issue.path.length > 0 ? issue.path.join('.') : what;
  throw ApiError.of('invalid_request', `${where}: ${issue.message}`);
}
