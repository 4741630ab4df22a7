// OCR that finds a page's language before reading it (issue 53 item 4). Tesseract given three languages reads
// each line in the first and tries the others on every word it is unsure of: a page costs about 1.6 times a read
// in its one language. So a page is read with the one language it needs, found first, cheapest first:
// 1. what the caller knows of the document (the text layer of its other pages, or a page of it already read);
// 2. else a quick look: the page's densest strip of print (infra/pdf/text-band.ts), read in English, whose
//    commonest words tell English, German and French apart (domain/extraction/language.ts);
// 3. else, the language unsure, the three-language read as before.
// After the read, the page's own words must agree: a page that reads as another language, surely, is read again
// in that one (a cover letter in English before a German schedule).
//
// Each language set has its own pool of tesseract.js workers, started on first need (a worker cannot switch its
// language in less than about 0.4 s); together they read no more pages at a time than `size`, so the CPUs are
// shared as with one pool, at the cost of a worker's memory per language in use.
import { detectLanguage } from '../../domain/extraction/language.js';
import type { DocumentLanguage } from '../../domain/extraction/types.js';
import { fold } from '../../domain/extraction/text.js';
import { OCR_DPI } from '../pdf/limits.js';
import { lazyOcrPool } from './lazy-pool.js';
import { DEFAULT_LANGS, defaultOcrWorkers, OcrError } from './pool.js';
import type {
  Image,
  ImageSource,
  OcrPageResult,
  OcrPool,
  OcrPoolOptions,
  OcrPoolStats,
  RecognizeOptions,
} from './pool-interface.js';
import { WaitQueue } from './wait-queue.js';

/** The tesseract language data for each language the parser knows. */
export const TESSERACT_LANGUAGE: Record<DocumentLanguage, string> = { en: 'eng', de: 'deu', fr: 'fra' };

/** detectLanguage's confidence from which a language is taken as sure: its words outnumber the next by a third. */
export const SURE_LANGUAGE = 0.75;

/** The language a text is surely in, or null (too few common words, or two languages close). */
export function sureLanguage(text: string): DocumentLanguage | null {
  const guess = detectLanguage(fold(text));
  return guess.language && guess.confidence >= SURE_LANGUAGE ? guess.language : null;
}

/** The quick look is read in English: the words that tell the languages apart need no accents to be read. */
const LOOK_LANGS = ['eng'];

export function languageFirstOcr(options: OcrPoolOptions = {}): OcrPool {
  const size = Math.max(1, Math.floor(options.size ?? defaultOcrWorkers()));
  const fallback = options.langs ?? DEFAULT_LANGS;
  const pools = new Map<string, OcrPool>();
  const poolFor = (langs: readonly string[]): OcrPool => {
    const key = langs.join('+');
    let pool = pools.get(key);
    if (!pool) pools.set(key, (pool = lazyOcrPool({ ...options, size, langs: [...langs] })));
    return pool;
  };
  let free = size;
  const waiting = new WaitQueue<void>();
  let closed = false;

  const release = () => {
    if (!waiting.handOff(undefined)) free++;
  };

  async function look(probe: Uint8Array, dpi: number, opts: RecognizeOptions): Promise<DocumentLanguage | null> {
    const seen = await poolFor(LOOK_LANGS).recognize({ data: probe, dpi }, { ...opts, rectangle: undefined });
    return sureLanguage(seen.text);
  }

  async function read(image: Image, language: DocumentLanguage | null, opts: RecognizeOptions) {
    const langs = language ? [TESSERACT_LANGUAGE[language]] : fallback;
    return { ...(await poolFor(langs).recognize(image, opts)), langs };
  }

  async function recognize(source: ImageSource, opts: RecognizeOptions = {}): Promise<OcrPageResult> {
    if (closed) throw new OcrError('the OCR pool is closed');
    if (free > 0) free--;
    else await waiting.wait(opts.signal, () => new OcrError('cancelled before a worker was free'));
    try {
      const image = typeof source === 'function' ? await source() : source;
      const { data, dpi, probe } = 'data' in image ? image : { data: image, dpi: undefined, probe: undefined };
      const page = dpi === undefined ? data : { data, dpi };
      let language = opts.language?.() ?? null;
      if (!language && probe && probe.length > 0) language = await look(probe, dpi ?? OCR_DPI, opts);
      let result = await read(page, language, opts);
      const shown = result.timedOut ? null : sureLanguage(result.text);
      if (language && shown && shown !== language) result = await read(page, shown, opts);
      return { ...result, language: shown ?? language };
    } finally {
      release();
    }
  }

  return {
    size,
    langs: fallback,
    recognize,
    stats(): OcrPoolStats {
      const all = [...pools.values()].map((pool) => pool.stats());
      const sum = (key: keyof OcrPoolStats) => all.reduce((total, s) => total + s[key], 0);
      return {
        size,
        ready: Math.max(0, ...all.map((s) => s.ready)),
        busy: size - free,
        queued: waiting.length,
        pages: sum('pages'),
        timeouts: sum('timeouts'),
        restarts: sum('restarts'),
        threads: sum('threads'),
      };
    },
    async close() {
      closed = true;
      waiting.rejectAll(new OcrError('the OCR pool is closed'));
      await Promise.all([...pools.values()].map((pool) => pool.close()));
    },
  };
}
