// Run by the OCR pool test in a child process whose fetch and sockets are blocked (see network-guard.mjs) and
// whose TMPDIR is empty: moves into an empty working directory (argv[3]), creates a pool, reads one image
// (argv[2]), closes the pool, and prints what it read as JSON.
import { readFile } from 'node:fs/promises';
import { createOcrPool } from '../../../infra/ocr/pool.js';

const image = await readFile(process.argv[2]!);
process.chdir(process.argv[3]!);
const pool = await createOcrPool({ size: 1 });
const result = await pool.recognize(image);
await pool.close();
process.stdout.write(
  JSON.stringify({ text: result.text, confidence: result.confidence, threads: pool.stats().threads }) + '\n',
);
