// Boxes on a page, apart from layout.ts so that the text (a line's placed words) and the layout (which reads
// the lines) both use them without importing each other.
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  page: number;
}

/** A word placed on a line of the text: its characters [start, end) and its box. */
export interface PlacedWord extends Box {
  start: number;
  end: number;
  /** The reader's confidence in the word, 0..1: OCR gives one, a text layer none (its words are as printed). */
  confidence?: number;
}
