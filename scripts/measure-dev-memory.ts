// What `npm run dev` holds in memory (issue 57, item 7): the dev process's resident set (its own, without the
// Temporal dev server, a child process of its own) once Ready and settled, then after one scanned PDF went
// through OCR. Runs bin/dev.ts as `npm run dev` does, on a fresh DATA_DIR and free ports; the numbers go into the
// README.
//   node --import tsx scripts/measure-dev-memory.ts
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import PDFDocument from 'pdfkit';
import { fromRoot } from '../infra/paths.js';
import { textImage } from '../test/support/extraction/images.js';

const SETTLE_MS = Number(process.env.SETTLE_MS ?? 15_000);

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** VmRSS and VmHWM (the peak) of a process, in MB. */
const memoryOf = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
};

/** The process's largest mappings by resident size (MEMORY_MAPS=1): where the memory is, by kind. */
function largestMappings(pid: number, count = 12): string[] {
  const maps: { name: string; rss: number }[] = [];
  let current: { name: string; rss: number } | null = null;
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) maps.push((current = { name: head[1] || '[anonymous]', rss: 0 }));
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && current) current.rss += Number(rss[1]);
  }
  const byName = new Map<string, number>();
  for (const m of maps) byName.set(m.name, (byName.get(m.name) ?? 0) + m.rss);
  const sizes = maps
    .filter((m) => m.name === '[anonymous]')
    .map((m) => m.rss)
    .sort((a, b) => b - a);
  return [
    ...[...byName]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, kb]) => `  ${Math.round(kb / 1024)} MB ${name}`),
    `  largest anonymous mappings (MB): ${sizes
      .slice(0, count)
      .map((kb) => Math.round(kb / 1024))
      .join(', ')}`,
  ];
}

/** A one-page image-only PDF: a policy schedule as a scan, for the OCR path. */
async function scannedPdf(): Promise<Buffer> {
  const png = await textImage(
    [
      'Motor Insurance Certificate',
      'Insurer: AXA Insurance UK plc',
      'Policy number: AXK12345678',
      'Period of cover: 01/03/2026 to 28/02/2027',
      'Vehicle registration: AB12 CDE',
    ],
    { width: 1654, fontPx: 40 },
  );
  const pdf = new PDFDocument({ size: 'A4', margin: 0 });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => pdf.on('end', () => resolve(Buffer.concat(chunks))));
  pdf.image(png, 0, 0, { width: 595 });
  pdf.end();
  return done;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'pvs-dev-memory-'));
const [port, temporalPort, uiPort] = [await freePort(), await freePort(), await freePort()];
const child = spawn(process.execPath, ['--import', 'tsx', fromRoot('bin', 'dev.ts')], {
  cwd: fromRoot(),
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    TEMPORAL_DEV_PORT: String(temporalPort),
    TEMPORAL_UI_PORT: String(uiPort),
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const began = Date.now();
try {
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`npm run dev exited (${code}) before Ready`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (/Ready: /.test(line)) resolve();
    });
  });
  console.log(`Ready after ${Math.round((Date.now() - began) / 1000)} s; settling ${SETTLE_MS / 1000} s`);
  await sleep(SETTLE_MS);
  const afterStart = memoryOf(child.pid!);
  console.log(`after start: RSS ${afterStart.rss} MB (peak so far ${afterStart.peak} MB)`);
  if (process.env.MEMORY_MAPS) console.log(largestMappings(child.pid!).join('\n'));

  const base = `http://127.0.0.1:${port}`;
  const admin = readFileSync(path.join(dataDir, 'admin-token'), 'utf8').trim();
  const adminCall = async (route: string, body: unknown) => {
    const res = await fetch(base + route, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${route}: ${res.status} ${await res.text()}`);
    return (await res.json()) as Record<string, string>;
  };
  const { account_id } = await adminCall('/admin/accounts', { name: 'memory', plan: 'pro' });
  const { key } = await adminCall(`/admin/accounts/${account_id}/keys`, { mode: 'live' });
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await scannedPdf())], { type: 'application/pdf' }), 'scan.pdf');
  const headers = { authorization: `Bearer ${key}` };
  const submitted = (await (
    await fetch(`${base}/api/v1/documents/extract`, { method: 'POST', headers, body: form })
  ).json()) as { job_id: string };
  let job: { status: string; result?: { method?: string } } = { status: 'pending' };
  while (job.status === 'pending') {
    await sleep(500);
    job = (await (await fetch(`${base}/api/v1/jobs/${submitted.job_id}`, { headers })).json()) as typeof job;
  }
  console.log(`extraction ${job.status} (method ${job.result?.method ?? '-'}); settling ${SETTLE_MS / 1000} s`);
  await sleep(SETTLE_MS);
  const afterOcr = memoryOf(child.pid!);
  console.log(`after an OCR: RSS ${afterOcr.rss} MB (peak ${afterOcr.peak} MB)`);
} finally {
  child.kill('SIGINT');
  await new Promise((resolve) => child.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
