// Runs inside a private network namespace (see test/integration/webhook-pinning.test.ts), where the test has
// put public addresses on the loopback interface. There a real HTTPS receiver can sit on a *public* address,
// so the delivery path that customers get (https, no allowlist, SNI, every address checked, the socket pinned)
// runs end to end over real sockets without any packet leaving the machine.
//
// Prints one JSON object: what each scenario returned and what each receiver got.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deliverWebhook, type DeliveryOutcome } from '../../infra/webhooks/deliver.js';
import type { LookupFn } from '../../infra/webhooks/resolve.js';
import { startReceiver, type Receiver } from './webhook-receiver.js';

export const NETNS_PUBLIC_V4 = '8.8.8.8';
export const NETNS_PUBLIC_V6 = '2001:4860:4860::8888';
export const NETNS_HOST = 'hooks.example.com';

export interface NetnsScenarioResult {
  outcome: DeliveryOutcome;
  lookups: number;
  received: { receiver: string; host: string; servername: string | false | null; verified: boolean }[];
}

async function main() {
  const dir = process.env.WEBHOOK_TLS_DIR!;
  const secret = process.env.WEBHOOK_SECRET!;
  const tls = { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) };
  const receivers: Record<string, Receiver> = {
    public4: await startReceiver({ host: NETNS_PUBLIC_V4, port: 443, secrets: [secret], tls }),
    public6: await startReceiver({ host: NETNS_PUBLIC_V6, port: 443, secrets: [secret], tls }),
    private: await startReceiver({ host: '127.0.0.1', port: 443, secrets: [secret], tls }),
  };

  const body = JSON.stringify({ type: 'verification.completed', data: { job_id: 'netns' } });
  const run = async (url: string, answers: { address: string; family: number }[][]): Promise<NetnsScenarioResult> => {
    for (const receiver of Object.values(receivers)) receiver.received.length = 0;
    let lookups = 0;
    // Answers in turn, the last one repeating: a rebinding resolver changes its answer after the first query.
    const lookup: LookupFn = async () => answers[Math.min(lookups++, answers.length - 1)]!;
    const outcome = await deliverWebhook(
      { url, id: 'msg-netns', timestamp: new Date(), body, secrets: [secret] },
      { allowlist: [], lookup, timeoutMs: 5_000 },
    );
    const received = Object.entries(receivers).flatMap(([name, receiver]) =>
      receiver.received.map((got) => ({
        receiver: name,
        host: String(got.headers.host),
        servername: got.servername,
        verified: got.verifiedWith.length > 0,
      })),
    );
    return { outcome, lookups, received };
  };

  const v4 = { address: NETNS_PUBLIC_V4, family: 4 };
  const v6 = { address: NETNS_PUBLIC_V6, family: 6 };
  const loopback = { address: '127.0.0.1', family: 4 };
  const results: Record<string, NetnsScenarioResult> = {
    public: await run(`https://${NETNS_HOST}/hook`, [[v4]]),
    rebinding: await run(`https://${NETNS_HOST}/hook`, [[v4], [loopback]]),
    ipv6: await run(`https://${NETNS_HOST}/hook`, [[v6]]),
    literal: await run(`https://${NETNS_PUBLIC_V4}/hook`, [[loopback]]),
    mixed: await run(`https://${NETNS_HOST}/hook`, [[v4, loopback]]),
    privateFirst: await run(`https://${NETNS_HOST}/hook`, [[loopback], [v4]]),
    wrongName: await run(`https://other.example.net/hook`, [[v4]]),
  };

  for (const receiver of Object.values(receivers)) await receiver.close();
  process.stdout.write(JSON.stringify(results));
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
