// The requests of /api/v1/monitors (docs: "Watching a policy"): a monitor's body is a verification request (the
// very schema POST /api/v1/verify parses) and its settings; a PATCH carries settings only. These schemas validate
// the requests and, through api/openapi/monitors-api.ts, document them.
import { z } from 'zod';
import {
  DEFAULT_EXPIRY_NOTICE_DAYS,
  LIVE_FREQUENCIES,
  MAX_EXPIRY_NOTICE_DAYS,
  MONITOR_FREQUENCIES,
} from '../../domain/monitors/schedule.js';
import { STATUS_FILTER } from '../../projections/monitor-record.js';
import { ApiError } from '../errors.js';
import { firstProblem, parse } from '../validation.js';
import { queryInteger } from './query-integer.js';
import { isPlainObject, VerificationRequestSchema } from './verification.js';

export const MAX_METADATA_PAIRS = 20;
export const MAX_METADATA_KEY = 40;
export const MAX_METADATA_VALUE = 200;

const webhookUrl = z
  .string({ error: 'webhook_url must be a string holding an https URL.' })
  .max(2048, { error: 'webhook_url must be at most 2048 characters.' })
  .meta({ format: 'uri', description: 'The https URL each of the monitor’s events is sent to, signed.' });

const noticeDays = z
  .number({ error: `expiry_notice_days must be a whole number from 0 to ${MAX_EXPIRY_NOTICE_DAYS}.` })
  .int({ error: `expiry_notice_days must be a whole number from 0 to ${MAX_EXPIRY_NOTICE_DAYS}.` })
  .min(0, { error: `expiry_notice_days must be a whole number from 0 to ${MAX_EXPIRY_NOTICE_DAYS}.` })
  .max(MAX_EXPIRY_NOTICE_DAYS, {
    error: `expiry_notice_days must be a whole number from 0 to ${MAX_EXPIRY_NOTICE_DAYS}.`,
  })
  .meta({
    description: `Days before the policy's end that policy.expiring is sent; 0 to ${MAX_EXPIRY_NOTICE_DAYS}, default ${DEFAULT_EXPIRY_NOTICE_DAYS}.`,
    example: 30,
  });

const frequency = z
  .enum(MONITOR_FREQUENCIES, { error: `frequency must be one of ${MONITOR_FREQUENCIES.join(', ')}.` })
  .meta({ description: 'How often the policy is checked: daily or weekly; test keys may also ask for minutely.' });

const metadata = z
  .record(
    z
      .string()
      .min(1, { error: 'metadata keys must not be empty.' })
      .max(MAX_METADATA_KEY, { error: `metadata keys must be at most ${MAX_METADATA_KEY} characters.` }),
    z
      .string({ error: 'metadata values must be strings.' })
      .max(MAX_METADATA_VALUE, { error: `metadata values must be at most ${MAX_METADATA_VALUE} characters.` }),
    { error: 'metadata must be an object of string values.' },
  )
  .refine((pairs) => Object.keys(pairs).length <= MAX_METADATA_PAIRS, {
    error: `metadata holds at most ${MAX_METADATA_PAIRS} pairs.`,
  })
  .meta({
    description: `Up to ${MAX_METADATA_PAIRS} pairs of your own (keys up to ${MAX_METADATA_KEY} characters, values up to ${MAX_METADATA_VALUE}), returned on every event.`,
    example: { loan_id: 'L-1042' },
  });

/** The settings of a monitor: what a POST may give besides the policy, and what a PATCH may change. */
const settings = { webhook_url: webhookUrl, expiry_notice_days: noticeDays, frequency, metadata };

/** POST /api/v1/monitors: the policy as POST /api/v1/verify takes it, and the monitor's settings. */
export const MonitorRequestSchema = VerificationRequestSchema.extend({
  webhook_url: settings.webhook_url,
  expiry_notice_days: settings.expiry_notice_days.optional(),
  frequency: settings.frequency.optional().meta({ description: 'Default daily.' }),
  metadata: settings.metadata.optional(),
}).meta({ id: 'MonitorRequest', description: 'A policy to watch, and where and how its events are sent.' });

const SettingsSchema = z.object({
  webhook_url: settings.webhook_url,
  expiry_notice_days: settings.expiry_notice_days.default(DEFAULT_EXPIRY_NOTICE_DAYS),
  frequency: settings.frequency.default('daily'),
  metadata: settings.metadata.default({}),
});

/** PATCH /api/v1/monitors/{monitor_id}: any of the settings, at least one. */
export const MonitorChangeSchema = z
  .object({
    webhook_url: settings.webhook_url.optional(),
    expiry_notice_days: settings.expiry_notice_days.optional(),
    frequency: settings.frequency.optional(),
    metadata: settings.metadata.optional(),
  })
  .strict()
  .refine((change) => Object.keys(change).length > 0, {
    error: 'Give at least one of webhook_url, expiry_notice_days, frequency, metadata.',
  })
  .meta({ id: 'MonitorChange', description: 'The settings to change; those not given stay as they are.' });

export const SETTING_FIELDS = Object.keys(settings);

export type MonitorSettingsInput = z.infer<typeof SettingsSchema>;

/** A live key's monitor is checked daily or weekly; `minutely` is the sandbox's, for its stories. */
function checkFrequency(value: string | undefined, mode: string): void {
  if (value && mode !== 'test' && !LIVE_FREQUENCIES.includes(value as never)) {
    throw ApiError.of('invalid_request', `frequency ${value} is for test keys only; use daily or weekly.`);
  }
}

/** The settings of a POST's body (the policy is read by readVerificationRequest): 400 on the first problem. */
export function readMonitorSettings(body: unknown, mode: string): MonitorSettingsInput {
  const given = isPlainObject(body) ? body : {};
  if (given.webhook_url === undefined || given.webhook_url === null || given.webhook_url === '')
    throw ApiError.of('missing_required_field', 'Required fields missing: webhook_url');
  const read = parse(
    SettingsSchema,
    Object.fromEntries(SETTING_FIELDS.filter((k) => given[k] !== undefined).map((k) => [k, given[k]])),
    firstProblem(),
  );
  checkFrequency(read.frequency, mode);
  return read;
}

/** A PATCH's body: 400 on an unknown field, an empty change or the first bad value. */
export function readMonitorChange(body: unknown, mode: string): z.infer<typeof MonitorChangeSchema> {
  if (!isPlainObject(body)) throw ApiError.of('invalid_request', 'The request body must be a JSON object.');
  const change = parse(MonitorChangeSchema, body, firstProblem());
  checkFrequency(change.frequency, mode);
  return change;
}

const MONITOR_ID = /^mon_[0-9a-f]{32}$/;

export const MonitorIdParams = z.object({
  monitor_id: z
    .string()
    .refine((id) => MONITOR_ID.test(id))
    .meta({ description: 'The monitor_id its POST answered with.', example: 'mon_5f0c3b1e9a7d4c2e8b6a1f3d5c7e9b20' }),
});

/** Whether a path's id can name a monitor: anything else is a 404 before any read. */
export const isMonitorId = (id: string) => MONITOR_ID.test(id);

/** GET /api/v1/monitors: paged like GET /api/v1/datasets, newest first, optionally of one status. */
export const MonitorListQuery = z.object({
  status: z
    .enum(STATUS_FILTER, { error: `status must be one of ${STATUS_FILTER.join(', ')}.` })
    .optional()
    .meta({ description: 'Only monitors in this status.' }),
  limit: queryInteger('limit', 1, 100, 50),
  offset: queryInteger('offset', 0, 1_000_000, 0),
});
