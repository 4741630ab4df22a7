// The thread an OCR worker runs in: tesseract.js's own worker script, started at a lower scheduling priority. OCR
// is batch work of many seconds a page; verifications, webhooks and the API on the same cores answer people
// waiting. Under contention the kernel now gives the cores to them first, and OCR still has every idle cycle
// (issue 40 item 4: jobs beside ten extractions measured 0.63 to 0.70 of jobs alone on two cores at the same
// priority). On Linux a nice value is a thread's own (setpriority of 0 is the calling thread), so only this thread
// yields: the process's other threads keep theirs. Plain JavaScript: a worker thread has no TypeScript loader.
'use strict';
const os = require('node:os');
const path = require('node:path');

/** Nice 10: about a tenth of a core's share against one busy thread at the default priority. */
const OCR_NICE = 10;

try {
  os.setPriority(0, OCR_NICE);
} catch {
  // A platform or sandbox that refuses leaves the thread at its priority: slower verifications, not a failure.
}
require(path.join(path.dirname(require.resolve('tesseract.js')), 'worker-script', 'node', 'index.js'));
