// /api/v1/monitors and the monitor events in the OpenAPI document (docs: "Watching a policy"). The requests are
// the zod schemas the routes parse (api/schemas/monitors.ts); the answers are described here.
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { NOTICE_TYPES, STOP_REASONS } from '../../domain/monitors/notices.js';
import { OBSERVED_FIELDS } from '../../domain/monitors/observation.js';
import { MONITOR_FREQUENCIES } from '../../domain/monitors/schedule.js';
import { STATUS_FILTER } from '../../projections/monitor-record.js';
import { MonitorChangeSchema, MonitorIdParams, MonitorListQuery, MonitorRequestSchema } from '../schemas/monitors.js';
import type { OpenApiContribution } from './contribution.js';
import { errors, json, keyErrors } from './public-api-parts.js';
import { RATE_LIMIT_HEADERS } from './public-responses.js';

const Period = z.object({ start: z.string().meta({ format: 'date' }), end: z.string().meta({ format: 'date' }) });
const Observation = {
  status: z.enum(['active', 'cancelled', 'not_found']),
  insurer: z.string().nullable(),
  period: Period.nullable(),
  vehicle: z.string().nullable().meta({ description: 'The vehicle registration on a motor policy.' }),
};
const ChangeSchema = z
  .object({ field: z.enum(OBSERVED_FIELDS), from: z.string().nullable(), to: z.string().nullable() })
  .meta({ id: 'PolicyChange', description: 'One field that changed; a period reads start/end.' });
const time = (description: string) => z.string().meta({ format: 'date-time', description });

export const MonitorSchema = z
  .object({
    monitor_id: z.string().meta({ example: 'mon_5f0c3b1e9a7d4c2e8b6a1f3d5c7e9b20' }),
    status: z.enum(STATUS_FILTER),
    sandbox: z.boolean().meta({ description: 'Started with a test key: the sandbox’s stories, free.' }),
    request: z
      .object({
        policy_number: z.string().optional(),
        country: z.string().optional(),
        insurance_type: z.string().optional(),
        provider: z.string().optional(),
      })
      .meta({ description: 'The policy watched; empty once erased.' }),
    webhook_url: z.string().nullable().meta({ description: 'Null once erased.' }),
    expiry_notice_days: z.number().int(),
    frequency: z.enum(MONITOR_FREQUENCIES),
    metadata: z.record(z.string(), z.string()),
    created_at: time('When the monitor started.'),
    policy: z
      .object({ ...Observation, as_of: z.string().meta({ format: 'date' }), checked_at: time('When it was seen.') })
      .nullable()
      .meta({ description: 'The policy as last seen; in the POST’s answer, the first check’s result.' }),
    last_check_at: time('The last check (one that saw nothing new is recorded nowhere else).').nullable(),
    next_check_at: time('The next check; null once paused or stopped.').nullable(),
    last_change: z
      .object({ at: time('When it was seen.'), check: z.number().int(), changes: z.array(ChangeSchema) })
      .nullable()
      .meta({ description: 'The last answer that differed from the one before; a renewal lists no change.' }),
    stop_reason: z.enum(STOP_REASONS).nullable(),
    stopped_at: time('When it stopped.').nullable(),
    notices_sent: z.number().int().meta({ description: 'Events its webhook took.' }),
    erased_at: time(
      'When its personal data was erased (retention after its stop, or its account’s closing); null while kept.',
    ).nullable(),
  })
  .meta({ id: 'Monitor' });

const TimelineEntrySchema = z
  .object({
    at: time('When it happened.'),
    type: z.enum([
      'started',
      'observed',
      'charged',
      'erased',
      'notice_due',
      'notice_attempt',
      'notice_sent',
      'notice_resent',
      'paused',
      'resumed',
      'changed',
      'stopped',
    ]),
  })
  .catchall(z.unknown())
  .meta({
    id: 'MonitorTimelineEntry',
    description:
      'observed: a check whose answer differed (check, as_of, observation, changes); notice_due, notice_attempt (attempt, http_status, outcome), notice_sent (delivered, attempts): an event and its delivery; notice_resent (resend_id): the event sent again from the dashboard, whose attempts and end carry that resend_id; changed: a PATCH (settings); stopped: its end (reason).',
  });

const MonitorWithTimelineSchema = MonitorSchema.extend({ timeline: z.array(TimelineEntrySchema) }).meta({
  id: 'MonitorWithTimeline',
});

const MonitorEventSchema = z
  .object({
    id: z.string().meta({ description: 'The same on every attempt: `{monitor_id}.{notice}`.' }),
    type: z.enum(NOTICE_TYPES),
    timestamp: time('When the event occurred.'),
    data: z
      .object({
        monitor_id: z.string(),
        metadata: z.record(z.string(), z.string()),
        policy: z
          .object({ policy_number: z.string(), country: z.string(), insurance_type: z.string() })
          .catchall(z.unknown()),
        changes: z.array(ChangeSchema).optional(),
        period: Period.optional(),
        previous_period: Period.optional(),
        days_left: z.number().int().optional(),
        reason: z.string().optional(),
      })
      .meta({ description: 'The monitor, your metadata, the policy as last seen and what the event says.' }),
  })
  .meta({ id: 'MonitorEvent' });

export const monitorsOpenApi: OpenApiContribution = (registry: OpenAPIRegistry, shared) => {
  const ok = (description: string, schema: z.ZodType) => ({
    description,
    headers: RATE_LIMIT_HEADERS,
    content: json(schema),
  });
  const tags = ['Monitors'];
  const security = shared.requiredKey;
  const notFound = { 404: 'No such monitor for this key (not_found).' };
  const unavailable = { 503: 'The job engine is unreachable (service_unavailable, with Retry-After).' };

  registry.registerPath({
    method: 'post',
    path: '/api/v1/monitors',
    operationId: 'createMonitor',
    summary: 'Watch a policy: re-verified on a schedule, with an event at each change',
    description:
      'Starts the monitor and answers once its first check is in (within about 10 seconds; a registry that does not answer is retried and the answer comes without it). Send an Idempotency-Key to make a retry safe.',
    tags,
    security,
    request: { body: { content: json(MonitorRequestSchema) } },
    responses: {
      201: ok('The monitor, active, with the first check’s result and its next check.', MonitorSchema),
      ...errors(shared, {
        ...keyErrors,
        400: 'Invalid input, named (the verification fields as on POST /api/v1/verify).',
        422: 'invalid_webhook_url or idempotency_conflict.',
        ...unavailable,
      }),
    },
  });

  registry.registerPath({
    method: 'get',
    path: '/api/v1/monitors',
    operationId: 'listMonitors',
    summary: 'The monitors of this key’s account and mode, newest first',
    tags,
    security,
    request: { query: MonitorListQuery },
    responses: {
      200: ok(
        'A page of monitors.',
        z.object({
          monitors: z.array(MonitorSchema),
          count: z.number().int().meta({ description: 'How many match, in all.' }),
          limit: z.number().int(),
          offset: z.number().int(),
        }),
      ),
      ...errors(shared, { ...keyErrors, 400: 'A bad parameter (invalid_parameter).' }),
    },
  });

  registry.registerPath({
    method: 'get',
    path: '/api/v1/monitors/{monitor_id}',
    operationId: 'getMonitor',
    summary: 'A monitor and its timeline',
    tags,
    security,
    request: { params: MonitorIdParams },
    responses: {
      200: ok(
        'The monitor, and each check’s news, each event and its delivery, oldest first.',
        MonitorWithTimelineSchema,
      ),
      ...errors(shared, { ...keyErrors, ...notFound }),
    },
  });

  registry.registerPath({
    method: 'patch',
    path: '/api/v1/monitors/{monitor_id}',
    operationId: 'updateMonitor',
    summary: 'Change where and how a monitor’s events are sent',
    description: 'The next event goes by the new settings; a new frequency counts its first interval from now.',
    tags,
    security,
    request: { params: MonitorIdParams, body: { content: json(MonitorChangeSchema) } },
    responses: {
      200: ok('The monitor with its new settings.', MonitorSchema),
      ...errors(shared, {
        ...keyErrors,
        400: 'Invalid input.',
        ...notFound,
        409: 'The monitor has stopped (monitor_stopped).',
        422: 'invalid_webhook_url.',
        ...unavailable,
      }),
    },
  });

  registry.registerPath({
    method: 'delete',
    path: '/api/v1/monitors/{monitor_id}',
    operationId: 'deleteMonitor',
    summary: 'Stop a monitor',
    description: 'Its last event is monitor.stopped (reason deleted). Stopping a stopped monitor answers it as it is.',
    tags,
    security,
    request: { params: MonitorIdParams },
    responses: {
      200: ok('The monitor, stopped.', MonitorSchema),
      202: ok('The stop is under way (a check was finishing); the monitor as it stands.', MonitorSchema),
      ...errors(shared, { ...keyErrors, ...notFound, ...unavailable }),
    },
  });

  const signature = { description: 'Standard Webhooks header.', schema: { type: 'string' as const } };
  registry.registerWebhook({
    method: 'post',
    path: 'monitorEvent',
    operationId: 'monitorEventWebhook',
    summary:
      'A monitor’s event: policy.changed, policy.expiring, policy.expired, policy.renewed, monitor.paused, monitor.stopped (Standard Webhooks signed; test keys get them too)',
    security: [],
    request: {
      headers: z.object({ 'webhook-id': z.string(), 'webhook-timestamp': z.string(), 'webhook-signature': z.string() }),
      body: { content: json(MonitorEventSchema) },
    },
    responses: { 200: { description: 'Any 2xx acknowledges the delivery.', headers: { 'webhook-id': signature } } },
  });
};
