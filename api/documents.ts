// Documents as the API receives them: a multipart `file` (POST /api/v1/documents/extract) or a base64 `document`
// (POST /api/v1/verify/async). Each is refused here when it is too large or not a PDF the service can read, so
// the caller hears at once (413, 422) rather than through a failed job. An accepted one goes to the document store
// (infra/blobs.ts) only once its job is admitted (a refused submission, a 402, leaves nothing behind), sealed under
// the job's data key; its job's erasure or its account's close deletes it. Only the id travels on. Document
// content is never logged.
import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';
import { isDomainError } from '../domain/errors.js';
import multer from 'multer';
import { jobStream } from '../domain/jobs/job.js';
import type { BlobStore } from '../infra/blobs.js';
import { MAX_DOCUMENT_BYTES } from '../infra/pdf/limits.js';
import type { PdfInspection } from '../infra/pdf/validate.js';
import { ApiError } from './errors.js';

/** A document that passed inspection, not stored yet. */
export interface InspectedDocument {
  /** The SHA-256 of the bytes (what the job records of them). */
  sha256: string;
  bytes: number;
  pages: number;
  content: Buffer;
}

/** Seconds a caller is told to wait when every inspection thread is busy. */
export const INSPECTION_RETRY_AFTER = 5;

const tooLarge = () =>
  ApiError.of(
    'payload_too_large',
    `The document is larger than ${MAX_DOCUMENT_BYTES / (1024 * 1024)} MB, the most a PDF may be.`,
  );

const upload = multer({
  storage: multer.memoryStorage(),
  // One file and a few short fields; anything more is not a request this endpoint knows.
  limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 4, fieldSize: 4096, parts: 6 },
}).single('file');

/** Reads the multipart body; every way it can be wrong is the caller's 4xx. */
export const readUpload: RequestHandler = (req, res, next) => {
  upload(req, res, (error: unknown) => {
    if (!error) return next();
    const code = (error as { code?: string }).code;
    if (code === 'LIMIT_FILE_SIZE') return next(tooLarge());
    if (code === 'LIMIT_UNEXPECTED_FILE')
      return next(ApiError.of('invalid_request', 'Send the PDF as the one multipart field named file.'));
    const reason = error instanceof Error ? error.message : 'unreadable';
    next(ApiError.of('invalid_request', `The multipart/form-data body could not be read: ${reason}.`));
  });
};

/** The base64 `document` of an async verification, decoded. */
export function decodeDocument(value: unknown): Buffer {
  if (typeof value !== 'string')
    throw ApiError.of('invalid_request', 'document must be a string holding a base64-encoded PDF.');
  // A data: URL prefix is what browsers' FileReader produces; accept it, and the URL-safe alphabet too.
  const base64 = value.replace(/^data:application\/pdf;base64,/, '').replace(/\s+/g, '');
  if (!/^(?:[A-Za-z0-9+/]*|[A-Za-z0-9_-]*)={0,2}$/.test(base64))
    throw ApiError.of('invalid_request', 'document is not valid base64.');
  // Refused on the encoded length, so an oversized value is never decoded; storeDocument checks the exact size.
  if (Math.floor((base64.length * 3) / 4) - 2 > MAX_DOCUMENT_BYTES) throw tooLarge();
  return Buffer.from(base64, /[-_]/.test(base64) ? 'base64url' : 'base64');
}

export interface DocumentIntake {
  blobs: BlobStore;
  /** Size, signature, password, pages, page sizes; refusals are DomainErrors (413, 422). */
  inspect(bytes: Uint8Array): Promise<PdfInspection>;
}

/** Checks the PDF (413, 422; 503 with Retry-After when the inspection threads are all busy); stores nothing. */
export async function inspectDocument({ inspect }: DocumentIntake, bytes: Buffer): Promise<InspectedDocument> {
  try {
    const { pages } = await inspect(bytes);
    return { sha256: createHash('sha256').update(bytes).digest('hex'), bytes: bytes.byteLength, pages, content: bytes };
  } catch (error) {
    if (isDomainError(error) && error.code === 'service_unavailable') {
      throw ApiError.of(
        'service_unavailable',
        error.message,
        { retry_after: INSPECTION_RETRY_AFTER },
        { 'Retry-After': String(INSPECTION_RETRY_AFTER) },
      );
    }
    throw error;
  }
}

/**
 * The blob id of a job's document, one per job (each is sealed under its own job's key): derived from the job id,
 * so a retried admission stores it once. The job records it (JobSubmitted.blob_id).
 */
export const documentBlobId = (jobId: string): string => createHash('sha256').update(`document:${jobId}`).digest('hex');

/** Stores an admitted job's document, sealed under the job's data key. */
export async function storeDocument(
  { blobs }: DocumentIntake,
  job: { id: string; submitter: { accountId: string } },
  document: InspectedDocument,
): Promise<void> {
  await blobs.put(documentBlobId(job.id), document.content, {
    stream: jobStream(job.id),
    accountId: job.submitter.accountId,
  });
}
