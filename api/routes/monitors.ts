// /api/v1/monitors (docs: "Watching a policy"): a policy watched by a workflow of its own (workflows/monitor.ts),
// started through the start facade (application/monitors/start.ts) and answered once its first check is in;
// read from the monitors read model through its reader; changed as the workflow's validated update and stopped
// as its cancellation (application/monitors/manage.ts). Another account's monitor, or the other mode's, is a 404.
import { randomUUID } from 'node:crypto';
import { Router, type Request } from 'express';
import {
  changeMonitorSettings,
  MonitorStoppedError,
  stopMonitorByClient,
  untilRecorded,
  type MonitorManageDeps,
} from '../../application/monitors/manage.js';
import { startMonitor, type MonitorStartDeps } from '../../application/monitors/start.js';
import { isDomainError } from '../../domain/errors.js';
import { eventIdFor } from '../../infra/eventstore/ids.js';
import { UnstorableEventError } from '../../infra/eventstore/types.js';
import { isTemporalUnavailable } from '../../infra/temporal/client.js';
import { publicMonitor } from '../../projections/monitor-record.js';
import type { MonitorReader, MonitorView } from '../../projections/readers/monitors.js';
import { ApiError } from '../errors.js';
import type { Principal } from '../middleware/auth.js';
import { jsonBody } from '../middleware/json-body.js';
import { keyGate, type GateDeps } from '../middleware/key-gate.js';
import {
  isMonitorId,
  MonitorListQuery,
  readMonitorChange,
  readMonitorSettings,
  SETTING_FIELDS,
} from '../schemas/monitors.js';
import { readVerificationRequest } from '../schemas/verification.js';
import { everyProblem, parse } from '../validation.js';
import { checkWebhookUrl, requestHashOf } from './submission.js';

export interface MonitorRouteDeps extends GateDeps {
  monitors: MonitorReader;
  start: MonitorStartDeps;
  manage: MonitorManageDeps;
  webhookAllowlist: readonly string[];
  /** How long a POST waits for the first check before answering without it. */
  firstCheckWaitMs?: number;
}

const owner = (principal: Principal) => ({ accountId: principal.accountId, mode: principal.mode });

/** An Idempotency-Key makes the monitor's id deterministic per account and mode: a retried POST finds its monitor. */
function monitorIdFor(req: Request, principal: Principal): { id: string; idempotencyKey: string | null } {
  const key = req.get('idempotency-key');
  if (key === undefined) return { id: `mon_${randomUUID().replaceAll('-', '')}`, idempotencyKey: null };
  if (!/^[\x21-\x7e]{1,255}$/.test(key))
    throw ApiError.of('invalid_request', 'Idempotency-Key must be 1 to 255 visible ASCII characters.');
  const id = eventIdFor('idempotency', principal.accountId, principal.mode, 'monitor', key).replaceAll('-', '');
  return { id: `mon_${id}`, idempotencyKey: key };
}

const RETRY_AFTER = 10;
const unavailable = () =>
  ApiError.of(
    'service_unavailable',
    'Monitors cannot be started or changed right now: the job engine is unreachable. Retry (with the same Idempotency-Key) later.',
    { retry_after: RETRY_AFTER },
    { 'Retry-After': String(RETRY_AFTER) },
  );

const engineRefusal = (error: unknown): never => {
  if (isTemporalUnavailable(error)) throw unavailable();
  if (error instanceof UnstorableEventError)
    throw ApiError.of('invalid_request', 'The request holds text that cannot be stored.');
  if (isDomainError(error)) throw ApiError.from(error);
  throw error;
};

const shown = (view: MonitorView, withTimeline: boolean) => ({
  ...publicMonitor(view.row, Date.now()),
  ...(withTimeline ? { timeline: view.timeline } : {}),
});

export function monitorRoutes(deps: MonitorRouteDeps): Router {
  const router = Router();
  const gate = keyGate(deps, 'verify');

  /** The monitor its caller may see, or 404 not_found (another account's, the other mode's, no such id). */
  async function mine(req: Request, position?: Parameters<MonitorReader['get']>[2], monitorId?: string) {
    const id = monitorId ?? String(req.params.monitor_id);
    const view = isMonitorId(id) ? await deps.monitors.get(id, owner(req.principal!), position) : null;
    if (!view) throw ApiError.of('not_found', `No monitor ${id.slice(0, 80)}.`);
    return view;
  }

  router.post('/api/v1/monitors', gate, ...jsonBody('16kb'), async (req, res) => {
    const principal = req.principal!;
    const request = readVerificationRequest(req.body, {
      missing: 'catalogue',
      endpoint: 'sync',
      alsoAccepted: SETTING_FIELDS,
    });
    const settings = readMonitorSettings(req.body, principal.mode);
    await checkWebhookUrl(settings, deps.webhookAllowlist);
    const { id, idempotencyKey } = monitorIdFor(req, principal);
    const started = await startMonitor(deps.start, id, {
      account_id: principal.accountId,
      key_id: principal.keyId,
      mode: principal.mode,
      request,
      idempotency_key: idempotencyKey,
      request_hash: requestHashOf({ request, ...settings }),
      at: new Date().toISOString(),
      ...settings,
    }).catch(engineRefusal);
    if (!started.ok)
      throw ApiError.of('idempotency_conflict', 'This Idempotency-Key was used with a different request.');
    // The answer carries the first check's result: the workflow makes it at once (a registry that does not
    // answer is retried, so after the wait the monitor is answered without it, and its GET shows it later).
    const first = await untilRecorded(
      deps.start.events,
      id,
      (e) => e.type === 'PolicyObserved',
      deps.firstCheckWaitMs ?? 10_000,
    );
    const view = await mine(req, { atLeast: first?.position ?? null }, id);
    res.status(201).location(`/api/v1/monitors/${id}`).json(shown(view, false));
  });

  router.get('/api/v1/monitors', gate, async (req, res) => {
    const query = parse(MonitorListQuery, req.query, everyProblem);
    const { rows, total } = await deps.monitors.list(owner(req.principal!), query);
    const now = Date.now();
    res.json({
      monitors: rows.map((row) => publicMonitor(row, now)),
      count: total,
      limit: query.limit,
      offset: query.offset,
    });
  });

  router.get('/api/v1/monitors/:monitor_id', gate, async (req, res) => {
    res.json(shown(await mine(req), true));
  });

  router.patch('/api/v1/monitors/:monitor_id', gate, ...jsonBody('16kb'), async (req, res) => {
    const view = await mine(req);
    const change = readMonitorChange(req.body, req.principal!.mode);
    if (change.webhook_url !== undefined) await checkWebhookUrl(change, deps.webhookAllowlist);
    if (view.row.status === 'stopped') throw stoppedRefusal(view.row.monitor_id);
    let position;
    try {
      position = await changeMonitorSettings(deps.manage, view.row.monitor_id, change).catch(engineRefusal);
    } catch (error) {
      if (error instanceof MonitorStoppedError) throw stoppedRefusal(view.row.monitor_id);
      throw error;
    }
    res.json(shown(await mine(req, { atLeast: position }), false));
  });

  router.delete('/api/v1/monitors/:monitor_id', gate, async (req, res) => {
    const view = await mine(req);
    // Stopping a stopped monitor is harmless: it is answered as it stands.
    if (view.row.status === 'stopped') return void res.json(shown(view, false));
    const stopped = await stopMonitorByClient(deps.manage, view.row.monitor_id).catch(engineRefusal);
    const after = await mine(req, { atLeast: stopped?.position ?? null });
    // Not recorded yet (the workflow finishing a check): accepted; its GET shows it stopped shortly.
    res.status(stopped ? 200 : 202).json(shown(after, false));
  });

  return router;
}

const stoppedRefusal = (id: string) =>
  ApiError.of('monitor_stopped', `Monitor ${id} has stopped; a stopped monitor cannot be changed.`);
