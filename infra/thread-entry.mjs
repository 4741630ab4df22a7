// The entry of the service's own worker threads (infra/pdf/render-apart.ts): imports the thread's module, after
// registering the TypeScript loader when the service runs from source (tsx, `npm run dev`, the tests), which a
// worker thread does not inherit. Built, the module is JavaScript and tsx is never loaded. Plain JavaScript, since
// nothing can load TypeScript before this runs.
import { workerData } from 'node:worker_threads';

if (workerData.fromSource) (await import('tsx/esm/api')).register();
await import(workerData.module);
