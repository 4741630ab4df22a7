// The Temporal server stopped: async, batch and extraction submissions answer 503 service_unavailable with
// Retry-After at once, nothing is charged and no document is kept; once the server is back (same port, same
// database file), they are accepted again and finish. The server is one of this test's own, so that stopping it
// harms no other test.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureTemporalBinary } from '../../infra/temporal/binary.js';
import { startDevServer, type DevServer, type DevServerOptions } from '../../infra/temporal/dev-server.js';
import { documentBlobId } from '../../api/documents.js';
import { makePdf } from '../support/extraction/bad-pdfs.js';
import { freePort } from '../support/net.js';
import { AXA, batchCompletes, batchOf, booksBalance, eventually, jobEnds, startStack, type Stack } from './support.js';
import { runsWhere } from '../support/ci.js';

const schedule = () =>
  makePdf({}, (pdf) => {
    pdf.fontSize(16).text('AXA Insurance UK plc').moveDown();
    pdf.fontSize(11).text('Motor Insurance Schedule');
    pdf.text('Policy number: AXK12345678');
    pdf.text('Period of insurance: 01/03/2026 to 28/02/2027');
  });

describe.runIf(runsWhere(process.env.DATABASE_URL))('the Temporal server stopped', () => {
  let options: DevServerOptions;
  let server: DevServer | null = null;
  let stack: Stack;

  beforeAll(async () => {
    const binary = await ensureTemporalBinary(process.env.TEMPORAL_CLI_PATH);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pvs-fault-temporal-'));
    options = { binary, port: await freePort(), uiPort: null, dbFilename: path.join(dir, 'temporal.db') };
    server = await startDevServer(options);
    stack = await startStack({ TEMPORAL_ADDRESS: server.address });
  });
  afterAll(async () => {
    await stack?.stop();
    await server?.stop();
  });

  it('refuses submissions with 503 and Retry-After, charges nothing, and accepts them again once it is back', async () => {
    const { key, accountId } = await stack.account(200);
    const extract = async (pdf: Buffer) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'policy.pdf');
      const res = await fetch(`${stack.url}/api/v1/documents/extract`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}` },
        body: form,
      });
      return { status: res.status, body: (await res.json()) as any, headers: res.headers };
    };
    const pdf = await schedule();
    const submissions = () =>
      Promise.all([
        stack.call(key, 'POST', '/api/v1/verify/async', AXA),
        stack.call(key, 'POST', '/api/v1/verify/async', { ...AXA, document: pdf.toString('base64') }),
        stack.call(key, 'POST', '/api/v1/verify/batch', { policies: batchOf(20, 0) }),
        extract(pdf),
      ]);

    await server!.stop();
    server = null;
    const answers = await submissions();
    for (const answer of answers) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(503);
      expect(answer.body).toMatchObject({ error: 'service_unavailable', code: 503, message: expect.any(String) });
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Nothing charged or held, no document kept; the synchronous endpoint does not need Temporal.
    expect((await stack.admin('GET', `/admin/accounts/${accountId}/credits`)).body).toMatchObject({
      balance: 200,
      reserved: 0,
    });
    expect(await stack.blobs()).toEqual([]);
    expect((await stack.call(key, 'POST', '/api/v1/verify', AXA)).status).toBe(200);

    server = await startDevServer(options);
    // A worker gives up when the server is gone for long; the deployment's restart policy starts it again.
    await stack.revive();
    const [job, withDocument, batch, extraction] = await eventually('submissions accepted again', 60_000, async () => {
      const answers = await submissions();
      return answers.every((a) => a.status === 202) ? answers : undefined;
    });
    await jobEnds(stack, key, job!.body.job_id);
    await jobEnds(stack, key, withDocument!.body.job_id);
    await jobEnds(stack, key, extraction!.body.job_id);
    await batchCompletes(stack, key, batch!.body.batch_id, 20);
    // The two jobs sent the same PDF keep a document each (sealed under its own job's key) until retention erases it.
    expect(await stack.blobs()).toEqual(
      [withDocument!.body.job_id, extraction!.body.job_id].map((id: string) => documentBlobId(id)).sort(),
    );
    await booksBalance(stack, accountId);
  });
});
