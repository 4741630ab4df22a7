// The extraction activities with each document's reading (its text layer and its OCR) kept by the document's
// content: a bench that scores the same documents under several ranking models reads and OCRs each once.
import type { ExtractionActivities } from '../../../activities/extraction.js';

export function memoizeReading(activities: ExtractionActivities): ExtractionActivities {
  const layers = new Map<string, ReturnType<ExtractionActivities['readTextLayer']>>();
  const ocr = new Map<string, ReturnType<ExtractionActivities['ocrPages']>>();
  // Test blob ids are the SHA-256 of the bytes (test/support/blobs.ts): the id is the content's key.
  return {
    ...activities,
    readTextLayer(blobId) {
      if (!layers.has(blobId)) layers.set(blobId, activities.readTextLayer(blobId));
      return layers.get(blobId)!;
    },
    ocrPages(blobId, pages) {
      const key = `${blobId}:${pages.join(',')}`;
      if (!ocr.has(key)) ocr.set(key, activities.ocrPages(blobId, pages));
      return ocr.get(key)!;
    },
  };
}
