// The pages of an extracted document drawn for a person (issue 56): after the job completes, each page is drawn at
// a modest resolution (pdf.js, in a thread of its own as for OCR) and kept sealed with the job
// (infra/page-images.ts), for the dashboard's job page to show the fields' boxes on. Best effort: a page that
// cannot be drawn is left out, and the job's result never waits on it.
import { Context } from '@temporalio/activity';
import type { BlobStore } from '../infra/blobs.js';
import type { Logger } from '../infra/logger.js';
import type { PageImages } from '../infra/page-images.js';
import { MAX_PAGES } from '../infra/pdf/limits.js';
import { renderApart } from '../infra/pdf/render-apart.js';
import { jobStream } from '../domain/jobs/job.js';

/** Enough to read a policy schedule on a laptop's screen and to zoom once, at some 60 to 120 KB a page. */
export const VIEW_DPI = 110;

export interface PageImageDeps {
  blobs: BlobStore;
  pageImages: PageImages;
  logger: Logger;
}

export function pageImageActivities(deps: PageImageDeps) {
  const log = deps.logger.child({ component: 'page-images' });
  return {
    /** Draws the document's pages (at most MAX_PAGES) and stores them under the job; pages already stored are kept. */
    async drawPages(input: { jobId: string; accountId: string; blobId: string; pages: number }): Promise<number> {
      const stream = jobStream(input.jobId);
      const done = new Set((await deps.pageImages.list(stream)).map((p) => p.page));
      const bytes = await deps.blobs.get(input.blobId);
      let drawn = 0;
      for (let index = 0; index < Math.min(input.pages, MAX_PAGES); index++) {
        if (done.has(index + 1)) continue;
        try {
          const { png, width, height } = await renderApart(bytes, index, VIEW_DPI);
          await deps.pageImages.put({ stream, accountId: input.accountId }, index + 1, { png, width, height });
          drawn++;
        } catch (error) {
          log.warn({ job: input.jobId, page: index + 1, error: (error as Error).name }, 'page not drawn');
        }
        Context.current().heartbeat(index);
      }
      return drawn;
    },
  };
}

export type PageImageActivities = ReturnType<typeof pageImageActivities>;
