import { once } from 'node:events';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

// A real SMTP receiver for tests: the service's nodemailer talks plain SMTP to it on a local port (no TLS, no
// AUTH), and each message is parsed the way a mail client would read it.

export interface ReceivedMail {
  /** The envelope's recipients (RCPT TO), lower-cased. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  parsed: ParsedMail;
}

export interface MailReceiver {
  port: number;
  /** smtp://127.0.0.1:port, for the service's SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /**
   * The next mail to `address` not taken before (by this function), waiting up to `timeoutMs` for it to arrive.
   * Each mail is taken once, so that a test that expects a second mail never gets the first one again.
   */
  next(address: string, timeoutMs?: number): Promise<ReceivedMail>;
  /** Mails to `address` received so far, taken or not. */
  to(address: string): ReceivedMail[];
  close(): Promise<void>;
}

/** A receiver on `port` (a free one when 0): a test may bring it up where a refusing or stalled server was. */
export async function startMailReceiver(port = 0): Promise<MailReceiver> {
  const received: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const listeners = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          received.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            parsed,
          });
          for (const listener of listeners) listener();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const { port: bound } = server.server.address() as AddressInfo;
  const addressedTo = (address: string) => (mail: ReceivedMail) => mail.to.includes(address.toLowerCase());

  return {
    port: bound,
    url: `smtp://127.0.0.1:${bound}`,
    received,
    to: (address) => received.filter(addressedTo(address)),
    next(address, timeoutMs = 10_000) {
      return new Promise<ReceivedMail>((resolve, reject) => {
        const look = () => {
          const mail = received.find((m) => addressedTo(address)(m) && !taken.has(m));
          if (!mail) return false;
          taken.add(mail);
          listeners.delete(look);
          clearTimeout(timer);
          resolve(mail);
          return true;
        };
        const timer = setTimeout(() => {
          listeners.delete(look);
          reject(new Error(`no new mail to ${address} within ${timeoutMs} ms (${received.length} received in all)`));
        }, timeoutMs);
        if (!look()) listeners.add(look);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The one link in a mail's text that starts with `prefix` (e.g. `${baseUrl}/portal/verify?token=`). */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const links = [...new Set(mail.text.match(/https?:\/\/\S+/g) ?? [])].filter((link) => link.startsWith(prefix));
  if (links.length !== 1)
    throw new Error(`expected one link starting with ${prefix} in the mail, found ${links.length}:\n${mail.text}`);
  return links[0]!;
}

/** A mail server that accepts connections on `port` and never says a word; it counts the connections. */
export async function stalledSmtpServer(port: number): Promise<{ connections(): number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('error', () => undefined);
  });
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  return {
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
