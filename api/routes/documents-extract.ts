// POST /api/v1/documents/extract: a policy PDF uploaded as multipart/form-data, its fields read by an extraction
// job; the caller polls GET /api/v1/jobs/{job_id} or receives the result at its webhook.
import { Router } from 'express';
import { z } from 'zod';
import { MAX_DOCUMENT_BYTES } from '../../infra/pdf/limits.js';
import { documentBlobId, inspectDocument, readUpload, storeDocument } from '../documents.js';
import { ApiError } from '../errors.js';
import { keyGate } from '../middleware/key-gate.js';
import { answerJob, checkWebhookUrl, documentFacts, submitJob } from './submission.js';
import type { VerifyAsyncDeps } from './verify-async.js';
import { EXTRACTION_WORKFLOW, type ExtractionJobInput } from '../../contracts/extraction.js';

/**
 * The multipart/form-data fields of POST /api/v1/documents/extract, read by readUpload (api/documents.ts): the
 * PDF as the one file field, and an optional callback URL, checked by the route (422 invalid_webhook_url).
 */
export const ExtractionUploadSchema = z
  .object({
    file: z
      .custom<Express.Multer.File>((file) => file !== undefined && file !== null)
      .meta({
        type: 'string',
        format: 'binary',
        description: `The PDF, at most ${MAX_DOCUMENT_BYTES / (1024 * 1024)} MB.`,
      }),
    webhook_url: z.unknown().optional().meta({
      type: 'string',
      format: 'uri',
      description: 'An https URL that receives the result as a signed callback (the webhook jobResult).',
    }),
  })
  .meta({ id: 'ExtractionUpload' });

/** An extraction job takes what an asynchronous verification does: a callback and a document intake. */
export type DocumentsExtractDeps = VerifyAsyncDeps;

export function documentsExtractRoutes(deps: DocumentsExtractDeps): Router {
  const router = Router();
  router.post('/api/v1/documents/extract', keyGate(deps, 'documents'), readUpload, async (req, res) => {
    const principal = req.principal!;
    const fields = (req.body ?? {}) as Record<string, unknown>;
    const upload = ExtractionUploadSchema.safeParse({ file: req.file, webhook_url: fields.webhook_url });
    if (!upload.success) throw ApiError.of('missing_required_fields', 'Required fields missing: file');
    const webhookUrl = await checkWebhookUrl(fields, deps.webhookAllowlist);
    const document = await inspectDocument(deps.documents, upload.data.file.buffer);
    const submitted = await submitJob(deps, req, {
      kind: 'extraction',
      contract: EXTRACTION_WORKFLOW,
      request: { document: document.sha256, webhookUrl },
      input: ({ id, idempotencyKey, requestHash, submitter }): ExtractionJobInput => ({
        admit: {
          jobId: id,
          kind: 'extraction',
          ...submitter,
          request: { document: documentFacts(document) },
          webhookUrl,
          idempotencyKey,
          requestHash,
          hasDocument: true,
          blobId: documentBlobId(id),
          // Test keys run the real extraction, free (docs/architecture.md#keys-and-the-sandbox: zero credits).
          reserve: principal.mode === 'live' ? 1 : 0,
        },
        blobId: documentBlobId(id),
        webhookRetrySeconds: deps.webhookRetrySeconds,
      }),
    });
    if (submitted.admitted) await storeDocument(deps.documents, submitted, document);
    await answerJob(deps.jobs, res, principal, submitted, webhookUrl);
  });
  return router;
}
