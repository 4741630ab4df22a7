// The codec server as the Temporal UI and CLI call it (api/admin/codec.ts): a history's payloads, sent to
// /codec/decode, read back as text.
import type protos from '@temporalio/proto';

type History = protos.temporal.api.history.v1.IHistory;

export type JsonPayload = { metadata: Record<string, string>; data: string };

/** Every payload of the history, in the codec protocol's JSON (base64). */
export function payloadsOf(history: History): JsonPayload[] {
  const found: JsonPayload[] = [];
  const walk = (value: unknown) => {
    if (!value || typeof value !== 'object' || ArrayBuffer.isView(value)) return;
    const record = value as Record<string, unknown>;
    if (record.metadata && typeof record.metadata === 'object' && ArrayBuffer.isView(record.data)) {
      found.push({
        metadata: Object.fromEntries(
          Object.entries(record.metadata as Record<string, Uint8Array>).map(([k, v]) => [
            k,
            Buffer.from(v).toString('base64'),
          ]),
        ),
        data: Buffer.from(record.data as Uint8Array).toString('base64'),
      });
      return;
    }
    for (const child of Object.values(record)) walk(child);
  };
  walk(history);
  return found;
}

export async function decode(base: string, payloads: JsonPayload[], headers: Record<string, string>) {
  const res = await fetch(`${base}/codec/decode`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-namespace': 'default', ...headers },
    body: JSON.stringify({ payloads }),
  });
  return { status: res.status, body: (await res.json()) as any };
}

export const decodedText = (body: { payloads: JsonPayload[] }) =>
  body.payloads.map((p) => Buffer.from(p.data, 'base64').toString('utf8')).join('\n');
