// The signature checks /docs/webhooks shows, run as a reader would copy them: the Node.js snippet imported as a
// module, the Python one run by python3. Each must accept a callback signed by the service's own signer (also
// during a secret rotation) and refuse a tampered body, a wrong secret and an old timestamp.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NODE_VERIFY, PYTHON_VERIFY } from '../../api/web/docs/snippets.js';
import { newWebhookSecret } from '../../infra/webhooks/secret.js';
import { signatureHeaders } from '../../infra/webhooks/sign.js';

type Headers = Record<string, string>;
type Verify = (secret: string, headers: Headers, body: string) => boolean | Promise<boolean>;

const dir = mkdtempSync(path.join(tmpdir(), 'snippets-'));
const secret = newWebhookSecret();
const previous = newWebhookSecret();
const body = JSON.stringify({
  type: 'verification.completed',
  timestamp: new Date().toISOString(),
  data: { job_id: 'j-1', status: 'complete' },
});
const signed = (secrets: string[], at = new Date(), text = body) =>
  ({ ...signatureHeaders(secrets, 'msg_2f1c', at, text) }) as Headers;

let node: Verify;
const python: Verify = (key, headers, text) => {
  const file = path.join(dir, 'verify.py');
  writeFileSync(
    file,
    `${PYTHON_VERIFY}\nimport json, sys\nargs = json.load(sys.stdin)\nprint("ok" if verify_webhook(args["secret"], args["headers"], args["body"].encode()) else "refused")\n`,
  );
  const run = spawnSync('python3', [file], {
    input: JSON.stringify({ secret: key, headers, body: text }),
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`python3 failed: ${run.stderr}`);
  return run.stdout.trim() === 'ok';
};

beforeAll(async () => {
  const file = path.join(dir, 'verify.mjs');
  writeFileSync(file, NODE_VERIFY);
  ({ verifyWebhook: node } = (await import(pathToFileURL(file).href)) as { verifyWebhook: Verify });
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each([
  ['Node.js', () => node],
  ['Python', () => python],
])('the %s snippet of /docs/webhooks', (_, verifier) => {
  const verify = (key: string, headers: Headers, text = body) => verifier()(key, headers, text);

  it('accepts a callback the service signed', async () => {
    expect(await verify(secret, signed([secret]))).toBe(true);
  });

  it('accepts it with either secret while the secret rotates', async () => {
    const headers = signed([secret, previous]);
    expect(headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(await verify(secret, headers)).toBe(true);
    expect(await verify(previous, headers)).toBe(true);
  });

  it('refuses a tampered body, another secret, an old timestamp and a missing header', async () => {
    const headers = signed([secret]);
    expect(await verify(secret, headers, body.replace('complete', 'failed'))).toBe(false);
    expect(await verify(newWebhookSecret(), headers)).toBe(false);
    expect(await verify(secret, signed([secret], new Date(Date.now() - 3_600_000)))).toBe(false);
    const { 'webhook-signature': _dropped, ...unsigned } = headers;
    expect(await verify(secret, unsigned)).toBe(false);
  });
});
