import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContextOptions, type Page, type Response } from 'playwright-core';

// Real Chromium (Debian's) through playwright-core, and what every page a browser test visits is checked for:
// axe-core run inside the page, a full-page screenshot kept under test-artifacts/, and no CSP violation.

export const ARTIFACTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test-artifacts');

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: string; html: string; summary: string }[];
}

/**
 * axe-core's violations on the page as it is now. The script is evaluated through the DevTools protocol, not
 * added as a <script> tag: the pages' CSP (script-src 'self') rightly refuses inline scripts, and turning the CSP
 * off for the test (bypassCSP) would hide the page's own violations from the test too.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  if (!loaded) await page.evaluate(`${AXE_SOURCE}\n;void 0`);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      helpUrl: v.helpUrl,
      nodes: v.nodes.map((n) => ({ target: n.target.join(' '), html: n.html, summary: n.failureSummary ?? '' })),
    }));
  });
}

const describe = (violations: AxeViolation[]) =>
  violations
    .map(
      (v) =>
        `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n` +
        v.nodes
          .map((n) => `    at ${n.target}\n      ${n.html}\n      ${n.summary.replace(/\n/g, '\n      ')}`)
          .join('\n'),
    )
    .join('\n');

/**
 * A browser page that remembers every CSP violation and console error it meets, for `checkPage`.
 */
export async function watchedPage(browser: Browser, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text()))
      problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return { context, page, problems };
}

const shot = new Map<string, number>();

/**
 * The checks of every page a test visits: a full-page screenshot kept as test-artifacts/<dir>/<name>.png, then
 * axe-core, failing on a serious or critical violation (all of them printed), and on any CSP violation so far.
 */
export async function checkPage(
  page: Page,
  name: string,
  options: { dir?: string; problems?: string[] } = {},
): Promise<void> {
  const dir = path.join(ARTIFACTS, options.dir ?? 'portal');
  mkdirSync(dir, { recursive: true });
  const seen = shot.get(name) ?? 0;
  shot.set(name, seen + 1);
  const file = path.join(dir, `${seen === 0 ? name : `${name}-${seen + 1}`}.png`);
  await page.screenshot({ path: file, fullPage: true });
  const violations = await axeViolations(page);
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (violations.length > blocking.length) {
    console.warn(
      `axe on ${name} (${page.url()}), minor or moderate:\n${describe(violations.filter((v) => !blocking.includes(v)))}`,
    );
  }
  if (blocking.length > 0)
    throw new Error(`axe on ${name} (${page.url()}): serious or critical violations:\n${describe(blocking)}`);
  if (options.problems?.length) throw new Error(`${name} (${page.url()}): ${options.problems.join('\n')}`);
}

/**
 * Runs `action` (a click that submits a form, say) and answers the main frame's final response: after redirects,
 * the response of the page the browser shows.
 */
export async function navigation(page: Page, action: () => Promise<unknown>): Promise<Response> {
  const response = page.waitForResponse(
    (r) =>
      r.request().isNavigationRequest() && r.frame() === page.mainFrame() && (r.status() < 300 || r.status() >= 400),
  );
  await action();
  const final = await response;
  await page.waitForLoadState('load');
  return final;
}

/**
 * A watched page (see watchedPage) that also records failed requests, error answers, console errors and any
 * request to another origin than the service's, opened on `baseUrl + path`; the answer must be a 200.
 */
export async function visitStrict(
  browser: Browser,
  baseUrl: string,
  path: string,
  viewport?: { width: number; height: number },
  /** Cookies the browser holds before the visit (a dashboard session). */
  cookies: { name: string; value: string }[] = [],
  /** The browser's kind, e.g. a phone's touch screen: `{ hasTouch: true, isMobile: true }`. */
  device: BrowserContextOptions = {},
) {
  const watched = await watchedPage(browser, device);
  const { page, problems } = watched;
  if (viewport) await page.setViewportSize(viewport);
  if (cookies.length > 0) await watched.context.addCookies(cookies.map((c) => ({ ...c, url: baseUrl })));
  const origin = new URL(baseUrl).origin;
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith('data:')) problems.push(`request left the service: ${url}`);
  });
  page.on('requestfailed', (request) =>
    problems.push(`request failed: ${request.url()} ${request.failure()?.errorText}`),
  );
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()} for ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  const response = await page.goto(baseUrl + path, { waitUntil: 'load' });
  if (response?.status() !== 200) throw new Error(`${path}: HTTP ${response?.status()}`);
  return { ...watched, close: () => watched.context.close() };
}
