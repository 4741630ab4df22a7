import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../infra/config.js';

describe('configuration', () => {
  it('has defaults for a fresh machine', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe(path.resolve('.data'));
    expect(config.PUBLIC_BASE_URL).toBe('http://localhost:3000');
    expect(config.TEMPORAL_NAMESPACE).toBe('default');
    expect(config.WEBHOOK_ALLOWLIST).toEqual([]);
    expect(config.LOG_LEVEL).toBe('info');
    expect(config.embedded).toBe(true);
  });

  it('reads every variable and treats empty values as unset', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u@db:5432/app',
      EVENTSTORE_URL: 'esdb://es:2113?tls=false',
      TEMPORAL_ADDRESS: 'temporal:7233',
      REDIS_URL: 'redis://cache:6379',
      SMTP_URL: 'smtp://mail:25',
      PUBLIC_BASE_URL: 'https://api.example.com/',
      WEBHOOK_ALLOWLIST: '127.0.0.1:9000, Receiver.local:443',
      ADMIN_TOKEN: '',
      LOG_LEVEL: 'debug',
    });
    expect(config.PORT).toBe(8080);
    expect(config.embedded).toBe(false);
    expect(config.PUBLIC_BASE_URL).toBe('https://api.example.com');
    expect(config.WEBHOOK_ALLOWLIST).toEqual(['127.0.0.1:9000', 'receiver.local:443']);
    expect(config.ADMIN_TOKEN).toBeUndefined();
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://db/app'],
    ['EVENTSTORE_URL', 'http://es:2113'],
    ['TEMPORAL_ADDRESS', 'temporal'],
    ['REDIS_URL', 'not a url'],
    ['SMTP_URL', 'http://mail'],
    ['PUBLIC_BASE_URL', 'ftp://x'],
    ['ADMIN_TOKEN', 'short'],
    ['KEY_PEPPER', 'short'],
    ['WEBHOOK_ALLOWLIST', 'no-port'],
    ['LOG_LEVEL', 'loud'],
  ])('refuses a bad %s and names it', (variable, value) => {
    let error: unknown;
    try {
      loadConfig({ [variable]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toContain(`${variable}:`);
    expect((error as ConfigError).issues.map((i) => i.variable)).toEqual([variable]);
  });
});
