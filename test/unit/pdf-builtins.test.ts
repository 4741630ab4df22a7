// Loading pdf.js must leave the process's JSON and Array.prototype.push native: its bundled polyfills would
// otherwise slow every request of the API and every payload of the worker. (Identity is compared: core-js makes
// its replacements print as "[native code]".)
import { execFileSync } from 'node:child_process';
import { expect, it } from 'vitest';

const natives = { parse: JSON.parse, stringify: JSON.stringify, push: Array.prototype.push };

it('keeps JSON.parse, JSON.stringify and Array.prototype.push native once pdf.js is loaded', async () => {
  const { openPdf } = await import('../../infra/pdf/pdfjs.js');
  expect(typeof openPdf).toBe('function');
  expect(JSON.parse).toBe(natives.parse);
  expect(JSON.stringify).toBe(natives.stringify);
  expect(Array.prototype.push).toBe(natives.push);
});

it('needs to: pdf.js alone replaces them', () => {
  const script = `const s = JSON.stringify, p = JSON.parse, a = Array.prototype.push;
    await import('pdfjs-dist/legacy/build/pdf.mjs');
    console.log([JSON.stringify === s, JSON.parse === p, Array.prototype.push === a].join(','));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  expect(out.trim()).toBe('false,false,false');
});
