// Where a refresh gets a dataset's text: the bundled file, or a publisher's (or refresh) URL over HTTP.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DATA } from '../paths.js';

export const BUNDLED_DATASETS_DIR = path.join(DATA, 'datasets');

/** Well above the largest source file we know (the long-format World Bank files, about 0.6 MB). */
const MAX_BYTES = 32 * 1024 * 1024;

export async function readBundledFile(file: string, dir = BUNDLED_DATASETS_DIR): Promise<string> {
  return readFile(path.join(dir, file), 'utf8');
}

// Some publishers (the Bank of England's database among them) answer a client without a User-Agent with an
// error page; this one says who is asking.
const SOURCE_HEADERS = {
  accept: 'text/csv, application/json;q=0.9, text/plain;q=0.8, */*;q=0.5',
  'user-agent': 'policy-verification-service datasets refresh (Node.js fetch)',
};

export class SourceFetchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SourceFetchError';
  }
}

/**
 * GET the URL as text within `timeoutMs`; any failure (network, status, size) is a SourceFetchError. `cancel` (the
 * activity's cancellation) ends the request at once, rejecting with its reason.
 */
export async function fetchSourceText(url: string, timeoutMs: number, cancel?: AbortSignal): Promise<string> {
  cancel?.throwIfAborted();
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = cancel ? AbortSignal.any([timeout, cancel]) : timeout;
  let response: Response;
  try {
    response = await fetch(url, { signal, headers: SOURCE_HEADERS });
  } catch (error) {
    if (cancel?.aborted) throw cancel.reason;
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    const reason =
      (error as Error).name === 'TimeoutError'
        ? `no answer within ${timeoutMs} ms`
        : (cause ?? (error as Error).message);
    throw new SourceFetchError(`unreachable (${reason})`);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new SourceFetchError(`answered HTTP ${response.status}`);
  }
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_BYTES) {
    await response.body?.cancel().catch(() => undefined);
    throw new SourceFetchError(`too large (${declared} bytes)`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  try {
    for (let read = await reader?.read(); read && !read.done; read = await reader!.read()) {
      size += read.value.byteLength;
      if (size > MAX_BYTES) {
        await reader!.cancel().catch(() => undefined);
        throw new SourceFetchError(`too large (over ${MAX_BYTES} bytes)`);
      }
      chunks.push(read.value);
    }
  } catch (error) {
    if (error instanceof SourceFetchError) throw error;
    if (cancel?.aborted) throw cancel.reason;
    throw new SourceFetchError(
      `transfer failed (${(error as Error).name === 'TimeoutError' ? 'timed out' : (error as Error).message})`,
    );
  }
  return Buffer.concat(chunks).toString('utf8');
}
