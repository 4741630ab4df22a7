// Preloaded (node --import) into a process and, by Node, into each of its worker threads: any attempt to
// reach the network is reported on stderr and fails.
import net from 'node:net';
import { isMainThread } from 'node:worker_threads';
import { writeSync } from 'node:fs';

const refuse = (what) => {
  writeSync(2, `NETWORK ATTEMPT (${isMainThread ? 'main thread' : 'worker thread'}): ${what}\n`);
  throw new Error(`network access attempted: ${what}`);
};
globalThis.fetch = (input) => refuse(`fetch ${String(input?.url ?? input)}`);
const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...args) {
  // Node passes its normalised arguments as one array; a pipe path (local IPC, as tsx uses) is not the network.
  const first = Array.isArray(args[0]) ? args[0][0] : args[0];
  if (typeof first === 'string' || (first && typeof first === 'object' && 'path' in first))
    return connect.apply(this, args);
  return refuse(`socket ${JSON.stringify(first)}`);
};
