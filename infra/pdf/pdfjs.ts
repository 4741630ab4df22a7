// pdf.js set up for a server: the legacy build (Node 20), fonts, character maps and image decoders read from
// the package on disk, no eval, no font loading, errors only in the console.
import { createRequire } from 'node:module';
import path from 'node:path';
import { restoreNativeBuiltins } from './native-builtins.js';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

export type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

const require = createRequire(import.meta.url);
const PACKAGE = path.dirname(require.resolve('pdfjs-dist/package.json'));
// pdf.js reads these with fs in Node and wants directories with a trailing separator.
const dir = (name: string) => path.join(PACKAGE, name) + path.sep;

/** Decoded images larger than this many pixels are skipped rather than decoded (an image bomb). */
const MAX_IMAGE_PIXELS = 100_000_000;

// Loaded at the first document, not with the worker: pdf.js is megabytes of code and source map that a process
// which never reads a PDF (the dev process until its first upload) should not hold.
let pdfjs: Promise<typeof import('pdfjs-dist/legacy/build/pdf.mjs')> | undefined;
const loadPdfjs = () =>
  (pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs').then((module) => {
    restoreNativeBuiltins();
    return module;
  }));

/**
 * Opens a PDF. The bytes are copied: pdf.js takes ownership of the buffer it is given. Close the document
 * with `destroy()` when done.
 */
export async function openPdf(bytes: Uint8Array, options: { password?: string } = {}): Promise<PDFDocumentProxy> {
  const { getDocument, VerbosityLevel } = await loadPdfjs();
  const task = getDocument({
    data: new Uint8Array(bytes),
    password: options.password,
    standardFontDataUrl: dir('standard_fonts'),
    cMapUrl: dir('cmaps'),
    cMapPacked: true,
    wasmUrl: dir('wasm'),
    iccUrl: dir('iccs'),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    enableXfa: false,
    maxImageSize: MAX_IMAGE_PIXELS,
    verbosity: VerbosityLevel.ERRORS,
  });
  const document = await task.promise;
  // The first document also loads pdf.js's worker module (run in this thread), whose own polyfills replace the
  // built-ins again.
  restoreNativeBuiltins();
  return document;
}
