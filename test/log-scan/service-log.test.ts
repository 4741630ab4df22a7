// Runs last (vitest.config.ts, group 2): reads what every service started in process by the run logged
// (test/support/context.ts writes it to PVS_TEST_LOG_DIR, at debug) and finds no key, secret, e-mail address,
// link token or policy number of the tests in it (docs/architecture.md#operations, #personal-data).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runsWhere } from '../support/ci.js';

const dir = process.env.PVS_TEST_LOG_DIR ?? '';
const files = dir ? readdirSync(dir).filter((name) => name.endsWith('.log')) : [];

/** The policy numbers the tests send (8 characters or more, with a digit): none may be logged. */
function policyNumbersOfTheTests(): Set<string> {
  const root = new URL('../', import.meta.url).pathname;
  const numbers = new Set<string>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.ts')) {
        for (const match of readFileSync(file, 'utf8').matchAll(/policy_number:\s*'([^'\\]{8,40})'/g)) {
          if (/\d/.test(match[1]!)) numbers.add(match[1]!);
        }
      }
    }
  };
  walk(root);
  return numbers;
}

const PATTERNS: [string, RegExp][] = [
  ['an API key', /pk_(?:live|test)_[A-Za-z0-9]{20,}/],
  ['a webhook secret', /whsec_[A-Za-z0-9+/=]{16,}/],
  ['an e-mail address', /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/],
  ['a link token', /token=[A-Za-z0-9_-]{16,}/],
  ['a bearer token', /bearer\s+(?!\[redacted\])\S{8,}/i],
];

// Runs when the run captured its log, and always in CI, where capturing nothing is itself the failure.
describe.runIf(runsWhere(files.length > 0))('the log of the whole run', () => {
  const lines = files.flatMap((name) => readFileSync(path.join(dir, name), 'utf8').split('\n').filter(Boolean));

  it('was captured', () => {
    expect(files.length, `log files under PVS_TEST_LOG_DIR (${dir || 'unset'})`).toBeGreaterThan(0);
    expect(lines.some((line) => line.includes('"msg":"request"'))).toBe(true);
  });

  it('holds no key, secret, e-mail address or link token', () => {
    for (const [what, pattern] of PATTERNS) {
      const found = lines.find((line) => pattern.test(line));
      expect(found, `${what} in the log`).toBeUndefined();
    }
  });

  it('holds no policy number the tests sent', () => {
    const numbers = policyNumbersOfTheTests();
    expect(numbers.size).toBeGreaterThan(10);
    for (const number of numbers) {
      const found = lines.find((line) => line.includes(number));
      expect(found, `policy number ${number} in the log`).toBeUndefined();
    }
  });
});
