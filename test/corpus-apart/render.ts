// The written-apart corpus's own renderer: a document is a list of blocks (letterhead, title, paragraphs, label and
// value rows, tables, e-mail headers, small print); they are laid out once into positioned runs of text, and
// those runs are drawn twice: into a PDF with a text layer (pdfkit), and onto a canvas as a scanner would see the
// paper (a slight rotation, blur, grain and specks), put in a PDF as one image a page.
import { existsSync } from 'node:fs';
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import PDFDocument from 'pdfkit';
import { Rng } from './formats.js';

export type Block =
  | { t: 'head'; left: string[]; right?: string[] }
  | { t: 'title'; text: string }
  | { t: 'h'; text: string }
  | { t: 'p'; text: string }
  | { t: 'kv'; rows: [string, string][]; labelWidth?: number }
  | { t: 'table'; rows: string[][] }
  | { t: 'mono'; lines: string[] }
  | { t: 'small'; text: string }
  | { t: 'rule' }
  | { t: 'gap'; h?: number }
  | { t: 'page' };

export type Family = 'sans' | 'serif' | 'condensed' | 'dejavu' | 'mono';

export interface Look {
  family: Family;
  /** Body size in points. */
  size: number;
  margin: number;
  /** Text printed at the very top and bottom of every page, as a browser prints an e-mail (left, right). */
  printHeader?: [string, string];
  printFooter?: [string, string];
}

const FONT_DIRS = ['/usr/share/fonts/truetype/liberation', '/usr/share/fonts/truetype/dejavu'];
const FILES: Record<Family, [string, string]> = {
  sans: ['LiberationSans-Regular.ttf', 'LiberationSans-Bold.ttf'],
  serif: ['LiberationSerif-Regular.ttf', 'LiberationSerif-Bold.ttf'],
  condensed: ['DejaVuSansCondensed.ttf', 'DejaVuSansCondensed-Bold.ttf'],
  dejavu: ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'],
  mono: ['LiberationMono-Regular.ttf', 'LiberationMono-Bold.ttf'],
};

const fontPath = (file: string): string => {
  for (const dir of FONT_DIRS) if (existsSync(`${dir}/${file}`)) return `${dir}/${file}`;
  throw new Error(`font ${file} not found under ${FONT_DIRS.join(', ')}`);
};

let registered = false;
function registerFonts(): void {
  if (registered) return;
  for (const [family, [regular, bold]] of Object.entries(FILES)) {
    GlobalFonts.registerFromPath(fontPath(regular), `apart-${family}`);
    GlobalFonts.registerFromPath(fontPath(bold), `apart-${family}-bold`);
  }
  registered = true;
}

interface Run {
  x: number;
  y: number;
  text: string;
  family: Family;
  bold: boolean;
  size: number;
}
interface Rule {
  x1: number;
  x2: number;
  y: number;
}
interface Page {
  runs: Run[];
  rules: Rule[];
}

const WIDTH = 595.28;
const HEIGHT = 841.89;

const measurer = () => {
  registerFonts();
  const ctx = createCanvas(10, 10).getContext('2d');
  return (text: string, family: Family, bold: boolean, size: number): number => {
    ctx.font = `${size}px "apart-${family}${bold ? '-bold' : ''}"`;
    return ctx.measureText(text).width;
  };
};

/** Lays the blocks out on A4 pages: word wrap, label columns, page breaks. */
export function layout(blocks: Block[], look: Look): Page[] {
  const measure = measurer();
  const pages: Page[] = [{ runs: [], rules: [] }];
  const left = look.margin;
  const right = WIDTH - look.margin;
  const bottom = HEIGHT - look.margin - (look.printFooter ? 14 : 0);
  const top = look.margin + (look.printHeader ? 14 : 0);
  let y = top;
  const page = () => pages[pages.length - 1]!;
  const newPage = () => {
    pages.push({ runs: [], rules: [] });
    y = top;
  };
  const room = (h: number) => {
    if (y + h > bottom) newPage();
  };
  const wrap = (text: string, width: number, family: Family, bold: boolean, size: number): string[] => {
    const out: string[] = [];
    for (const paragraph of text.split('\n')) {
      let line = '';
      for (const word of paragraph.split(/ +/)) {
        const next = line ? `${line} ${word}` : word;
        if (line && measure(next, family, bold, size) > width) {
          out.push(line);
          line = word;
        } else line = next;
      }
      out.push(line);
    }
    return out;
  };
  const lines = (
    text: string,
    x: number,
    width: number,
    opts: { bold?: boolean; size?: number; family?: Family; lead?: number },
  ) => {
    const size = opts.size ?? look.size;
    const family = opts.family ?? look.family;
    const lead = opts.lead ?? size * 1.32;
    for (const line of wrap(text, width, family, opts.bold ?? false, size)) {
      room(lead);
      if (line) page().runs.push({ x, y, text: line, family, bold: opts.bold ?? false, size });
      y += lead;
    }
  };

  for (const block of blocks) {
    switch (block.t) {
      case 'head': {
        const start = y;
        block.left.forEach((text, i) => {
          page().runs.push({
            x: left,
            y,
            text,
            family: look.family,
            bold: i === 0,
            size: i === 0 ? look.size + 4 : look.size - 1,
          });
          y += i === 0 ? look.size + 8 : look.size * 1.25;
        });
        const leftEnd = y;
        y = start;
        for (const text of block.right ?? []) {
          const size = look.size - 1;
          page().runs.push({
            x: right - measure(text, look.family, false, size),
            y,
            text,
            family: look.family,
            bold: false,
            size,
          });
          y += size * 1.3;
        }
        y = Math.max(y, leftEnd) + look.size;
        break;
      }
      case 'title':
        y += 4;
        lines(block.text, left, right - left, { bold: true, size: look.size + 5 });
        y += 6;
        break;
      case 'h':
        y += 5;
        lines(block.text, left, right - left, { bold: true, size: look.size + 1 });
        y += 2;
        break;
      case 'p':
        lines(block.text, left, right - left, {});
        y += look.size * 0.6;
        break;
      case 'small':
        lines(block.text, left, right - left, { size: look.size - 2.5 });
        y += 3;
        break;
      case 'mono':
        for (const text of block.lines) lines(text, left, right - left, { family: 'mono', size: look.size - 0.5 });
        y += look.size * 0.6;
        break;
      case 'kv': {
        const labelWidth = block.labelWidth ?? 0.38 * (right - left);
        for (const [label, value] of block.rows) {
          const labelLines = wrap(label, labelWidth - 10, look.family, true, look.size);
          const valueLines = wrap(value, right - left - labelWidth, look.family, false, look.size);
          const lead = look.size * 1.38;
          room(lead * Math.max(labelLines.length, valueLines.length));
          const rowTop = y;
          labelLines.forEach((text, i) =>
            page().runs.push({ x: left, y: rowTop + i * lead, text, family: look.family, bold: true, size: look.size }),
          );
          valueLines.forEach((text, i) => {
            if (text)
              page().runs.push({
                x: left + labelWidth,
                y: rowTop + i * lead,
                text,
                family: look.family,
                bold: false,
                size: look.size,
              });
          });
          y = rowTop + lead * Math.max(labelLines.length, valueLines.length);
        }
        y += look.size * 0.6;
        break;
      }
      case 'table': {
        const columns = Math.max(...block.rows.map((r) => r.length));
        const width = (right - left) / columns;
        block.rows.forEach((row, r) => {
          const cells = row.map((cell) => wrap(cell, width - 8, look.family, r === 0, look.size - 0.5));
          const lead = look.size * 1.32;
          const h = lead * Math.max(...cells.map((c) => c.length));
          room(h + 4);
          cells.forEach((cell, c) =>
            cell.forEach((text, i) =>
              page().runs.push({
                x: left + c * width,
                y: y + i * lead,
                text,
                family: look.family,
                bold: r === 0,
                size: look.size - 0.5,
              }),
            ),
          );
          y += h + 2;
          if (r === 0) {
            page().rules.push({ x1: left, x2: right, y: y - 1 });
            y += 3;
          }
        });
        y += look.size * 0.6;
        break;
      }
      case 'rule':
        room(8);
        y += 3;
        page().rules.push({ x1: left, x2: right, y });
        y += 6;
        break;
      case 'gap':
        y += block.h ?? look.size;
        break;
      case 'page':
        newPage();
        break;
    }
  }
  if (look.printHeader || look.printFooter) {
    const size = 7.5;
    pages.forEach((p, i) => {
      const put = (text: string, x: number, yy: number, alignRight: boolean) =>
        p.runs.push({
          x: alignRight ? x - measure(text, 'sans', false, size) : x,
          y: yy,
          text: text.replace('{page}', `${i + 1}/${pages.length}`),
          family: 'sans',
          bold: false,
          size,
        });
      if (look.printHeader) {
        put(look.printHeader[0], 22, 16, false);
        put(look.printHeader[1], WIDTH - 22, 16, true);
      }
      if (look.printFooter) {
        put(look.printFooter[0], 22, HEIGHT - 22, false);
        put(look.printFooter[1], WIDTH - 22, HEIGHT - 22, true);
      }
    });
  }
  return pages;
}

function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

const FIXED_DATE = new Date(Date.UTC(2026, 0, 1));

function newPdf(title: string): PDFKit.PDFDocument {
  return new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    info: { Title: title, CreationDate: FIXED_DATE, ModDate: FIXED_DATE },
  });
}

/** The pages as a PDF with a text layer, in the document's own fonts. */
export async function textPdf(pages: Page[], title: string): Promise<Buffer> {
  const doc = newPdf(title);
  for (const [family, [regular, bold]] of Object.entries(FILES)) {
    doc.registerFont(`apart-${family}`, fontPath(regular));
    doc.registerFont(`apart-${family}-bold`, fontPath(bold));
  }
  for (const page of pages) {
    doc.addPage({ size: 'A4', margin: 0 });
    for (const run of page.runs) {
      doc
        .font(`apart-${run.family}${run.bold ? '-bold' : ''}`)
        .fontSize(run.size)
        .fillColor('#111111');
      doc.text(run.text, run.x, run.y, { lineBreak: false });
    }
    for (const rule of page.rules)
      doc.moveTo(rule.x1, rule.y).lineTo(rule.x2, rule.y).lineWidth(0.6).strokeColor('#555555').stroke();
  }
  return collect(doc);
}

export interface ScanLook {
  dpi: number;
  /** Degrees, either way. */
  rotation: number;
  /** Gaussian blur radius in device pixels. */
  blur: number;
  /** Standard deviation of the grain, in grey levels. */
  grain: number;
  /** Dark specks per page. */
  specks: number;
  /** Ink darkness, 0 (black) .. 90. */
  ink: number;
  jpegQuality: number;
}

function drawPage(ctx: SKRSContext2D, page: Page, scale: number, look: ScanLook): void {
  const grey = (v: number) => `rgb(${v},${v},${v})`;
  ctx.fillStyle = grey(look.ink);
  ctx.strokeStyle = grey(look.ink + 30);
  ctx.textBaseline = 'top';
  for (const run of page.runs) {
    ctx.font = `${run.size * scale}px "apart-${run.family}${run.bold ? '-bold' : ''}"`;
    ctx.fillText(run.text, run.x * scale, run.y * scale);
  }
  ctx.lineWidth = 0.6 * scale;
  for (const rule of page.rules) {
    ctx.beginPath();
    ctx.moveTo(rule.x1 * scale, rule.y * scale);
    ctx.lineTo(rule.x2 * scale, rule.y * scale);
    ctx.stroke();
  }
}

/** The pages as a scanner would return them: one greyscale JPEG a page, slightly turned, soft and grainy. */
export async function scanPdf(pages: Page[], title: string, look: ScanLook, seed: number): Promise<Buffer> {
  registerFonts();
  const rng = new Rng(seed);
  const scale = look.dpi / 72;
  const w = Math.round(WIDTH * scale);
  const h = Math.round(HEIGHT * scale);
  const doc = newPdf(title);
  for (const page of pages) {
    const sharp = createCanvas(w, h);
    const s = sharp.getContext('2d');
    const paper = 238 + rng.int(0, 12);
    s.fillStyle = `rgb(${paper},${paper},${paper - 3})`;
    s.fillRect(0, 0, w, h);
    s.save();
    s.translate(w / 2 + rng.int(-12, 12), h / 2 + rng.int(-12, 12));
    s.rotate((look.rotation * (rng.next() < 0.5 ? -1 : 1) * Math.PI) / 180);
    s.translate(-w / 2, -h / 2);
    drawPage(s, page, scale, look);
    s.restore();

    const soft = createCanvas(w, h);
    const b = soft.getContext('2d');
    b.filter = `blur(${look.blur}px)`;
    b.drawImage(sharp, 0, 0);
    b.filter = 'none';

    const image = b.getImageData(0, 0, w, h);
    const px = image.data;
    for (let i = 0; i < px.length; i += 4) {
      // Box-Muller would be truer; the sum of three uniforms is close enough to a bell for grain.
      const noise = (rng.next() + rng.next() + rng.next() - 1.5) * 2 * look.grain;
      const v = Math.max(0, Math.min(255, 0.299 * px[i]! + 0.587 * px[i + 1]! + 0.114 * px[i + 2]! + noise));
      px[i] = v;
      px[i + 1] = v;
      px[i + 2] = v;
    }
    for (let k = 0; k < look.specks; k++) {
      const cx = rng.int(0, w - 4);
      const cy = rng.int(0, h - 4);
      const r = rng.int(1, 3);
      for (let dy = 0; dy < r; dy++)
        for (let dx = 0; dx < r; dx++) {
          const at = ((cy + dy) * w + cx + dx) * 4;
          px[at] = px[at + 1] = px[at + 2] = rng.int(20, 90);
        }
    }
    b.putImageData(image, 0, 0);
    const jpeg = await soft.encode('jpeg', look.jpegQuality);
    doc.addPage({ size: 'A4', margin: 0 });
    doc.image(jpeg, 0, 0, { width: WIDTH, height: HEIGHT });
  }
  return collect(doc);
}
