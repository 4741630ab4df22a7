// Code the docs show, in one place: the pages print it and test/integration/webhook-snippets.test.ts runs it, so
// a snippet that stops working fails the suite rather than a reader.
import { KEY_PLACEHOLDER } from './samples.js';

/**
 * Verifies a Standard Webhooks callback in Node.js with the standard library. Reads the secret from
 * WEBHOOK_SECRET, the headers from the HTTP request; answers true or false.
 */
export const NODE_VERIFY = `import { createHmac, timingSafeEqual } from 'node:crypto';

// secret: your whsec_… signing secret (shown with your first key; a new one from dashboard → Webhooks → Rotate)
// headers: the request's headers; body: the raw request body, as received (a string)
export function verifyWebhook(secret, headers, body, toleranceSeconds = 300) {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (!id || !timestamp || !signatures) return false;
  // Refuse old or future messages: a replayed callback is as bad as a forged one.
  const age = Math.abs(Date.now() / 1000 - Number(timestamp));
  if (!(age <= toleranceSeconds)) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(\`\${id}.\${timestamp}.\${body}\`).digest();
  // During a secret rotation the header carries one signature per secret: any one may match.
  return signatures.split(' ').some((entry) => {
    const [version, signature] = entry.split(',');
    const given = Buffer.from(signature ?? '', 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}
`;

/** The same check in Python 3 with the standard library. */
export const PYTHON_VERIFY = `import base64, hashlib, hmac, time

# secret: your whsec_… signing secret (shown with your first key; a new one from dashboard → Webhooks → Rotate)
# headers: the request's headers (lower-case names); body: the raw request body, as received (bytes)
def verify_webhook(secret, headers, body, tolerance_seconds=300):
    msg_id = headers.get("webhook-id")
    timestamp = headers.get("webhook-timestamp")
    signatures = headers.get("webhook-signature")
    if not msg_id or not timestamp or not signatures:
        return False
    # Refuse old or future messages: a replayed callback is as bad as a forged one.
    try:
        if abs(time.time() - int(timestamp)) > tolerance_seconds:
            return False
    except ValueError:
        return False
    key = base64.b64decode(secret.removeprefix("whsec_"))
    signed = msg_id.encode() + b"." + timestamp.encode() + b"." + body
    expected = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()
    # During a secret rotation the header carries one signature per secret: any one may match.
    for entry in signatures.split(" "):
        version, _, signature = entry.partition(",")
        if version == "v1" and hmac.compare_digest(signature, expected):
            return True
    return False
`;

/**
 * The first calls of the quick start, at the service's own base URL (as the reference's samples), with the key
 * placeholder the page's script replaces with the reader's test key when this browser session holds one.
 */
export const curlVerify = (base: string) => `curl ${base}/api/v1/verify \\
  -H "Authorization: Bearer ${KEY_PLACEHOLDER}" \\
  -H "Content-Type: application/json" \\
  -d '{"policy_number": "AXK12345678", "country": "UK", "insurance_type": "motor", "provider": "AXA"}'`;

export const curlAsync = (base: string) => `curl ${base}/api/v1/verify/async \\
  -H "Authorization: Bearer ${KEY_PLACEHOLDER}" \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: 7f3c2a9e-order-1042" \\
  -d '{"policy_number": "AXK12345678", "country": "UK", "insurance_type": "motor",
       "provider": "AXA", "webhook_url": "https://example.com/hooks/policies"}'`;

export const curlJob = (base: string) =>
  `curl ${base}/api/v1/jobs/JOB_ID -H "Authorization: Bearer ${KEY_PLACEHOLDER}"`;

/** A public route: no key. */
export const curlSeriesCsv = (base: string) =>
  `curl "${base}/api/v1/datasets/uk-cpi-index/series?units=pc1&frequency=quarterly&format=csv"`;

export const CALLBACK_EXAMPLE = `POST /hooks/policies HTTP/1.1
content-type: application/json
webhook-id: 0f6b3c52-4d1e-4c8e-9a51-2b7e4a61c0d9
webhook-timestamp: 1767225600
webhook-signature: v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=

{"type": "verification.completed", "timestamp": "2026-01-01T00:00:00.000Z",
 "data": {"job_id": "0f6b3c52-…", "type": "verification", "status": "complete", "result": {…}, …}}`;
