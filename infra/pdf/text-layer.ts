// The text a PDF carries, page by page, laid out as lines: text items on one baseline joined left to right,
// a wide horizontal gap kept as three spaces (a table cell or a second column begins there).
import { MAX_PAGE_TEXT } from './limits.js';
import type { PDFDocumentProxy, PDFPageProxy } from './pdfjs.js';

export interface PageText {
  /** 0-based. */
  index: number;
  text: string;
  /** Enough real text to read fields from; false for a scan, which needs OCR. */
  usable: boolean;
}

interface Item {
  str: string;
  x: number;
  y: number;
  width: number;
  size: number;
}

/** Lines of a page from pdf.js text items (PDF space: y grows upwards). */
export function layoutLines(items: Item[]): string[] {
  // pdf.js reports a wide gap as an item of its own holding one space; the positions of the items around it
  // tell the gap better.
  const sorted = items.filter((i) => i.str.trim().length > 0).sort((a, b) => b.y - a.y || a.x - b.x);
  const lines: Item[][] = [];
  for (const item of sorted) {
    const line = lines[lines.length - 1];
    // Same line when the baselines are within half a font size.
    if (line && Math.abs(line[0]!.y - item.y) <= 0.5 * Math.max(line[0]!.size, item.size)) line.push(item);
    else lines.push([item]);
  }
  return lines.map((line) => {
    line.sort((a, b) => a.x - b.x);
    let text = '';
    let end = -Infinity;
    for (const item of line) {
      const gap = item.x - end;
      if (text) {
        if (gap > 1.5 * item.size) text += '   ';
        else if (gap > 0.12 * item.size && !/\s$/.test(text) && !/^\s/.test(item.str)) text += ' ';
      }
      text += item.str;
      end = Math.max(end, item.x + item.width);
    }
    return text.replace(/\s+$/, '');
  });
}

/**
 * Whether a page's text is worth reading: enough letters and digits, and mostly characters a document
 * prints (a font without a Unicode map yields control characters and private-use glyphs).
 */
export function isUsable(text: string): boolean {
  const visible = text.replace(/\s/g, '');
  const alnum = (visible.match(/[\p{L}\p{N}]/gu) ?? []).length;
  const sane = (visible.match(/[\p{L}\p{N}\p{P}\p{S}]/gu) ?? []).length - (visible.match(/[\p{Co}\p{Cc}\uFFFD]/gu) ?? []).length;
  return alnum >= 40 && sane / Math.max(1, visible.length) >= 0.8;
}

export async function pageText(page: PDFPageProxy): Promise<string> {
  const content = await page.getTextContent();
  const items: Item[] = [];
  for (const raw of content.items) {
    if (!('str' in raw)) continue;
    const [, , c, d, e, f] = raw.transform as number[];
    items.push({ str: raw.str, x: e!, y: f!, width: raw.width, size: Math.hypot(c!, d!) || raw.height || 10 });
  }
  return layoutLines(items).join('\n').slice(0, MAX_PAGE_TEXT);
}

/** Every page's text; a page whose content cannot be read counts as a page without text. */
export async function readPages(doc: PDFDocumentProxy): Promise<PageText[]> {
  const pages: PageText[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    let text = '';
    try {
      const page = await doc.getPage(n);
      text = await pageText(page);
      page.cleanup();
    } catch {
      text = '';
    }
    pages.push({ index: n - 1, text, usable: isUsable(text) });
  }
  return pages;
}
