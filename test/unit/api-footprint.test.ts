// What an API process carries: the service's composition root must not load the extraction stack (pdf.js, whose
// legacy build also brings tens of megabytes of polyfills), the Temporal worker, or engine clients the
// configuration did not pick. Their heap would be walked by every garbage collection of the request path.
import { execFileSync } from 'node:child_process';
import { expect, it } from 'vitest';
import { fromRoot } from '../../infra/paths.js';

it('loads neither pdf.js, the Temporal worker nor the EventStoreDB client with the composition root', () => {
  const script = `
    import { createRequire } from 'node:module';
    await import('./bin/service.ts');
    const loaded = Object.keys(createRequire(import.meta.url).cache);
    const has = (name) => loaded.some((file) => file.includes('/node_modules/' + name + '/'));
    console.log(JSON.stringify({
      pdfjs: 'pdfjsLib' in globalThis,
      temporalWorker: has('@temporalio/worker'),
      eventStoreDb: has('@eventstore/db-client'),
      temporalClient: has('@temporalio/client'),
    }));`;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: fromRoot(),
    encoding: 'utf8',
  });
  // The client is what the API does need: it shows the check sees CommonJS packages at all.
  expect(JSON.parse(out)).toEqual({ pdfjs: false, temporalWorker: false, eventStoreDb: false, temporalClient: true });
});
