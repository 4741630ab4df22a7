// Loading pdf.js must leave the process's JSON and Array.prototype.push native: its bundled polyfills would
// otherwise slow every request of the API and every payload of the worker. (Identity is compared: core-js makes
// its replacements print as "[native code]".)
import { execFileSync } from 'node:child_process';
import PDFDocument from 'pdfkit';
import { expect, it } from 'vitest';

const natives = { parse: JSON.parse, stringify: JSON.stringify, push: Array.prototype.push };

const onePagePdf = () =>
  new Promise<Buffer>((resolve) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.text('one page').end();
  });

it('keeps JSON.parse, JSON.stringify and Array.prototype.push native once pdf.js is loaded', async () => {
  const { openPdf } = await import('../../infra/pdf/pdfjs.js');
  // pdf.js is loaded at the first document, not with the module.
  const document = await openPdf(await onePagePdf());
  expect(document.numPages).toBe(1);
  await document.destroy();
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

it('loads pdf.js only when a document is opened, not with the module', () => {
  // pdf.js announces itself as globalThis.pdfjsLib when it is evaluated.
  const script = `const { openPdf } = await import('./infra/pdf/pdfjs.ts');
    const before = typeof globalThis.pdfjsLib;
    await openPdf(new Uint8Array(Buffer.from(process.argv[1], 'base64'))).then((d) => d.destroy());
    console.log(before, typeof globalThis.pdfjsLib);`;
  return onePagePdf().then((pdf) => {
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script, pdf.toString('base64')],
      { encoding: 'utf8' },
    );
    expect(out.trim()).toBe('undefined object');
  });
});
