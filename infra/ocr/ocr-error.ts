/** A page the OCR pool could not read: its worker died, the pool closed, or the caller cancelled. */
export class OcrError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OcrError';
  }
}
