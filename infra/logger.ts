import { pino, type Logger } from 'pino';

export type { Logger };

// Keys, secrets and document bytes must never reach a log line, whatever a caller passes in.
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  '*.key',
  '*.token',
  '*.secret',
  '*.document',
  '*.password',
];

export function createLogger(level: string, name = 'policy-service'): Logger {
  return pino({ name, level, redact: { paths: REDACT, censor: '[redacted]' } });
}
