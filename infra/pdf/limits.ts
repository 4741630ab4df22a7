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

/** Resolution pages are rendered at for OCR. */
export const OCR_DPI = 300;

/**
 * Most pixels one rendered page may have (about A2 at 300 dpi); larger pages are rendered at a lower
 * resolution so one page never takes more than ~150 MB of canvas.
 */
export const MAX_RENDER_PIXELS = 36_000_000;

/**
 * Most characters kept from one page's text. Page texts travel through workflow history, whose payloads are
 * limited to 2 MB; a policy page holds a few thousand characters.
 */
export const MAX_PAGE_TEXT = 20_000;
