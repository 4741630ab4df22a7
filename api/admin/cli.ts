import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

const stdio: CliIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

export interface AdminTarget {
  apiUrl: string;
  token: string;
}

export function adminTarget(env: NodeJS.ProcessEnv): AdminTarget {
  const apiUrl = (env.API_URL ?? `http://localhost:${env.PORT ?? 3000}`).replace(/\/$/, '');
  const token =
    env.ADMIN_TOKEN ?? readFileSync(path.join(path.resolve(env.DATA_DIR ?? '.data'), 'admin-token'), 'utf8').trim();
  return { apiUrl, token };
}

const USAGE = `usage: npm run admin -- <command> [options]
Commands are added as the admin API grows; see README.md.`;

/** Returns the process exit code. */
export async function runAdminCli(argv: string[], _env: NodeJS.ProcessEnv, io: CliIo = stdio): Promise<number> {
  if (argv.length === 0 || argv[0] === 'help' || argv[0] === '--help') {
    io.out(USAGE);
    return argv.length === 0 ? 2 : 0;
  }
  io.err(`unknown command: ${argv.join(' ')}\n${USAGE}`);
  return 2;
}
