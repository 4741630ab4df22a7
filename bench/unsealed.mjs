// Preloaded into a bench child (spawnChild's `preload`): the service without its payload seal, the baseline of
// bench/jobs.ts's codec ratio. The seal becomes the identity on the one module instance the service uses; nothing
// in the service itself can switch it off. Plain JavaScript: Node also preloads it into the SDK's workflow
// threads, where the TypeScript loader is not registered and there is no seal to undo.
import { isMainThread } from 'node:worker_threads';

if (isMainThread) {
  const { AesGcmPayloadCodec } = await import('../infra/temporal/payload-codec.ts');
  AesGcmPayloadCodec.prototype.encode = async (payloads) => payloads;
  AesGcmPayloadCodec.prototype.decode = async (payloads) => payloads;
}
