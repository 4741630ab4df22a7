import { createServer as createHttpServer, request, type RequestListener } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

/** A TCP port free right now on 127.0.0.1 (tests and benches start servers on it). */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** A GET that keeps the body as it came over the wire (`raw`; fetch would decode it first), and decoded (`body`). */
export function getOnTheWire(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; raw: Buffer; body: string }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const body = (
          encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw
        ).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, body });
      });
    })
      .on('error', reject)
      .end();
  });
}

/** Serves a request handler (an Express app) on a free loopback port: its base URL, and how to close it. */
export async function listenOnLoopback(handler: RequestListener): Promise<{ base: string; close(): Promise<void> }> {
  const server = createHttpServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
