// What the service accepts as a document (docs/architecture.md#limits, issue 7) and what it will spend on one.

/** docs/architecture.md#limits: a PDF of at most 14 MB. */
export const MAX_DOCUMENT_BYTES = 14 * 1024 * 1024;

/** Issue 7: at most 20 pages. */
export const MAX_PAGES = 20;

/**
 * Longest page side accepted, in points (72 to the inch): 5000 pt is about 1.76 m, more than twice the long side
 * of A0. A policy document has no business being larger, and a page that size cannot be read at a useful
 * resolution within the pixel budget below.
 */
export const MAX_PAGE_SIDE_POINTS = 5000;

/**
 * Resolution pages are rendered at for OCR: 200 dpi, not the 300 tesseract's documentation advises. Its LSTM reads
 * each line scaled to a fixed height whatever the resolution, so the third more pixels a side only costs the steps
 * before it (thresholding, finding lines and words): a page at 200 dpi takes about 0.8 of the CPU at 300. And these
 * are scans and photos, whose grain 300 dpi keeps and 200 smooths: over every corpus's scans and photos (bench/
 * extraction-accuracy.ts, 2026-11-29) 200 dpi read as many fields or more on all but one (one field fewer of 315).
 */
export const OCR_DPI = 200;

/**
 * Most pixels one rendered page may have (about A1 at 200 dpi); larger pages are rendered at a lower
 * resolution so one page never takes more than ~150 MB of canvas.
 */
export const MAX_RENDER_PIXELS = 36_000_000;

/**
 * Most characters kept from one page's text. Page texts travel through workflow history, whose payloads are
 * limited to 2 MB; a policy page holds a few thousand characters.
 */
export const MAX_PAGE_TEXT = 20_000;
