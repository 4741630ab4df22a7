#!/usr/bin/env node
// The `pvs-verify-ledger` command (package.json "bin"): runs bin/verify-ledger.ts through tsx, as the
// repository's other entry points run.
import process from 'node:process';
import { register } from 'tsx/esm/api';

register();
const { main } = await import('./verify-ledger.ts');
process.exitCode = main(process.argv.slice(2));
