// What a receiver's answer means for the callback: done, try again later, or give up.

export type ResponseClass = 'delivered' | 'retryable' | 'permanent';

// 408 timeout, 409 conflict, 425 too early and 429 too many requests describe a moment, not the request:
// the same callback may well succeed later. Other 4xx will fail the same way every time.
const RETRYABLE_CLIENT_ERRORS = new Set([408, 409, 425, 429]);

export function classifyStatus(status: number): ResponseClass {
  if (status >= 200 && status <= 299) return 'delivered';
  if (RETRYABLE_CLIENT_ERRORS.has(status) || (status >= 500 && status <= 599)) return 'retryable';
  // Redirects are not followed (the target would escape the address check), and anything outside the
  // standard ranges is not an answer we can act on.
  return 'permanent';
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTH = `(${MONTHS.join('|')})`;
const TIME = '(\\d{2}):(\\d{2}):(\\d{2})';
// The three HTTP-date forms RFC 9110 §5.6.7 obliges a recipient to accept.
const IMF_FIXDATE = new RegExp(`^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\\d{2}) ${MONTH} (\\d{4}) ${TIME} GMT$`);
const RFC850 = new RegExp(
  `^(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), (\\d{2})-${MONTH}-(\\d{2}) ${TIME} GMT$`,
);
const ASCTIME = new RegExp(`^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) ${MONTH} ([ \\d]\\d) ${TIME} (\\d{4})$`);

function utc(year: number, month: string, day: number, hour: number, minute: number, second: number): number | null {
  const monthIndex = MONTHS.indexOf(month);
  const time = Date.UTC(year, monthIndex, day, hour, minute, second);
  const date = new Date(time);
  // Date.UTC rolls 31 Feb over into March; a date that does not survive the round trip is not a date.
  const exact =
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === monthIndex &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second;
  return exact ? time : null;
}

/** Milliseconds since the epoch for an HTTP-date, or null. */
export function parseHttpDate(value: string, now: Date): number | null {
  let match = IMF_FIXDATE.exec(value);
  if (match) {
    const [, day, month, year, h, m, s] = match;
    return utc(Number(year), month!, Number(day), Number(h), Number(m), Number(s));
  }
  match = RFC850.exec(value);
  if (match) {
    const [, day, month, yy, h, m, s] = match;
    // Two-digit years: a year more than 50 years ahead means the most recent past year with those digits.
    let year = Math.floor(now.getUTCFullYear() / 100) * 100 + Number(yy);
    if (year > now.getUTCFullYear() + 50) year -= 100;
    return utc(year, month!, Number(day), Number(h), Number(m), Number(s));
  }
  match = ASCTIME.exec(value);
  if (match) {
    const [, month, day, h, m, s, year] = match;
    return utc(Number(year), month!, Number(day!.trim()), Number(h), Number(m), Number(s));
  }
  return null;
}

/**
 * Seconds to wait from a Retry-After header (delta-seconds or an HTTP-date), or null when absent or unreadable.
 * A date in the past means "now" (0).
 */
export function parseRetryAfter(value: string | null | undefined, now: Date): number | null {
  if (value === null || value === undefined) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) {
    const seconds = Number(text);
    return Number.isSafeInteger(seconds) ? seconds : Number.MAX_SAFE_INTEGER;
  }
  const at = parseHttpDate(text, now);
  if (at === null) return null;
  return Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}

/**
 * The failure type of a callback attempt the receiver may accept later. The attempt logs its own one line (job,
 * status, next try); the worker keeps the Temporal SDK's "Activity failed" warning for it at debug, where its stack
 * and task token help no one.
 */
export const WEBHOOK_RETRYABLE = 'webhook_retryable';

/** How the retry policy spaces attempts: the first interval, doubled (by `coefficient`) up to `maximumMs`. */
export interface RetrySpacing {
  initialMs: number;
  coefficient: number;
  maximumMs: number;
}

/**
 * Seconds until the attempt after `attempt` (1 for the first): the receiver's Retry-After when it gave one,
 * else the policy's interval, as Temporal computes it.
 */
export function nextTrySeconds(attempt: number, spacing: RetrySpacing, retryAfterSeconds: number | null): number {
  if (retryAfterSeconds !== null) return retryAfterSeconds;
  const ms = Math.min(spacing.initialMs * spacing.coefficient ** Math.max(0, attempt - 1), spacing.maximumMs);
  return Math.round(ms / 1000);
}
