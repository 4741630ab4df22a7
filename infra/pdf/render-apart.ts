// Pages drawn for OCR in threads of their own. Drawing a scanned page (pdf.js, the illumination evened out, the PNG)
// takes 0.5 to 0.75 s of CPU in one piece: on the worker's event loop it held every verification activity and
// workflow task of that worker behind it (measured: the loop stalled 410 to 560 ms a page), so a burst of scans
// slowed every short job (issue 40 item 4). A thread starts when a page finds none idle: the OCR pool asks for a
// page only once one of its workers is free for it, so there are never more threads than OCR workers
// (OCR_WORKERS). An idle thread keeps no process alive.
import { Worker } from 'node:worker_threads';
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

type Drawn = RenderedPage & { threadId: number };

interface Thread {
  worker: Worker;
  /** The page it is drawing, answered by its next message. */
  busy: { resolve(page: Drawn): void; reject(error: Error): void } | null;
}

const threads: Thread[] = [];

function startThread(): Thread {
  const thread: Thread = {
    worker: new Worker(ENTRY, { workerData: { fromSource: FROM_SOURCE, module: MODULE } }),
    busy: null,
  };
  thread.worker.on('message', (reply: RenderReply) => {
    const done = thread.busy;
    thread.busy = null;
    thread.worker.unref();
    if ('error' in reply) done?.reject(new PageNotRenderedError(reply.error));
    else
      done?.resolve({
        png: Buffer.from(reply.png.buffer, reply.png.byteOffset, reply.png.byteLength),
        probe: Buffer.from(reply.probe.buffer, reply.probe.byteOffset, reply.probe.byteLength),
        width: reply.width,
        height: reply.height,
        dpi: reply.dpi,
        threadId: reply.threadId,
      });
  });
  // A thread that dies fails the page it had and is dropped; the next page starts another.
  const lost = (reason: string) => {
    const at = threads.indexOf(thread);
    if (at < 0) return;
    threads.splice(at, 1);
    thread.busy?.reject(new PageNotRenderedError(reason));
    thread.busy = null;
  };
  thread.worker.once('error', (error) => lost(error.name));
  thread.worker.once('exit', (code) => lost(`exit ${code}`));
  threads.push(thread);
  return thread;
}

/** Page `index` (from 0) of the PDF in `bytes`, drawn for OCR (or at `dpi`) in a thread of its own. */
export function renderApart(bytes: Uint8Array, index: number, dpi?: number): Promise<Drawn> {
  return new Promise((resolve, reject) => {
    const thread = threads.find((t) => !t.busy) ?? startThread();
    thread.busy = { resolve, reject };
    // A page being drawn keeps the process alive; an idle thread does not.
    thread.worker.ref();
    thread.worker.postMessage({ bytes, index, ...(dpi ? { dpi } : {}) } satisfies RenderRequest);
  });
}
