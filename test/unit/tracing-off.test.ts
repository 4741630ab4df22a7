// Tracing off costs nothing on the hot path (issue 58: "off when no endpoint is set, at no cost"): traced() runs
// the work as it is, never builds the span's attributes, and a work that throws before its promise still gives a
// rejected promise, as it would with tracing on.
import { describe, expect, it } from 'vitest';
import { traced } from '../../infra/tracing/spans.js';
import { tracing } from '../../infra/tracing/tracing.js';

describe('traced with tracing off', () => {
  it('answers the work’s own promise without building the attributes', async () => {
    expect(tracing()).toBeNull();
    let built = 0;
    const answer = Promise.resolve(42);
    const result = traced(
      'test.work',
      () => {
        built += 1;
        return { 'pvs.kind': 'test' };
      },
      () => answer,
    );
    expect(result).toBe(answer);
    await expect(result).resolves.toBe(42);
    expect(built).toBe(0);
  });

  it('turns a work that throws at once into a rejected promise', async () => {
    const result = traced('test.work', {}, () => {
      throw new Error('refused');
    });
    await expect(result).rejects.toThrow('refused');
  });
});
