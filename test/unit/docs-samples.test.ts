// The code the /docs pages show: the reference's samples and the guides' calls go to the service's own base URL,
// send a key only where one is required, and never send the deprecated `type` beside `insurance_type`.
import type { VNode } from 'preact';
import { render } from 'preact-render-to-string';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../api/openapi.js';
import { GUIDES } from '../../api/web/docs/guides.js';
import { operationsOf } from '../../api/web/docs/openapi-view.js';
import { samplesOf } from '../../api/web/docs/samples.js';

const BASE = 'https://pvs.example.org';
const operations = operationsOf(buildOpenApiDocument() as unknown as Record<string, unknown>);

describe('the samples of /docs', () => {
  it('send the key to the routes that need one and to no other', () => {
    const publicOps = operations.filter((op) => op.access === 'none' || op.access === 'optional-key');
    expect(publicOps.map((op) => op.path)).toEqual(expect.arrayContaining(['/api/v1/datasets', '/api/v1/insurers']));
    for (const op of operations) {
      for (const sample of samplesOf(op, BASE)) {
        expect(sample.code.includes('Authorization'), `${op.method} ${op.path} ${sample.lang}`).toBe(
          op.access === 'key',
        );
        expect(sample.code).toContain(BASE);
      }
    }
  });

  it('never send the deprecated type beside insurance_type', () => {
    const bodies = operations
      .flatMap((op) => samplesOf(op, BASE).map((sample) => sample.code))
      .filter((code) => code.includes('insurance_type'));
    expect(bodies.length).toBeGreaterThan(0);
    for (const code of bodies) expect(code).not.toMatch(/["']type["']\s*:/);
  });

  it('call the service at its own base URL in every guide, as the reference does', () => {
    for (const guide of GUIDES) {
      const html = render(guide.body(BASE) as VNode);
      expect(html, guide.path).not.toMatch(/YOUR-HOST|example\.invalid/);
      const calls = [...html.matchAll(/curl "?(https?:\/\/[^/\s"]+)/g)].map((m) => m[1]);
      for (const origin of calls) expect(origin, guide.path).toBe(BASE);
    }
    const quickStart = render(GUIDES.find((guide) => guide.path === '/docs/quick-start')!.body(BASE) as VNode);
    expect(quickStart).toContain(`curl ${BASE}/api/v1/verify`);
  });
});
