// The text a PDF carries, page by page, laid out as lines: text items on one baseline joined left to right,
// a wide horizontal gap kept as three spaces (a table cell or a second column begins there).
import type { PositionedWord } from '../../domain/extraction/layout.js';
import { MAX_PAGE_TEXT } from './limits.js';
import type { PDFDocumentProxy, PDFPageProxy } from './pdfjs.js';

export interface PageText {
  /** 0-based. */
  index: number;
  text: string;
  /** Where the text's words sit on the page (points from the top left), in the text's order. */
  words: PositionedWord[];
  /** Enough real text to read fields from; false for a scan, which needs OCR. */
  usable: boolean;
  /** The page's size in points, the units of its words' boxes. */
  geometry?: { width: number; height: number };
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
  return layoutItems(items).lines;
}

/**
 * The lines, and the words of each line with their boxes, y turned to grow downwards from the top of a page
 * `height` high: an item of several words shares its width among them by character count. Lines from `limit`
 * characters on give no words (the text is cut there).
 */
export function layoutItems(
  items: Item[],
  height = 0,
  page = 0,
  limit = Infinity,
): { lines: string[]; words: PositionedWord[] } {
  const words: PositionedWord[] = [];
  // Where the line being built starts in the page's text: words from `limit` on are cut off with the text.
  let offset = 0;
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
  const out = lines.map((line) => {
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
      if (offset < limit) words.push(...itemWords(item, height, page));
    }
    text = text.replace(/\s+$/, '');
    offset += text.length + 1;
    return text;
  });
  return { lines: out, words };
}

const round = (n: number) => Math.round(n * 10) / 10;

/** An item's words: its box from the baseline up by the font's ascent and down by its descent. */
function itemWords(item: Item, height: number, page: number): PositionedWord[] {
  const perChar = item.width / Math.max(1, item.str.length);
  const [y0, y1] = [height - item.y - 0.8 * item.size, height - item.y + 0.2 * item.size];
  const out: PositionedWord[] = [];
  for (const m of item.str.matchAll(/\S+/g)) {
    const x0 = item.x + m.index * perChar;
    out.push({ text: m[0], x0: round(x0), y0: round(y0), x1: round(x0 + m[0].length * perChar), y1: round(y1), page });
  }
  return out;
}

/**
 * Whether a page's text is worth reading: enough letters and digits, and mostly characters a document
 * prints (a font without a Unicode map yields control characters and private-use glyphs).
 */
export function isUsable(text: string): boolean {
  const visible = text.replace(/\s/g, '');
  const alnum = (visible.match(/[\p{L}\p{N}]/gu) ?? []).length;
  const sane =
    (visible.match(/[\p{L}\p{N}\p{P}\p{S}]/gu) ?? []).length - (visible.match(/[\p{Co}\p{Cc}\uFFFD]/gu) ?? []).length;
  return alnum >= 40 && sane / Math.max(1, visible.length) >= 0.8;
}

export async function pageText(page: PDFPageProxy): Promise<string> {
  return (await pageLayout(page)).text;
}

/** A page's text, its words' boxes (page index 0 unless given) and its size in points. */
export async function pageLayout(
  page: PDFPageProxy,
  index = 0,
): Promise<{ text: string; words: PositionedWord[]; geometry: { width: number; height: number } }> {
  const content = await page.getTextContent();
  const items: Item[] = [];
  for (const raw of content.items) {
    if (!('str' in raw)) continue;
    const [, , c, d, e, f] = raw.transform as number[];
    items.push({ str: raw.str, x: e!, y: f!, width: raw.width, size: Math.hypot(c!, d!) || raw.height || 10 });
  }
  const { width, height } = page.getViewport({ scale: 1 });
  const { lines, words } = layoutItems(items, height, index, MAX_PAGE_TEXT);
  return { text: lines.join('\n').slice(0, MAX_PAGE_TEXT), words, geometry: { width, height } };
}

/** Every page's text; a page whose content cannot be read counts as a page without text. */
export async function readPages(doc: PDFDocumentProxy): Promise<PageText[]> {
  const pages: PageText[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    let text = '';
    let words: PositionedWord[] = [];
    let geometry: { width: number; height: number } | undefined;
    try {
      const page = await doc.getPage(n);
      ({ text, words, geometry } = await pageLayout(page, n - 1));
      page.cleanup();
    } catch {
      text = '';
      words = [];
    }
    const usable = isUsable(text);
    pages.push({ index: n - 1, text, words: usable ? words : [], usable, ...(geometry ? { geometry } : {}) });
  }
  return pages;
}
