// How a failed extraction reads in the job: the document's refusal as the activity gave it, anything else an
// internal error that says nothing of the document.
import { ActivityFailure, ApplicationFailure, RetryState } from '@temporalio/common';
import { describe, expect, it } from 'vitest';
import { extractionError } from '../../workflows/extraction.js';

const failed = (cause: Error) =>
  new ActivityFailure('activity failed', 'ocrPages', '1', RetryState.NON_RETRYABLE_FAILURE, 'worker', cause);

describe('extractionError', () => {
  it('keeps a refusal of the document with its status', () => {
    expect(
      extractionError(
        failed(ApplicationFailure.nonRetryable('The PDF has 500 pages; at most 20 are accepted.', 'invalid_document')),
      ),
    ).toEqual({
      error: 'invalid_document',
      message: 'The PDF has 500 pages; at most 20 are accepted.',
      code: 422,
    });
    expect(extractionError(failed(ApplicationFailure.nonRetryable('too big', 'payload_too_large')))).toMatchObject({
      error: 'payload_too_large',
      code: 413,
    });
  });

  it('turns spent retries and unknown failure types into an internal error', () => {
    const internal = { error: 'internal_error', code: 500, message: expect.stringMatching(/could not be processed/) };
    expect(
      extractionError(failed(ApplicationFailure.retryable('the OCR worker stopped: exit code 1', 'OcrError'))),
    ).toEqual(internal);
    expect(extractionError(failed(ApplicationFailure.nonRetryable('boom', 'TypeError')))).toEqual(internal);
  });

  it('rethrows what is not an activity failure (a bug in the workflow must not become a job error)', () => {
    expect(() => extractionError(new Error('workflow bug'))).toThrow('workflow bug');
  });
});
