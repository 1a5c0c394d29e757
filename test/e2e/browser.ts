/** Debian's Chromium driven by playwright-core, with the flags this closed network needs. */
import { chromium, type Browser, type ConsoleMessage, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

/**
 * Stores a 'decline' choice before any page script runs, so the cookie dialog (a modal that
 * makes the page inert) stays closed in tests that are not about it. A stored choice is kept.
 */
export function presetConsent(): void {
  try {
    if (localStorage.getItem('consent') !== null) return;
    localStorage.setItem('consent', 'set');
    for (const flag of ['ad_user_data', 'ad_storage', 'analytics_storage', 'ad_personalization']) localStorage.setItem(`consent_${flag}`, 'false');
  } catch {
    // about:blank and opaque origins have no storage
  }
}

let visitors = 0;
/** This test file's own block of addresses: two files never share a visitor's network. */
const fileBlock = Math.floor(Math.random() * 0xffff).toString(16);

/**
 * Each context is another visitor, with a network of its own (an IPv6 /64 from the
 * documentation range 2001:db8::/32, one block per test file). Behind `wrangler dev` every
 * request would otherwise come from 127.0.0.1, and the limits per visitor (form posts, mails
 * to typed addresses, counted per network for a day) would count the whole suite as one
 * person. Tests about those limits set the address themselves.
 */
function visitorHeaders(extra: Record<string, string> | undefined): Record<string, string> {
  visitors++;
  return { 'CF-Connecting-IP': `2001:db8:${fileBlock}:${visitors.toString(16)}::1`, ...extra };
}

/**
 * Makes an open page another visitor of `origin`: a network of its own, no cookies, nothing in
 * the site's storage (the cookie choice is set again by presetConsent on the next page).
 * Opening a page costs Chromium about a second of CPU on these machines and navigating an
 * open one about a third of that, so files with many short cases keep one page.
 */
export async function asNewVisitor(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/robots.txt`);
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.context().clearCookies();
  await page.setExtraHTTPHeaders(visitorHeaders(undefined));
}

/**
 * Chromium with the flags this closed network needs. Its pages and contexts come with the
 * cookie choice already made (presetConsent) and a visitor address of their own;
 * `{ askConsent: true }` leaves the dialog to the test.
 */
export async function launchBrowser(options: { askConsent?: boolean } = {}): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
  });
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = async (contextOptions) => {
    const context = await newContext({ ...contextOptions, extraHTTPHeaders: visitorHeaders(contextOptions?.extraHTTPHeaders) });
    if (!options.askConsent) await context.addInitScript(presetConsent);
    return context;
  };
  browser.newPage = async (pageOptions) => {
    const page = await newPage({ ...pageOptions, extraHTTPHeaders: visitorHeaders(pageOptions?.extraHTTPHeaders) });
    if (!options.askConsent) await page.addInitScript(presetConsent);
    return page;
  };
  return browser;
}

/**
 * Collects what a page reports that a visitor would never want: errors and hydration warnings.
 * `stop()` ends the watch, for a page that goes on to another case.
 */
export function watchConsole(page: Page): string[] & { stop(): void } {
  const problems: string[] = [];
  const onError = (error: Error) => problems.push(`pageerror: ${error.message}`);
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() === 'error' || /hydrat/i.test(message.text())) problems.push(`${message.type()}: ${message.text()}`);
  };
  page.on('pageerror', onError);
  page.on('console', onConsole);
  // Not enumerable: the list is compared with `toEqual([])`, which would see an own property.
  Object.defineProperty(problems, 'stop', {
    value: () => {
      page.off('pageerror', onError);
      page.off('console', onConsole);
    },
  });
  return problems as string[] & { stop(): void };
}

/**
 * Scrolls to `y` and resolves once the page has handled it: after the scroll event and two
 * animation frames (observers and scroll handlers have run by then). Tests that then check
 * that something did NOT happen wait for this event rather than for an amount of time.
 */
export async function scrollAndSettle(page: Page, y: number): Promise<void> {
  await page.evaluate(
    (target) =>
      new Promise<void>((resolve) => {
        const settled = () => requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
        if (Math.round(window.scrollY) === Math.round(target)) return settled();
        window.addEventListener('scroll', settled, { once: true });
        window.scrollTo(0, target);
      }),
    y,
  );
}

/**
 * Where a test's screenshot goes: `test-results/screenshots/` (ignored), so a test run leaves
 * the work tree clean; `npm run screenshots` redraws the docs' pictures under
 * `docs/screenshots/` by the same tests when a screen changes.
 */
export function shot(relative: string): string {
  return `${process.env.DOCS_SCREENSHOTS === '1' ? 'docs/screenshots' : 'test-results/screenshots'}/${relative}`;
}

/**
 * The test file's browser: launched before its tests, closed after them. Every e2e file
 * starts with `const browser = useBrowser()`; the value stands for the browser once launched.
 */
export function useBrowser(options: { askConsent?: boolean } = {}): Browser {
  let launched: Browser | null = null;
  beforeAll(async () => {
    launched = await launchBrowser(options);
  });
  afterAll(async () => {
    await launched?.close();
  });
  return new Proxy({} as Browser, {
    get(_, key) {
      if (!launched) throw new Error('the browser is used before the file’s tests start');
      const value: unknown = Reflect.get(launched, key, launched);
      return typeof value === 'function' ? value.bind(launched) : value;
    },
  });
}
