// Pages drawn for OCR in threads of their own. Drawing a scanned page (pdf.js, the illumination evened out, the PNG)
// takes 0.5 to 0.75 s of CPU in one piece: on the worker's event loop it held every verification activity and
// workflow task of that worker behind it (measured: the loop stalled 410 to 560 ms a page), so a burst of scans
// slowed every short job (issue 40 item 4). The threads start on the first page; an idle one keeps no process alive.
import { Worker } from 'node:worker_threads';
import { defaultOcrWorkers } from '../ocr/pool.js';
import type { RenderedPage } from './render.js';
import type { RenderReply, RenderRequest } from './render-thread.js';

const FROM_SOURCE = import.meta.url.endsWith('.ts');
const ENTRY = new URL('../thread-entry.mjs', import.meta.url);
const MODULE = new URL(`./render-thread.${FROM_SOURCE ? 'ts' : 'js'}`, import.meta.url).href;

export class PageNotRenderedError extends Error {
  constructor(reason: string) {
    super(`the page could not be drawn (${reason})`);
    this.name = 'PageNotRenderedError';
  }
}

interface Waiting {
  request: RenderRequest;
  resolve(page: RenderedPage & { threadId: number }): void;
  reject(error: Error): void;
}

interface Thread {
  worker: Worker;
  busy: Waiting | null;
}

/** As many threads as OCR workers: each OCR worker reads one page at a time, so more would only queue. */
const SIZE = defaultOcrWorkers();
const threads: Thread[] = [];
const queue: Waiting[] = [];
let nextId = 0;

function startThread(): Thread {
  const thread: Thread = { worker: new Worker(ENTRY, { workerData: { fromSource: FROM_SOURCE, module: MODULE } }), busy: null };
  thread.worker.on('message', (reply: RenderReply) => {
    const done = thread.busy;
    thread.busy = null;
    thread.worker.unref();
    if (done) {
      if ('error' in reply) done.reject(new PageNotRenderedError(reply.error));
      else done.resolve({ png: Buffer.from(reply.png.buffer, reply.png.byteOffset, reply.png.byteLength), width: reply.width, height: reply.height, dpi: reply.dpi, threadId: reply.threadId });
    }
    dispatch();
  });
  // A thread that dies fails the page it had; the next page starts another.
  const lost = (error: Error) => {
    threads.splice(threads.indexOf(thread), 1);
    thread.busy?.reject(new PageNotRenderedError(error.name));
    thread.busy = null;
    dispatch();
  };
  thread.worker.once('error', lost);
  thread.worker.once('exit', (code) => {
    if (threads.includes(thread)) lost(new Error(`exit ${code}`));
  });
  threads.push(thread);
  return thread;
}

function dispatch(): void {
  while (queue.length > 0) {
    const thread = threads.find((t) => !t.busy) ?? (threads.length < SIZE ? startThread() : null);
    if (!thread) return;
    const waiting = queue.shift()!;
    thread.busy = waiting;
    // A page being drawn keeps the process alive; an idle thread does not.
    thread.worker.ref();
    thread.worker.postMessage(waiting.request);
  }
}

/** Page `index` (from 0) of the PDF in `bytes`, drawn for OCR in a thread of its own. */
export function renderApart(bytes: Uint8Array, index: number): Promise<RenderedPage & { threadId: number }> {
  return new Promise((resolve, reject) => {
    queue.push({ request: { id: nextId++, bytes, index }, resolve, reject });
    dispatch();
  });
}
