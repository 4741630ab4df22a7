// The corpus documents as text PDFs (pdfkit), in four layouts:
// - schedule: letterhead, title, label/value tables by section, regulatory footer;
// - columns: policyholder and policy details side by side ("Label: value"), so lines of the two columns
//   meet in the text layer, then a cover table;
// - letter: a letter whose subject carries the number and whose sentences carry the period, the insurer in a
//   sentence when a broker writes, and a cover summary on page 2;
// - stacked: form style, each label in small capitals above its value, cover on page 2.
import PDFDocument from 'pdfkit';
import type { PolicyDocument, Row } from './policies.js';

const LEFT = 50;
const WIDTH = 495;
const GREY = '#555555';
// A narrow bottom margin: the footer sits low, and pdfkit would otherwise break to a new page for it.
const MARGINS = { top: 50, bottom: 20, left: 50, right: 50 };

type Pdf = PDFKit.PDFDocument;

function fonts(doc: PolicyDocument) {
  return doc.font === 'Helvetica'
    ? { regular: 'Helvetica', bold: 'Helvetica-Bold' }
    : { regular: 'Times-Roman', bold: 'Times-Bold' };
}

function letterhead(pdf: Pdf, doc: PolicyDocument): void {
  const f = fonts(doc);
  pdf.font(f.bold).fontSize(16).fillColor('#1b2f5b').text(doc.letterhead.name, LEFT, 45, { width: WIDTH });
  pdf
    .font(f.regular)
    .fontSize(8)
    .fillColor(GREY)
    .text(doc.letterhead.address, LEFT, pdf.y + 2, { width: WIDTH });
  pdf
    .moveTo(LEFT, pdf.y + 6)
    .lineTo(LEFT + WIDTH, pdf.y + 6)
    .lineWidth(0.8)
    .strokeColor('#1b2f5b')
    .stroke();
  pdf.fillColor('black');
  pdf.y += 16;
}

function title(pdf: Pdf, doc: PolicyDocument): void {
  pdf.font(fonts(doc).bold).fontSize(13).fillColor('black').text(doc.title, LEFT, pdf.y, { width: WIDTH });
  pdf.y += 8;
}

function heading(pdf: Pdf, doc: PolicyDocument, text: string, x = LEFT, width = WIDTH): void {
  pdf.font(fonts(doc).bold).fontSize(10.5).fillColor('#1b2f5b').text(text, x, pdf.y, { width });
  pdf.fillColor('black');
  pdf.y += 3;
}

/** Label in one column, value in the next, on one baseline. */
function table(pdf: Pdf, doc: PolicyDocument, rows: Row[], labelWidth = 175): void {
  const f = fonts(doc);
  for (const row of rows) {
    const y = pdf.y;
    pdf
      .font(f.regular)
      .fontSize(9.5)
      .fillColor(GREY)
      .text(row.label, LEFT, y, { width: labelWidth - 10 });
    const afterLabel = pdf.y;
    pdf
      .font(f.regular)
      .fontSize(9.5)
      .fillColor('black')
      .text(row.value, LEFT + labelWidth, y, { width: WIDTH - labelWidth });
    pdf.y = Math.max(pdf.y, afterLabel) + 4;
  }
  pdf.y += 8;
}

/** "Label: value" lines within a column. */
function inline(pdf: Pdf, doc: PolicyDocument, rows: Row[], x: number, width: number): void {
  const f = fonts(doc);
  for (const row of rows) {
    // A label-blind variant may have no label: the value alone.
    if (row.label)
      pdf.font(f.bold).fontSize(9).fillColor('black').text(`${row.label}: `, x, pdf.y, { width, continued: true });
    pdf.font(f.regular).fontSize(9).fillColor('black').text(row.value);
    pdf.y += 3;
  }
}

/** Small capitals above each value. */
function stacked(pdf: Pdf, doc: PolicyDocument, rows: Row[]): void {
  const f = fonts(doc);
  for (const row of rows) {
    if (row.label)
      pdf
        .font(f.regular)
        .fontSize(7.5)
        .fillColor(GREY)
        .text(row.label.toUpperCase(), LEFT, pdf.y, { width: WIDTH, characterSpacing: 0.4 });
    else pdf.y += 9;
    pdf
      .font(f.regular)
      .fontSize(11)
      .fillColor('black')
      .text(row.value, LEFT, pdf.y + 1, { width: WIDTH });
    pdf.y += 7;
  }
}

function footer(pdf: Pdf, doc: PolicyDocument): void {
  pdf.font(fonts(doc).regular).fontSize(7).fillColor(GREY).text(doc.footer, LEFT, 770, { width: WIDTH, lineGap: 1 });
  pdf.fillColor('black');
}

function schedule(pdf: Pdf, doc: PolicyDocument): void {
  letterhead(pdf, doc);
  title(pdf, doc);
  heading(pdf, doc, doc.holderHeading);
  table(pdf, doc, doc.holder);
  heading(pdf, doc, doc.detailsHeading);
  table(pdf, doc, doc.details);
  heading(pdf, doc, doc.coverHeading);
  table(pdf, doc, doc.cover);
  footer(pdf, doc);
}

function columns(pdf: Pdf, doc: PolicyDocument): void {
  letterhead(pdf, doc);
  title(pdf, doc);
  const top = pdf.y;
  heading(pdf, doc, doc.holderHeading, LEFT, 225);
  inline(pdf, doc, doc.holder, LEFT, 225);
  const leftEnd = pdf.y;
  pdf.y = top;
  heading(pdf, doc, doc.detailsHeading, 300, 245);
  inline(pdf, doc, doc.details, 300, 245);
  pdf.y = Math.max(leftEnd, pdf.y) + 14;
  heading(pdf, doc, doc.coverHeading);
  table(pdf, doc, doc.cover);
  footer(pdf, doc);
}

function letter(pdf: Pdf, doc: PolicyDocument): void {
  const f = fonts(doc);
  const l = doc.letter!;
  letterhead(pdf, doc);
  const name = doc.holder[0]!.value;
  const address = doc.holder[1]!.value.split(', ');
  pdf
    .font(f.regular)
    .fontSize(10)
    .fillColor('black')
    .text([name, ...address].join('\n'), LEFT, 120, { width: 250 });
  pdf.text(l.placeDate, LEFT, 190, { width: WIDTH, align: 'right' });
  pdf.y += 14;
  pdf.font(f.bold).fontSize(11).text(l.subject, LEFT, pdf.y, { width: WIDTH });
  pdf.y += 10;
  pdf.font(f.regular).fontSize(10).text(l.salutation, LEFT, pdf.y, { width: WIDTH });
  pdf.y += 6;
  for (const paragraph of l.paragraphs) {
    pdf.text(paragraph, LEFT, pdf.y, { width: WIDTH, align: 'justify', lineGap: 2 });
    pdf.y += 8;
  }
  inline(pdf, doc, doc.details, LEFT, WIDTH);
  pdf.y += 10;
  pdf.font(f.regular).fontSize(10).text(l.closing, LEFT, pdf.y, { width: WIDTH });
  footer(pdf, doc);
  pdf.addPage({ size: 'A4', margins: MARGINS });
  letterhead(pdf, doc);
  heading(pdf, doc, doc.coverHeading);
  table(pdf, doc, doc.cover);
  footer(pdf, doc);
}

function form(pdf: Pdf, doc: PolicyDocument): void {
  letterhead(pdf, doc);
  title(pdf, doc);
  heading(pdf, doc, doc.holderHeading);
  stacked(pdf, doc, doc.holder);
  pdf.y += 6;
  heading(pdf, doc, doc.detailsHeading);
  stacked(pdf, doc, doc.details);
  footer(pdf, doc);
  pdf.addPage({ size: 'A4', margins: MARGINS });
  letterhead(pdf, doc);
  heading(pdf, doc, doc.coverHeading);
  stacked(pdf, doc, doc.cover);
  footer(pdf, doc);
}

const LAYOUT = { schedule, columns, letter, stacked: form };

/** A fixed date in the file's metadata, so the same document gives the same bytes. */
const CREATED = new Date(Date.UTC(2024, 0, 1));

export async function renderTextPdf(doc: PolicyDocument): Promise<{ pdf: Buffer; pages: number }> {
  const pdf = new PDFDocument({
    size: 'A4',
    margins: MARGINS,
    bufferPages: true,
    info: { Title: doc.title, CreationDate: CREATED, Producer: 'corpus' },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  LAYOUT[doc.layout](pdf, doc);
  const pages = pdf.bufferedPageRange().count;
  pdf.end();
  return { pdf: await done, pages };
}
