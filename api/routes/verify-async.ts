// POST /api/v1/verify/async: one policy verified as a job, with an optional PDF of the policy (base64 `document`)
// and an optional callback; the caller polls GET /api/v1/jobs/{job_id} or receives the result at its webhook.
import { Router } from 'express';
import { Country, InsuranceType } from '../../contracts/search-attributes.js';
import { decodeDocument, documentBlobId, inspectDocument, storeDocument, type DocumentIntake } from '../documents.js';
import { jsonBody } from '../middleware/json-body.js';
import { keyGate, type GateDeps } from '../middleware/key-gate.js';
import { isPlainObject, readVerificationRequest } from '../schemas/verification.js';
import { answerJob, checkWebhookUrl, documentFacts, submitJob, type SubmissionDeps } from './submission.js';
import type { AdmitJobInput } from '../../contracts/admission.js';
import { VERIFICATION_WORKFLOW, type VerificationJobInput } from '../../contracts/verification.js';

export interface VerifyAsyncDeps extends GateDeps, SubmissionDeps {
  webhookAllowlist: readonly string[];
  /** First retry interval of callbacks, in seconds. */
  webhookRetrySeconds: number;
  /** How uploaded PDFs are checked and where they go; workflows get their blob ids only. */
  documents: DocumentIntake;
}

export function verifyAsyncRoutes(deps: VerifyAsyncDeps): Router {
  const router = Router();
  router.post(
    '/api/v1/verify/async',
    keyGate(deps, 'verify'),
    // Room for a base64 document somewhat over its 14 MB limit, so that it is read whole and refused with a
    // clear 413 by decodeDocument rather than cut off mid-upload.
    ...jsonBody('24mb'),
    async (req, res) => {
      const body = isPlainObject(req.body) ? req.body : {};
      const hasDocument = body.document !== undefined && body.document !== null && body.document !== '';
      const request = readVerificationRequest(req.body, {
        missing: 'catalogue',
        allowMissingPolicyNumber: hasDocument,
      });
      const webhookUrl = await checkWebhookUrl(body, deps.webhookAllowlist);
      const document = hasDocument ? await inspectDocument(deps.documents, decodeDocument(body.document)) : null;
      const submitted = await submitJob(deps, req, {
        kind: 'verification',
        contract: VERIFICATION_WORKFLOW,
        request: { request, webhookUrl, document: document?.sha256 },
        input: ({ id, idempotencyKey, requestHash, submitter }): VerificationJobInput => {
          const blobId = document ? documentBlobId(id) : null;
          const admit: AdmitJobInput = {
            jobId: id,
            kind: 'verification',
            ...submitter,
            request: { ...request, ...(document ? { document: documentFacts(document) } : {}) },
            webhookUrl,
            idempotencyKey,
            requestHash,
            reserve: 1,
            ...(document ? { hasDocument: true, blobId } : {}),
          };
          return { admit, request, webhookRetrySeconds: deps.webhookRetrySeconds, blobId };
        },
        searchAttributes: [
          { key: Country, value: request.country },
          { key: InsuranceType, value: request.insurance_type },
        ],
      });
      if (submitted.admitted && document) await storeDocument(deps.documents, submitted, document);
      await answerJob(deps.jobs, res, req.principal!, submitted, webhookUrl);
    },
  );
  return router;
}
