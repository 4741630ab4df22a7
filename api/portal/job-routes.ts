// /account/jobs: an account's extractions on its dashboard (issue 56): the list, each document's page with its
// pages drawn and the fields' boxes on them, the pages' images, and the form that corrects fields. The job is read
// from its own stream (a few events), so the page right after a correction shows it.
import { Router, type Request, type Response } from 'express';
import { fieldStates } from '../../domain/jobs/corrections.js';
import { foldJobRow } from '../../domain/jobs/job-record.js';
import { jobStream } from '../../domain/jobs/job.js';
import { FIELD_KEYS, type ExtractionResult, type FieldKey } from '../../domain/extraction/types.js';
import { readEvents } from '../../infra/eventstore/types.js';
import { listAccountExtractions } from '../../projections/jobs.js';
import { ApiError } from '../errors.js';
import { recordCorrection } from '../routes/corrections.js';
import { readCorrections } from '../schemas/corrections.js';
import { jobPage, jobsPage, MONEY_FIELDS } from '../web/pages.js';
import { sendPage, sendTooMany } from './answers.js';
import type { PortalDeps } from './deps.js';
import type { PortalLimits } from './limits.js';
import { contactOf, signedInPages } from './signed-in.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The form's fields that differ from the job's values, in the API's shapes (an empty input: no value). */
function changedValues(body: Record<string, unknown>, now: Record<FieldKey, unknown>): Record<string, unknown> {
  const text = (name: string) => (typeof body[name] === 'string' ? (body[name] as string).trim() : undefined);
  const changed: Record<string, unknown> = {};
  for (const field of FIELD_KEYS) {
    let value: unknown;
    if (MONEY_FIELDS.includes(field)) {
      const amount = text(`${field}.amount`);
      const currency = text(`${field}.currency`);
      if (amount === undefined && currency === undefined) continue;
      value =
        !amount && !currency
          ? null
          : {
              amount: Number((amount ?? '').replace(/[\s,]/g, '')) || amount,
              currency: (currency ?? '').toUpperCase(),
            };
    } else {
      const given = text(field);
      if (given === undefined) continue;
      value = given === '' ? null : given;
    }
    if (JSON.stringify(value) !== JSON.stringify(now[field] ?? null)) changed[field] = value;
  }
  return changed;
}

export function jobRoutes(deps: PortalDeps, limits: PortalLimits): Router {
  const router = Router();
  const { ctx, signedIn, me, sendError } = signedInPages(deps);

  /** The account's job by its id, folded from its stream; null for an id that is not one of its jobs. */
  async function ownJob(req: Request) {
    const jobId = String(req.params.jobId).toLowerCase();
    if (!UUID.test(jobId)) return null;
    const row = foldJobRow(jobId, await readEvents(deps.events, jobStream, jobId));
    return row && row.account_id === me(req).account_id && row.kind === 'extraction' ? row : null;
  }
  const notFound = (req: Request, res: Response) =>
    sendError(req, res, 404, 'No such document', 'This extraction is not one of your account’s.');

  router.get('/account/jobs', signedIn, async (req, res) => {
    sendPage(res, 200, jobsPage(ctx(req, res), { jobs: await listAccountExtractions(deps.db, me(req).account_id) }));
  });

  router.get('/account/jobs/:jobId', signedIn, async (req, res) => {
    const job = await ownJob(req);
    if (!job) return notFound(req, res);
    const result = job.result as ExtractionResult | null;
    const states = result ? fieldStates(result, job.corrections) : null;
    const saved = Number(req.query.saved);
    const page = jobPage(ctx(req, res), {
      jobId: job.job_id,
      status: job.status,
      mode: job.mode,
      createdAt: job.created_at,
      pages: result ? await deps.pageImages.list(jobStream(job.job_id)) : [],
      pageCount: result?.pages ?? null,
      method: result?.method ?? null,
      fields: FIELD_KEYS.map((key) => ({
        key,
        value: states?.[key].value ?? null,
        read: states?.[key].read ?? null,
        corrected: states?.[key].corrected ?? false,
        evidence: result?.evidence?.[key] ?? null,
      })),
      history: job.corrections,
      erased: job.result_erased_at !== null,
      ...(Number.isInteger(saved) && saved >= 0 && saved <= FIELD_KEYS.length ? { saved } : {}),
    });
    // The page shows the document's contents: no shared cache keeps it.
    res.setHeader('Cache-Control', 'private, no-store');
    sendPage(res, 200, page);
  });

  router.get('/account/jobs/:jobId/pages/:page', signedIn, async (req, res) => {
    const job = await ownJob(req);
    const number = Number(req.params.page);
    const image =
      job && Number.isInteger(number) && number >= 1 ? await deps.pageImages.get(jobStream(job.job_id), number) : null;
    if (!image) return res.status(404).type('text/plain').send('No such page.');
    res.setHeader('Cache-Control', 'private, max-age=300');
    res.type('image/png').send(image.png);
  });

  router.post('/account/jobs/:jobId/corrections', signedIn, async (req, res) => {
    const account = me(req);
    const throttled = await limits.dashboardAction(account.account_id);
    if (throttled) return sendTooMany(deps, req, res, throttled);
    const job = await ownJob(req);
    if (!job) return notFound(req, res);
    const now = fieldStates(job.result, job.corrections);
    const values = changedValues(
      (req.body ?? {}) as Record<string, unknown>,
      Object.fromEntries(FIELD_KEYS.map((key) => [key, now[key].value])) as Record<FieldKey, unknown>,
    );
    if (Object.keys(values).length === 0) return res.redirect(303, `/account/jobs/${job.job_id}?saved=0`);
    try {
      const outcome = await recordCorrection(deps.corrections, {
        jobId: job.job_id,
        owner: { accountId: account.account_id, mode: job.mode },
        values: readCorrections({ corrections: values }),
        by: { via: 'dashboard', person: contactOf(account) },
        requestId: String(req.id),
      });
      res.redirect(303, `/account/jobs/${job.job_id}?saved=${outcome.found ? outcome.fields.length : 0}`);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      sendError(req, res, error.status, 'This correction could not be saved', error.message);
    }
  });

  return router;
}
