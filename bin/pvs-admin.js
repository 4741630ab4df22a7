#!/usr/bin/env node
// `npx pvs-admin <command>`: the operator's CLI (bin/admin.ts) as a command of its own, so that its stdout holds
// only the admin API's JSON (`npm run admin` prints npm's banner there first). The TypeScript is loaded through
// tsx, as the npm scripts load it.
import { register } from 'tsx/esm/api';

register();
await import('./admin.ts');
