// pdf.js's legacy build (the one Node 20 needs) bundles core-js polyfills, and on Node 20 core-js replaces a
// few built-ins with spec-exact JavaScript versions: JSON.parse and JSON.stringify (for the JSON
// parse-with-source proposal) and Array.prototype.push (for lengths past 2^32). Those are several times slower,
// and once pdf.js is loaded they serve every request and every Temporal payload of the process. pdf.js needs
// neither refinement, so the natives are put back. Imported by pdfjs.ts before pdf.js, so it sees the natives.
const natives = { parse: JSON.parse, stringify: JSON.stringify, push: Array.prototype.push } as const;

export function restoreNativeBuiltins(): void {
  JSON.parse = natives.parse;
  JSON.stringify = natives.stringify;
  Array.prototype.push = natives.push;
}
