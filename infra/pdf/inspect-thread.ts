// The body of a PDF-inspection thread (see inspector.ts). A refusal crosses back as plain data, since an error's
// class and code do not survive the trip between threads; anything else is a fault and is thrown as such.
import { isDomainError } from '../../domain/errors.js';
import { inspect, type PdfInspection } from './validate.js';

export type InspectOutcome = { ok: true; inspection: PdfInspection } | { ok: false; code: string; message: string };

export default async function inspectInThread(bytes: Uint8Array): Promise<InspectOutcome> {
  try {
    return { ok: true, inspection: await inspect(bytes) };
  } catch (error) {
    if (isDomainError(error)) return { ok: false, code: error.code, message: error.message };
    throw error;
  }
}
