// Corrections of an extraction (issue 56) as the job's decider decides them and its fold keeps them, and the
// training example an operator exports of a corrected document, with and without its text.
import { describe, expect, it } from 'vitest';
import { trainingLine } from '../../application/jobs/training-export.js';
import { fold } from '../../domain/decider.js';
import { CorrectionRefused, correctedResult } from '../../domain/jobs/corrections.js';
import { jobDecider, type JobCommand, type JobEvent } from '../../domain/jobs/job.js';
import type { Decided } from '../../domain/streams.js';
import { decider } from '../support/decider.js';

const at = new Date('2026-11-15T12:00:00Z');
const job = decider(jobDecider, (event: Decided<JobEvent>) => ({ ...event, created: at }));
const result = {
  policy_number: 'AXK1234567B',
  insurer: 'AXA Insurance UK plc',
  insurance_type: 'motor',
  start_date: '2026-03-01',
  end_date: null,
  vehicle_registration: 'AB12 CDE',
  coverage: { level: 'comprehensive', excess: null, sum_insured: null, territorial_scope: null },
  language: 'en',
  pages: 1,
  method: 'ocr',
  field_confidence: {},
  evidence: {
    policy_number: {
      page: 1,
      box: { x: 0.4, y: 0.2, width: 0.2, height: 0.02 },
      words: ['AXK1234567B'],
      source: 'ocr',
      confidence: 0.41,
      needs_review: true,
    },
  },
};
const submitted = (kind: 'extraction' | 'verification'): Decided<JobEvent> => ({
  type: 'JobSubmitted',
  data: {
    kind,
    mode: 'live',
    account_id: 'acct_1',
    key_id: 'key_1',
    request: {},
    webhook_url: null,
    idempotency_key: null,
    request_hash: 'h',
  },
});
const completed: Decided<JobEvent> = { type: 'JobCompleted', data: { result, credits_charged: 1 } };
const correct = (values: Record<string, unknown>): JobCommand => ({
  type: 'CorrectExtraction',
  data: { jobId: 'j1', values, by: { via: 'api', key_id: 'key_1' } },
});
const refusal = (reason: string) => (error: unknown) => error instanceof CorrectionRefused && error.reason === reason;

describe('CorrectExtraction', () => {
  it('records one event per field whose value changes, from the value it has now', () => {
    job
      .given([submitted('extraction'), completed])
      .when(correct({ policy_number: 'AXK12345678', vehicle_registration: 'AB12 CDE', end_date: '2027-02-28' }))
      .then([
        {
          type: 'ExtractionCorrected',
          data: {
            field: 'policy_number',
            from: 'AXK1234567B',
            to: 'AXK12345678',
            by: { via: 'api', key_id: 'key_1' },
            account_id: 'acct_1',
            mode: 'live',
          },
        },
        {
          type: 'ExtractionCorrected',
          data: {
            field: 'end_date',
            from: null,
            to: '2027-02-28',
            by: { via: 'api', key_id: 'key_1' },
            account_id: 'acct_1',
            mode: 'live',
          },
        },
      ]);
  });

  it('refuses a verification, a job not completed, and an erased one', () => {
    job
      .given([submitted('verification'), completed])
      .when(correct({ insurer: 'X' }))
      .thenThrows(refusal('not_extraction'));
    job
      .given([submitted('extraction')])
      .when(correct({ insurer: 'X' }))
      .thenThrows(refusal('not_complete'));
    job
      .given([])
      .when(correct({ insurer: 'X' }))
      .thenThrows(refusal('not_complete'));
    job
      .given([submitted('extraction'), completed, { type: 'JobResultErased', data: { request: {}, cutoff: 'c' } }])
      .when(correct({ insurer: 'X' }))
      .thenThrows(refusal('erased'));
  });

  it('keeps the reading and folds the corrections in order; the erasure takes them', () => {
    const state = job
      .given([submitted('extraction'), completed])
      .when(correct({ policy_number: 'AXK12345678' }))
      .state();
    expect((state!.result as typeof result).policy_number).toBe('AXK1234567B');
    expect(state!.corrections).toEqual([
      {
        field: 'policy_number',
        from: 'AXK1234567B',
        to: 'AXK12345678',
        by: { via: 'api', key_id: 'key_1' },
        at: at.toISOString(),
      },
    ]);
    expect((correctedResult(state!.result, state!.corrections) as typeof result).policy_number).toBe('AXK12345678');
    const erased = fold(
      jobDecider,
      [{ type: 'JobResultErased', data: { request: {}, cutoff: 'c' }, created: at }],
      state,
    );
    expect(erased!.corrections).toEqual([]);
  });
});

describe('trainingLine', () => {
  const row = {
    job_id: 'j1',
    account_id: 'acct_1',
    result: result as never,
    corrections: [
      {
        field: 'policy_number' as const,
        from: 'AXK1234567B',
        to: 'AXK12345678',
        by: { via: 'api' as const, key_id: 'k' },
        at: at.toISOString(),
      },
    ],
    completed_at: at,
  };

  it('says where each field was and what kind of mistake was corrected, without the text', () => {
    const line = trainingLine(row, false);
    expect(line.fields.policy_number).toEqual({
      corrected: true,
      correction: 'changed',
      evidence: {
        page: 1,
        box: result.evidence.policy_number.box,
        source: 'ocr',
        confidence: 0.41,
        needs_review: true,
      },
    });
    expect(JSON.stringify(line)).not.toMatch(/AXK|AB12|AXA/);
  });

  it('carries the values and words for an account that allows it', () => {
    const line = trainingLine(row, true);
    expect(line.text).toBe(true);
    expect(line.fields.policy_number).toMatchObject({
      read: 'AXK1234567B',
      value: 'AXK12345678',
      evidence: { words: ['AXK1234567B'] },
    });
    expect(line.fields.insurer).toMatchObject({
      corrected: false,
      read: 'AXA Insurance UK plc',
      value: 'AXA Insurance UK plc',
    });
  });
});
