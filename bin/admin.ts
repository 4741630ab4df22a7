// `npx pvs-admin <command>` (bin/pvs-admin.js), or `npm run -s admin -- <command>`: the operator's CLI. It talks to the running service's admin API
// (ADMIN_URL, else API_URL, else $DATA_DIR/admin-url, else http://localhost:$PORT; ADMIN_TOKEN, default read from
// $DATA_DIR/admin-token) and prints JSON.
import { runAdminCli } from '../api/admin/cli.js';

process.exitCode = await runAdminCli(process.argv.slice(2), process.env);
