// /assets/site.css is kept in parts (api/web/assets/site/) but served as one stylesheet: its bytes are the parts
// in cascade order, so pages, their caching and their transfer sizes do not depend on how the parts are cut.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetRoutes, SITE_CSS_PARTS } from '../../api/web/assets.js';
import { getOnTheWire, listenOnLoopback } from '../support/net.js';

const assetsModule = new URL('../../api/web/assets.ts', import.meta.url);
const partFile = (part: string) => new URL(part, assetsModule);
const partText = (part: string) => readFileSync(partFile(part), 'utf8');

let base = '';
let close = async () => {};

beforeAll(async () => {
  const app = express();
  app.use(assetRoutes());
  ({ base, close } = await listenOnLoopback(app));
});
afterAll(() => close());

describe('/assets/site.css', () => {
  it('is the concatenation of its parts in order, a blank line between two', async () => {
    const res = await getOnTheWire(`${base}/assets/site.css`);
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    const joined = SITE_CSS_PARTS.map(partText).join('\n');
    expect(res.raw.toString('utf8')).toBe(joined);
    expect(res.headers.etag).toBe(`"${createHash('sha256').update(joined).digest('base64url')}"`);
  });

  it('has every part of the folder listed, each once, each a whole file of under 300 lines', () => {
    const folder = new URL('./assets/site/', assetsModule);
    const listed = SITE_CSS_PARTS.map((part) => new URL(part, assetsModule).href);
    const onDisk = readdirSync(folder).map((name) => new URL(name, folder).href);
    expect([...listed].sort()).toEqual([...onDisk].sort());
    expect(new Set(listed).size).toBe(listed.length);
    for (const part of SITE_CSS_PARTS) {
      const text = partText(part);
      // One newline at the end and none at the start: the blank line between two parts is the join's.
      expect(text, part).toMatch(/^\S[^]*\S\n$/);
      expect(text.split('\n').length - 1, part).toBeLessThan(300);
    }
  });
});
