import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { Webhook } from 'standardwebhooks';

// A real webhook receiver for tests: it listens on a real socket, checks each callback's signature the way a
// customer would (with the standardwebhooks library) and remembers what it got.

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The secrets (by index in `secrets`) whose signature verified. */
  verifiedWith: number[];
  localAddress: string;
  /** SNI the client sent (TLS receivers only): a name, or false when none was sent. */
  servername: string | false | null;
}

export type Respond = (request: IncomingMessage, response: ServerResponse, received: ReceivedWebhook) => void;

export interface Receiver {
  port: number;
  origin: string;
  received: ReceivedWebhook[];
  close(): Promise<void>;
}

const defaultRespond: Respond = (_request, response, received) => {
  response.writeHead(received.verifiedWith.length > 0 ? 204 : 401).end();
};

export async function startReceiver(options: {
  host: string;
  port?: number;
  secrets: string[];
  tls?: { key: string | Buffer; cert: string | Buffer };
  respond?: Respond;
}): Promise<Receiver> {
  const received: ReceivedWebhook[] = [];
  const handler = (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = request.headers as Record<string, string>;
      const verifiedWith = options.secrets.flatMap((secret, index) => {
        try {
          new Webhook(secret).verify(body, headers, { jsonParse: false });
          return [index];
        } catch {
          return [];
        }
      });
      const socket = request.socket as TLSSocket;
      const entry: ReceivedWebhook = {
        path: request.url ?? '',
        headers: request.headers,
        body,
        verifiedWith,
        localAddress: socket.localAddress ?? '',
        servername: options.tls ? (socket.servername ?? false) : null,
      };
      received.push(entry);
      (options.respond ?? defaultRespond)(request, response, entry);
    });
  };
  const server = options.tls ? https.createServer(options.tls, handler) : http.createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    port,
    origin: `${options.tls ? 'https' : 'http'}://${host}:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
