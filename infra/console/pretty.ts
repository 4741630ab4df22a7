// Log lines for a person at a terminal: pino writes JSON (the redaction of infra/logger.ts has already run), and
// this destination prints each as one short line, `12:04:05 WARN  temporal  message  key=value …`. An error shows
// as its class and message; its stack is left to the JSON form (LOG_FORMAT=json), where a machine reads it.

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO ', 40: 'WARN ', 50: 'ERROR', 60: 'FATAL' };

/** Fields every line has, or that say nothing to a person at a terminal. */
const HIDDEN = new Set([
  ...['level', 'time', 'pid', 'hostname', 'name', 'msg', 'component', 'err', 'error', 'stack'],
  // The Temporal SDK's attributes of an activity's line: the message names what matters (the job, the attempt).
  ...['sdkComponent', 'taskQueue', 'activityType', 'workflowType', 'workflowId'],
]);
const MAX_FIELDS_LENGTH = 160;

type Line = Record<string, unknown> & { level?: number; time?: number; msg?: string };

const errorText = (value: unknown): string | null => {
  if (value === null || typeof value !== 'object') return typeof value === 'string' ? value : null;
  const { type, message } = value as { type?: unknown; message?: unknown };
  return [type, message].filter((part) => typeof part === 'string' && part !== '').join(': ') || null;
};

const valueText = (value: unknown): string => {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return /\s/.test(text) ? JSON.stringify(text) : text;
};

/** One JSON log line as a person reads it; null for a line that is not JSON (printed as it is). */
export function prettyLine(json: string): string | null {
  let line: Line;
  try {
    line = JSON.parse(json) as Line;
  } catch {
    return null;
  }
  const time = new Date(typeof line.time === 'number' ? line.time : Date.now()).toTimeString().slice(0, 8);
  const level = LEVELS[line.level ?? 30] ?? String(line.level);
  const who = typeof line.component === 'string' ? line.component : typeof line.name === 'string' ? line.name : '';
  const error = errorText(line.err ?? line.error);
  let fields = Object.entries(line)
    .filter(([key, value]) => !HIDDEN.has(key) && value !== undefined && value !== null)
    .map(([key, value]) => `${key}=${valueText(value)}`)
    .join(' ');
  if (fields.length > MAX_FIELDS_LENGTH) fields = `${fields.slice(0, MAX_FIELDS_LENGTH - 1)}…`;
  return [time, level, who.padEnd(9), line.msg ?? '', error ? `(${error})` : '', fields]
    .filter((part) => part !== '')
    .join('  ');
}

export interface PrettyOptions {
  /** Prints one finished line. */
  print(text: string): void;
  /** Lines a summary elsewhere on the console already tells (skipped). */
  skip?: (line: { msg?: string; level?: number }) => boolean;
}

/** A pino destination printing each line pretty. */
export function prettyDestination(options: PrettyOptions): { write(chunk: string): void } {
  return {
    write(chunk: string) {
      for (const json of chunk.split('\n')) {
        if (json === '') continue;
        if (options.skip) {
          try {
            if (options.skip(JSON.parse(json) as Line)) continue;
          } catch {
            // not JSON: printed as it is below
          }
        }
        options.print(prettyLine(json) ?? json);
      }
    },
  };
}
