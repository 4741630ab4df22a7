// Documents the service must refuse, made on the fly: not a PDF, cut short, damaged, locked by a password,
// too large, too many pages, a page of absurd size; two it must accept although they look odd, and a plain motor certificate.
import PDFDocument from 'pdfkit';

type Options = ConstructorParameters<typeof PDFDocument>[0];

/** A PDF from pdfkit; `draw` adds content to the first page (and may add pages). */
export function makePdf(
  options: Options = {},
  draw: (pdf: PDFKit.PDFDocument) => void = (pdf) => pdf.text('Policy number: PC48291033'),
): Promise<Buffer> {
  const pdf = new PDFDocument({ size: 'A4', ...options });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  draw(pdf);
  pdf.end();
  return done;
}

export const notAPdf = () => Buffer.from('Policy number: PC48291033\nThis is a text file, not a PDF.\n');

export async function truncated(): Promise<Buffer> {
  const whole = await makePdf();
  return whole.subarray(0, Math.floor(whole.length * 0.6));
}

/** The header and trailer of a PDF around bytes that are not one. */
export const damaged = () =>
  Buffer.concat([
    Buffer.from('%PDF-1.7\n'),
    Buffer.alloc(4096, 0x41),
    Buffer.from('\ntrailer\n<< /Root 99 0 R >>\n%%EOF\n'),
  ]);

export const encrypted = () => makePdf({ userPassword: 'secret', ownerPassword: 'owner', pdfVersion: '1.7' });

/** Permissions only: opens without a password in every reader. */
export const restricted = () =>
  makePdf({ ownerPassword: 'owner', permissions: { printing: 'lowResolution', copying: false }, pdfVersion: '1.7' });

/** A valid PDF padded past 14 MB with trailing whitespace (which readers ignore), still ending in %%EOF. */
export async function oversized(bytes = 15 * 1024 * 1024): Promise<Buffer> {
  const small = await makePdf();
  return Buffer.concat([small, Buffer.alloc(bytes - small.length - 7, 0x20), Buffer.from('\n%%EOF\n')]);
}

export const manyPages = (pages = 500) =>
  makePdf({ autoFirstPage: true }, (pdf) => {
    pdf.text('Page 1');
    for (let n = 2; n <= pages; n++) pdf.addPage().text(`Page ${n}`);
  });

/** One page 200,000 points (about 70 m) on a side. */
export const hugePage = () => makePdf({ size: [200_000, 200_000] });

/** One page 4,000 points (1.4 m) on a side: accepted, rendered below the OCR resolution (OCR_DPI). */
export const largePage = () =>
  makePdf({ size: [4000, 4000] }, (pdf) => pdf.fontSize(200).text('Policy number: PC48291033', 100, 100));

/** A one-page UK motor certificate with a text layer: what the recording scripts upload (scripts/record-*.ts). */
export const motorCertificate = () =>
  makePdf({}, (pdf) =>
    pdf
      .fontSize(12)
      .text(
        'Certificate of Motor Insurance\nInsurer: AXA\nPolicy number: AXK12345678\nPeriod of insurance: 01/02/2026 to 31/01/2027',
      ),
  );
