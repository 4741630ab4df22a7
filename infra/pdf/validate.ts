// Whether bytes are a PDF the service will work on, decided before any page is rendered: size, signature, a
// complete file, no password, at most 20 pages, no page of absurd size. Every refusal is a DomainError with a
// message the caller can act on; nothing here logs or returns document content.
import { DomainError } from '../../domain/errors.js';
import { MAX_DOCUMENT_BYTES, MAX_PAGES, MAX_PAGE_SIDE_POINTS } from './limits.js';
import { openPdf, type PDFDocumentProxy } from './pdfjs.js';

export interface PdfInspection {
  pages: number;
  /** Always false: a document that needs a password is refused. */
  encrypted: false;
  /**
   * Encrypted with an owner password only (printing or copying restricted). Such a file opens without a
   * password in every reader and its text is readable, so it is accepted.
   */
  restricted: boolean;
  /** The version in the header, e.g. "1.7". */
  version: string | null;
  bytes: number;
  /** Page sizes in points, with the page's UserUnit applied. */
  pageSizes: { width: number; height: number }[];
}

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  Buffer.from(bytes.buffer, bytes.byteOffset + from, Math.max(0, to - from)).toString('latin1');

const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

const invalid = (message: string) => new DomainError('invalid_document', message);

/** Throws unless the document is over the size limit; cheap, so the API can call it before storing. */
export function checkSize(bytes: number): void {
  if (bytes > MAX_DOCUMENT_BYTES) {
    throw new DomainError('payload_too_large', `The document is ${mb(bytes)}; the limit is ${mb(MAX_DOCUMENT_BYTES)}.`);
  }
}

/** Throws unless the bytes start like a PDF and end with a trailer; does not parse. */
export function checkSignature(bytes: Uint8Array): string | null {
  if (bytes.byteLength === 0) throw invalid('The document is empty.');
  // The header may follow up to 1 KB of other bytes, as readers allow.
  const header = /%PDF-(\d\.\d)?/.exec(ascii(bytes, 0, Math.min(bytes.byteLength, 1024)));
  if (!header) throw invalid('The document is not a PDF (no %PDF- header).');
  // A file cut short loses its end-of-file marker, which readers look for in the last kilobyte.
  const tail = ascii(bytes, Math.max(0, bytes.byteLength - 1024), bytes.byteLength);
  if (!tail.includes('%%EOF'))
    throw invalid('The PDF is incomplete: it ends before its end-of-file marker (truncated upload?).');
  return header[1] ?? null;
}

async function open(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  try {
    return await openPdf(bytes);
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'PasswordException')
      throw invalid('The PDF is protected by a password; upload it without the password.');
    throw invalid('The PDF is damaged and cannot be read.');
  }
}

export async function inspect(bytes: Uint8Array): Promise<PdfInspection> {
  checkSize(bytes.byteLength);
  const version = checkSignature(bytes);
  const doc = await open(bytes);
  try {
    if (doc.numPages < 1) throw invalid('The PDF has no pages.');
    if (doc.numPages > MAX_PAGES)
      throw invalid(`The PDF has ${doc.numPages} pages; at most ${MAX_PAGES} are accepted.`);
    const pageSizes: PdfInspection['pageSizes'] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      let size: { width: number; height: number };
      try {
        const page = await doc.getPage(n);
        const viewport = page.getViewport({ scale: 1 });
        size = { width: Math.round(viewport.width * 100) / 100, height: Math.round(viewport.height * 100) / 100 };
      } catch {
        throw invalid(`Page ${n} of the PDF is damaged and cannot be read.`);
      }
      if (!(size.width > 0 && size.height > 0)) throw invalid(`Page ${n} of the PDF has no area.`);
      if (Math.max(size.width, size.height) > MAX_PAGE_SIDE_POINTS) {
        const cm = (points: number) => Math.round((points / 72) * 2.54);
        throw invalid(
          `Page ${n} measures ${cm(size.width)} x ${cm(size.height)} cm; pages larger than ${cm(MAX_PAGE_SIDE_POINTS)} cm on a side are refused.`,
        );
      }
      pageSizes.push(size);
    }
    const { info } = (await doc.getMetadata().catch(() => ({ info: {} }))) as {
      info: { EncryptFilterName?: string | null };
    };
    return {
      pages: doc.numPages,
      encrypted: false,
      restricted: Boolean(info.EncryptFilterName),
      version,
      bytes: bytes.byteLength,
      pageSizes,
    };
  } finally {
    await doc.destroy();
  }
}
