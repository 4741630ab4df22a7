// The independent corpus's layouts, drawn with pdfkit in its own way (not test/corpus/layouts.ts):
// - grid: a ruled table, label cell and value cell;
// - columns: the holder's block and the policy's block side by side, so their lines meet in the text layer;
// - below: each label in small capitals above its value;
// - after: form fields, the value on a rule and its caption under it (the label after the value);
// - pages: a covering letter on page one and the details on page two.
// Every page carries a header with another reference and a date, and a footer with page numbers; the font is
// Courier, Times or Helvetica.
import PDFDocument from 'pdfkit';
import type { Row, Wording } from './wording.js';

export type Layout = 'grid' | 'columns' | 'below' | 'after' | 'pages';
export const LAYOUTS: readonly Layout[] = ['grid', 'columns', 'below', 'after', 'pages'];
export type Font = 'Courier' | 'Times-Roman' | 'Helvetica';

type Pdf = PDFKit.PDFDocument;
const LEFT = 56;
const WIDTH = 483;
const CREATED = new Date(Date.UTC(2024, 5, 1));

interface Drawing {
  pdf: Pdf;
  font: Font;
  bold: string;
  w: Wording;
}

const boldOf = (font: Font) =>
  font === 'Courier' ? 'Courier-Bold' : font === 'Times-Roman' ? 'Times-Bold' : 'Helvetica-Bold';

function titleBlock({ pdf, bold, w }: Drawing): void {
  pdf.font(bold).fontSize(14).fillColor('black').text(w.title, LEFT, 70, { width: WIDTH });
  pdf.moveDown(0.8);
}

function grid(d: Drawing, rows: Row[]): void {
  const { pdf, font } = d;
  const labelWidth = 190;
  for (const row of rows) {
    const top = pdf.y;
    pdf
      .font(font)
      .fontSize(9.5)
      .fillColor('#333')
      .text(row.label, LEFT + 6, top + 5, { width: labelWidth - 12 });
    const labelBottom = pdf.y;
    pdf.fillColor('black').text(row.value, LEFT + labelWidth + 6, top + 5, { width: WIDTH - labelWidth - 12 });
    const bottom = Math.max(labelBottom, pdf.y) + 5;
    pdf
      .lineWidth(0.6)
      .strokeColor('#777')
      .rect(LEFT, top, labelWidth, bottom - top)
      .stroke()
      .rect(LEFT + labelWidth, top, WIDTH - labelWidth, bottom - top)
      .stroke();
    pdf.y = bottom;
  }
  pdf.moveDown(1);
}

function columns(d: Drawing): void {
  const { pdf, font, w } = d;
  const half = WIDTH / 2 - 10;
  const top = pdf.y;
  const block = (rows: Row[], x: number) => {
    pdf.y = top;
    for (const row of rows)
      pdf
        .font(font)
        .fontSize(9.5)
        .fillColor('black')
        .text(row.label ? `${row.label}: ${row.value}` : row.value, x, pdf.y + 3, { width: half });
    return pdf.y;
  };
  const bottom = Math.max(block(w.holder, LEFT), block(w.policy, LEFT + half + 20));
  pdf.y = bottom + 12;
}

function below(d: Drawing, rows: Row[]): void {
  const { pdf, font, bold } = d;
  for (const row of rows) {
    // A label-blind variant may have no label: the value keeps its place.
    if (row.label)
      pdf
        .font(font)
        .fontSize(7.5)
        .fillColor('#555')
        .text(row.label.toUpperCase(), LEFT, pdf.y + 6, { width: WIDTH });
    else pdf.y += 15;
    pdf
      .font(bold)
      .fontSize(10.5)
      .fillColor('black')
      .text(row.value, LEFT, pdf.y + 1, { width: WIDTH });
  }
  pdf.moveDown(1);
}

function after(d: Drawing, rows: Row[]): void {
  const { pdf, font } = d;
  for (const row of rows) {
    pdf
      .font(font)
      .fontSize(10.5)
      .fillColor('black')
      .text(row.value, LEFT + 4, pdf.y + 8, { width: WIDTH });
    pdf
      .lineWidth(0.5)
      .strokeColor('#999')
      .moveTo(LEFT, pdf.y + 1)
      .lineTo(LEFT + 300, pdf.y + 1)
      .stroke();
    if (row.label)
      pdf
        .font(font)
        .fontSize(7)
        .fillColor('#555')
        .text(row.label, LEFT, pdf.y + 3, { width: 300 });
    else pdf.y += 11;
  }
  pdf.moveDown(1);
}

function letter(d: Drawing): void {
  const { pdf, font, w } = d;
  const holder = w.holder[0]!.value;
  pdf.font(font).fontSize(10.5).fillColor('black');
  pdf.text(holder, LEFT, pdf.y);
  pdf.moveDown(1.5);
  pdf.text(w.insurerLine, { width: WIDTH });
  pdf.moveDown(0.8);
  pdf.text(`${w.holder[2]!.label}: ${w.holder[2]!.value}`, { width: WIDTH });
  pdf.text(`${w.holder[3]!.label}: ${w.holder[3]!.value}`, { width: WIDTH });
}

function headerFooter({ pdf, font, w }: Drawing): void {
  const { count } = pdf.bufferedPageRange();
  for (let i = 0; i < count; i++) {
    pdf.switchToPage(i);
    pdf.font(font).fontSize(7.5).fillColor('#666');
    pdf.text(w.header, LEFT, 30, { width: WIDTH, lineBreak: false });
    pdf.text(w.footer.replace('{page}', `${i + 1}/${count}`), LEFT, 800, { width: WIDTH, lineBreak: false });
  }
}

export async function renderPolicy(w: Wording, layout: Layout, font: Font): Promise<{ pdf: Buffer; pages: number }> {
  const pdf = new PDFDocument({
    size: 'A4',
    margins: { top: 50, bottom: 20, left: LEFT, right: 56 },
    bufferPages: true,
    info: { Title: w.title, CreationDate: CREATED, Producer: 'independent corpus' },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const d: Drawing = { pdf, font, bold: boldOf(font), w };
  titleBlock(d);
  if (layout === 'grid') grid(d, [...w.holder, ...w.policy]);
  else if (layout === 'columns') columns(d);
  else if (layout === 'below') below(d, [...w.policy, ...w.holder]);
  else if (layout === 'after') after(d, [...w.holder, ...w.policy]);
  else {
    letter(d);
    pdf.addPage();
    pdf.y = 70;
    grid(d, w.policy);
  }
  headerFooter(d);
  const pages = pdf.bufferedPageRange().count;
  pdf.end();
  return { pdf: await done, pages };
}
