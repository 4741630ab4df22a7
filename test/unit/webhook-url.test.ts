import { describe, expect, it } from 'vitest';
import { nextTrySeconds } from '../../domain/webhooks/response.js';
import { checkWebhookUrl } from '../../domain/webhooks/url.js';

const ALLOW = ['127.0.0.1:8080', 'localhost:9000', '[::1]:8443', 'hooks.dev.test:80'];

describe('webhook URL checks', () => {
  // A developer's local receiver is refused twice over (http, then loopback): both refusals say the way past them.
  it.each(['http://127.0.0.1:9800/hook', 'https://127.0.0.1:9800/hook', 'https://localhost:9800/hook'])(
    'refuses %s naming WEBHOOK_ALLOWLIST',
    (url) => {
      const result = checkWebhookUrl(url, []);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.message).toMatch(/WEBHOOK_ALLOWLIST/);
    },
  );

  it.each([
    'https://hooks.example.com/callback',
    'https://hooks.example.com:8443/callback?token=abc',
    'https://hooks.example.com:443/x',
    'https://8.8.8.8/hook',
    'https://[2606:4700:4700::1111]/hook',
    'HTTPS://Hooks.Example.COM/Path',
    'https://hooks.example.com./trailing-dot',
  ])('accepts %s', (url) => {
    const result = checkWebhookUrl(url, []);
    expect(result).toMatchObject({ ok: true, allowlisted: false });
    if (result.ok) expect(result.url.href).toBe(new URL(url).href);
  });

  it.each([
    ['', 'not_a_url'],
    ['not a url', 'not_a_url'],
    ['/relative/path', 'not_a_url'],
    ['http://hooks.example.com/callback', 'not_https'],
    ['ftp://hooks.example.com/x', 'not_https'],
    ['javascript:alert(1)', 'not_https'],
    ['https://user:pass@hooks.example.com/x', 'credentials_in_url'],
    ['https://user@hooks.example.com/x', 'credentials_in_url'],
    ['https://hooks.example.com:22/x', 'bad_port'],
    ['https://hooks.example.com:25/x', 'bad_port'],
    ['https://hooks.example.com:80/x', 'bad_port'],
    ['https://hooks.example.com:0/x', 'bad_port'],
    ['https://127.0.0.1/x', 'private_address'],
    ['https://127.1/x', 'private_address'], // the URL parser's shorthand for 127.0.0.1
    ['https://0x7f000001/x', 'private_address'],
    ['https://2130706433/x', 'private_address'],
    ['https://10.0.0.5/x', 'private_address'],
    ['https://192.168.0.10/x', 'private_address'],
    ['https://169.254.169.254/latest/meta-data/', 'private_address'],
    ['https://100.64.1.1/x', 'private_address'],
    ['https://0.0.0.0/x', 'private_address'],
    ['https://224.0.0.1/x', 'private_address'],
    ['https://[::1]/x', 'private_address'],
    ['https://[::ffff:127.0.0.1]/x', 'private_address'],
    ['https://[::ffff:a9fe:a9fe]/x', 'private_address'],
    ['https://[fe80::1]/x', 'private_address'],
    ['https://[fd00::1]/x', 'private_address'],
    ['https://[64:ff9b::192.168.0.1]/x', 'private_address'],
    ['https://localhost/x', 'private_address'],
    ['https://api.localhost/x', 'private_address'],
    ['https://printer.local/x', 'private_address'],
    ['https://metadata.google.internal/x', 'private_address'],
    ['https://router.home.arpa/x', 'private_address'],
    ['https://metadata/x', 'bad_host'],
    ['https://' + 'a'.repeat(2040) + '.com/', 'too_long'],
  ])('refuses %s as %s', (url, problem) => {
    const result = checkWebhookUrl(url, []);
    expect(result).toMatchObject({ ok: false, problem });
    if (!result.ok) expect(result.message).toMatch(/^webhook_url /);
  });

  it('never echoes credentials in its message', () => {
    const result = checkWebhookUrl('https://alice:s3cret@hooks.example.com/x', []);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).not.toContain('s3cret');
  });

  it('lets allowlisted host:port entries use http and loopback', () => {
    expect(checkWebhookUrl('http://127.0.0.1:8080/hook', ALLOW)).toMatchObject({ ok: true, allowlisted: true });
    expect(checkWebhookUrl('https://127.0.0.1:8080/hook', ALLOW)).toMatchObject({ ok: true, allowlisted: true });
    expect(checkWebhookUrl('http://LOCALHOST:9000/', ALLOW)).toMatchObject({ ok: true, allowlisted: true });
    expect(checkWebhookUrl('http://[::1]:8443/', ALLOW)).toMatchObject({ ok: true, allowlisted: true });
    // The default port is written out when matching.
    expect(checkWebhookUrl('http://hooks.dev.test/', ALLOW)).toMatchObject({ ok: true, allowlisted: true });
  });

  it('matches the allowlist on host and port exactly', () => {
    expect(checkWebhookUrl('http://127.0.0.1:8081/hook', ALLOW)).toMatchObject({ ok: false, problem: 'not_https' });
    expect(checkWebhookUrl('https://127.0.0.1:8081/hook', ALLOW)).toMatchObject({
      ok: false,
      problem: 'private_address',
    });
    expect(checkWebhookUrl('http://127.0.0.2:8080/hook', ALLOW)).toMatchObject({ ok: false, problem: 'not_https' });
    expect(checkWebhookUrl('https://localhost/', ALLOW)).toMatchObject({ ok: false, problem: 'private_address' });
  });

  it('refuses credentials even on an allowlisted host', () => {
    expect(checkWebhookUrl('http://u:p@127.0.0.1:8080/', ALLOW)).toMatchObject({
      ok: false,
      problem: 'credentials_in_url',
    });
  });
});

describe('the next try of a failed callback', () => {
  const spacing = { initialMs: 10_000, coefficient: 2, maximumMs: 2 * 60 * 60 * 1000 };
  it('doubles from the first interval up to the maximum, unless the receiver said when', () => {
    expect([1, 2, 3, 4].map((attempt) => nextTrySeconds(attempt, spacing, null))).toEqual([10, 20, 40, 80]);
    expect(nextTrySeconds(20, spacing, null)).toBe(7200);
    expect(nextTrySeconds(3, spacing, 90)).toBe(90);
  });
});
